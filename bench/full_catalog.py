#!/usr/bin/python3
"""A full on-orbit catalog as 3LE, for screening benchmarks: debris and rocket bodies included,
so that the density of the crowded shells is real.

Every object of Space-Track's on-orbit SATCAT (2025-03-15, shared/data/satcat) takes its real
set from Space-Track's whole-catalog 3LE snapshot of the same fortnight (shared/data/history/
spacetrack_snapshots, its newest set of each object); the snapshot's objects that the SATCAT
does not list (analyst objects) come too. An object of the SATCAT without a set gets one made
from its SATCAT row:
  - mean motion 1440 / PERIOD revolutions a day;
  - inclination INCLINATION;
  - eccentricity (ra - rp) / (ra + rp) with ra, rp = APOGEE, PERIGEE + 6378.135 km;
  - right ascension of the node, argument of perigee and mean anomaly drawn uniformly from
    [0, 360) degrees (seeded: the same file every time);
  - BSTAR and the mean motion's derivatives 0 (a week's drag changes nothing the screening's
    density depends on);
  - epoch 2025-03-15T12:00:00Z, the SATCAT's day.
Rows without a period, inclination, apogee or perigee are left out and counted on stderr.

usage: bench/full_catalog.py [OUT.3le]   (default: stdout); reads $GPQ_REAL_DATA.
"""

import json
import lzma
import os
import random
import sys

EARTH_RADIUS_KM = 6378.135
SYNTHETIC_EPOCH = "25074.50000000"  # 2025-03-15T12:00:00Z
SEED = 20250315


def checksum(line):
    total = 0
    for c in line:
        if c.isdigit():
            total += int(c)
        elif c == "-":
            total += 1
    return str(total % 10)


def real_sets(data):
    """The newest set of each object in the whole-catalog snapshot: {norad_id: (name, l1, l2)}."""
    path = os.path.join(data, "history/spacetrack_snapshots/snap_satcat_2025_03_03.txt.xz")
    with lzma.open(path, "rt", newline=None) as f:
        lines = [line.rstrip("\r\n") for line in f]
    sets = {}
    for i in range(0, len(lines) - 2, 3):
        name, l1, l2 = lines[i], lines[i + 1], lines[i + 2]
        if not (name.startswith("0 ") and l1.startswith("1 ") and l2.startswith("2 ")):
            raise SystemExit(f"full_catalog: unexpected 3LE at line {i + 1} of {path}")
        key = l1[2:7]
        epoch = float(l1[18:32])
        if key not in sets or epoch > sets[key][3]:
            sets[key] = (name[2:], l1, l2, epoch)
    return sets


def satcat(data):
    path = os.path.join(data, "satcat/spacetrack_satcat_current_2025-03-15T22-48-37.json.xz")
    with lzma.open(path, "rt") as f:
        return json.load(f)


def international_designator(text):
    """1958-002B -> 58002B"""
    if not text or len(text) < 9 or text[4] != "-":
        return ""
    return text[2:4] + text[5:]


def made_set(row, rng):
    norad_id = int(row["NORAD_CAT_ID"])
    period = float(row["PERIOD"])
    inclination = float(row["INCLINATION"])
    ra = float(row["APOGEE"]) + EARTH_RADIUS_KM
    rp = float(row["PERIGEE"]) + EARTH_RADIUS_KM
    eccentricity = max(0.0, min(0.9999999, (ra - rp) / (ra + rp)))
    l1 = "1 %05dU %-8s %s  .00000000  00000-0  00000-0 0  999" % (
        norad_id, international_designator(row.get("INTLDES")), SYNTHETIC_EPOCH)
    l2 = "2 %05d %8.4f %8.4f %07d %8.4f %8.4f %11.8f%5d" % (
        norad_id, inclination, rng.uniform(0, 360), round(eccentricity * 1e7),
        rng.uniform(0, 360), rng.uniform(0, 360), 1440.0 / period, 0)
    assert len(l1) == 68 and len(l2) == 68, (l1, l2)
    return row.get("OBJECT_NAME") or row.get("SATNAME") or "UNKNOWN", l1 + checksum(l1), \
        l2 + checksum(l2)


def main():
    data = os.environ.get("GPQ_REAL_DATA")
    if not data:
        raise SystemExit("full_catalog: set GPQ_REAL_DATA to shared/data")
    out = open(sys.argv[1], "w") if len(sys.argv) > 1 else sys.stdout
    rng = random.Random(SEED)
    sets = real_sets(data)
    real = made = unusable = 0
    listed = set()
    for row in sorted(satcat(data), key=lambda r: int(r["NORAD_CAT_ID"])):
        key = "%05d" % int(row["NORAD_CAT_ID"])
        listed.add(key)
        if key in sets:
            name, l1, l2, _ = sets[key]
            real += 1
        elif all(row.get(k) for k in ("PERIOD", "INCLINATION", "APOGEE", "PERIGEE")) and \
                float(row["PERIOD"]) > 0:
            name, l1, l2 = made_set(row, rng)
            made += 1
        else:
            unusable += 1
            continue
        out.write("0 %s\n%s\n%s\n" % (name, l1, l2))
    others = 0
    for key in sorted(k for k in sets if k not in listed):
        name, l1, l2, _ = sets[key]
        out.write("0 %s\n%s\n%s\n" % (name, l1, l2))
        others += 1
    print(f"full_catalog: {real} real sets, {made} made from SATCAT rows, {others} real sets of "
          f"objects the SATCAT does not list, {unusable} SATCAT rows without the fields to make "
          f"one; {real + made + others} objects", file=sys.stderr)


if __name__ == "__main__":
    main()
