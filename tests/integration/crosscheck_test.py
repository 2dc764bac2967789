"""Reads gpq's TLE, CSV and XML output with python-sgp4 and checks the elements
against the expected values given as JSON (argv[1]: directory with the files)."""
import json
import math
import sys

from sgp4 import omm
from sgp4.api import Satrec

DEG = math.pi / 180.0
directory = sys.argv[1]
expected = {e["NORAD_CAT_ID"]: e for e in json.load(open(directory + "/expected.json"))}
failures = []


def check(route, sat):
    e = expected[sat.satnum]
    pairs = [
        ("inclination", sat.inclo, e["INCLINATION"] * DEG, 1e-9),
        ("raan", sat.nodeo, e["RA_OF_ASC_NODE"] * DEG, 1e-9),
        ("argp", sat.argpo, e["ARG_OF_PERICENTER"] * DEG, 1e-9),
        ("mean anomaly", sat.mo, e["MEAN_ANOMALY"] * DEG, 1e-9),
        ("eccentricity", sat.ecco, e["ECCENTRICITY"], 1e-7),
        ("mean motion", sat.no_kozai, e["MEAN_MOTION"] * 2 * math.pi / 1440.0, 1e-11),
        ("bstar", sat.bstar, e["BSTAR"], 1e-9),
        ("epoch", sat.jdsatepoch + sat.jdsatepochF, e["JD"], 2e-8),
    ]
    for name, got, want, tolerance in pairs:
        if abs(got - want) > tolerance:
            failures.append("%s %d %s: got %r want %r" % (route, sat.satnum, name, got, want))
    return sat


positions = {}
for route in ("tle", "2le"):
    lines = [l for l in open("%s/sets.%s" % (directory, route)).read().splitlines() if l]
    step = 3 if route == "tle" else 2
    for i in range(0, len(lines), step):
        l1, l2 = lines[i + step - 2], lines[i + step - 1]
        sat = check(route, Satrec.twoline2rv(l1, l2))
        positions[(route, sat.satnum)] = sat.sgp4(sat.jdsatepoch + 1, sat.jdsatepochF)[1]

for route, parse in (("csv", omm.parse_csv), ("xml", omm.parse_xml)):
    with open("%s/sets.%s" % (directory, route)) as f:
        for fields in parse(f):
            sat = Satrec()
            omm.initialize(sat, fields)
            check(route, sat)
            positions[(route, sat.satnum)] = sat.sgp4(sat.jdsatepoch + 1, sat.jdsatepochF)[1]

for (route, satnum), r in positions.items():
    ref = positions[("tle", satnum)]
    distance = math.dist(r, ref)
    if distance > 0.01:  # km; TLE rounding of BSTAR/eccentricity stays far below this
        failures.append("%s %d: position differs from the TLE route by %.6f km" % (route, satnum, distance))

expected_count = len(expected)
for route in ("tle", "2le", "csv", "xml"):
    n = sum(1 for (r, _) in positions if r == route)
    if n != expected_count:
        failures.append("%s: read %d sets, expected %d" % (route, n, expected_count))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: %d sets in 4 formats" % expected_count)
