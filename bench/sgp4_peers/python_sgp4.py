"""python3-sgp4's side of bench/sgp4_peers/run.sh.

Propagates the sets of WORKDIR/near.tle and deep.tle at the instants of WORKDIR/instants.txt
two ways and prints one JSON line per way and kind:
  "python3-sgp4 Satrec"       Satrec.sgp4(jd, fr), set by set, instant by instant
  "python3-sgp4 SatrecArray"  SatrecArray(sets).sgp4(jd array, fr array), the whole grid at once
Each repeats its grid until a second has passed (once at least). Whether the package has its C++
extension (sgp4.api.accelerated) is part of each line: without it, both ways run the
pure-Python propagator. Positions of every 50th set at the first instant go to
WORKDIR/sample-python3-sgp4.txt for the cross-check.

    /usr/bin/python3 bench/sgp4_peers/python_sgp4.py WORKDIR
"""
import json
import sys
import time

from sgp4.api import WGS72, Satrec, SatrecArray, accelerated, jday

try:
    import numpy
except ImportError:  # SatrecArray needs numpy: that way is then left out
    numpy = None

work = sys.argv[1]
with open(f"{work}/instants.txt") as f:
    instants = [int(line) for line in f if line.strip()]
julian = []
for seconds in instants:
    t = time.gmtime(seconds)
    jd, fr = jday(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
    julian.append((jd, fr))


def satrecs(kind):
    with open(f"{work}/{kind}.tle") as f:
        lines = f.read().split("\n")
    return [Satrec.twoline2rv(lines[i], lines[i + 1], WGS72) for i in range(0, len(lines) - 1, 2)]


def report(tool, kind, sets, propagations, seconds):
    print(json.dumps({"tool": tool, "kind": kind, "sets": sets, "propagations": propagations,
                      "seconds": seconds, "accelerated": bool(accelerated)}), flush=True)


def timed(tool, kind, sats, one_pass):
    """Runs one_pass() (the whole grid) until a second has passed, once at least; reports."""
    propagations = 0
    start = time.perf_counter()
    while True:
        one_pass()
        propagations += len(sats) * len(julian)
        elapsed = time.perf_counter() - start
        if elapsed >= 1.0:
            break
    report(tool, kind, len(sats), propagations, elapsed)


def time_loop(kind, sats):
    def one_pass():
        for sat in sats:
            for jd, fr in julian:
                sat.sgp4(jd, fr)
    timed("python3-sgp4 Satrec", kind, sats, one_pass)


def time_array(kind, sats):
    array = SatrecArray(sats)
    jd = numpy.array([j for j, _ in julian])
    fr = numpy.array([f for _, f in julian])
    timed("python3-sgp4 SatrecArray", kind, sats, lambda: array.sgp4(jd, fr))


sample = []
for kind in ("near", "deep"):
    sats = satrecs(kind)
    jd, fr = julian[0]
    for index in range(0, len(sats), 50):
        error, position, _ = sats[index].sgp4(jd, fr)
        if error == 0:
            sample.append(f"{kind} {index} {position[0]!r} {position[1]!r} {position[2]!r}")
    time_loop(kind, satrecs(kind))
    if numpy is not None:
        time_array(kind, satrecs(kind))
with open(f"{work}/sample-python3-sgp4.txt", "w") as f:
    f.write("\n".join(sample) + "\n")
