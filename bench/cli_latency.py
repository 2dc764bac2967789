#!/usr/bin/python3
"""Whole-process latency of `gpq gp ID --format tle` against the sqlite3 shell
running the equivalent SQL on the same file, in the same run.

usage: bench/cli_latency.py GPQ_BINARY DATABASE [NORAD_ID] [RUNS]
"""
import statistics
import subprocess
import sys
import time


def median_ms(argv, runs):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)  # warm the page cache
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def main():
    gpq, db = sys.argv[1], sys.argv[2]
    norad = sys.argv[3] if len(sys.argv) > 3 else "25544"
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    sql = ("SELECT * FROM element_set WHERE norad_id = %s "
           "ORDER BY epoch_us DESC LIMIT 1" % norad)
    ours = median_ms([gpq, "--db", db, "gp", norad, "--format", "tle"], runs)
    base = median_ms(["sqlite3", "-readonly", db, sql], runs)
    print("gpq gp %s --format tle: median %.2f ms, p99 %.2f ms" % (norad, *ours))
    print("sqlite3 shell, same row:  median %.2f ms, p99 %.2f ms" % base)
    print("ratio gpq / sqlite3: %.2f" % (ours[0] / base[0]))


if __name__ == "__main__":
    main()
