#!/usr/bin/python3
"""Whole-process latency of gpq queries against the sqlite3 shell running the equivalent
SQL on the same file, in the same run.

usage: bench/cli_latency.py GPQ_BINARY DATABASE [NORAD_ID] [RUNS] [--cold]

With --cold the database file is evicted from the kernel's page cache before every run
(posix_fadvise DONTNEED, which needs no privileges), so each run reads from the disk; the
binaries stay cached, as they would on a server.
"""
import os
import statistics
import subprocess
import sys
import time


def evict(path):
    for name in (path, path + "-wal"):
        if os.path.exists(name):
            fd = os.open(name, os.O_RDONLY)
            try:
                os.fdatasync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def median_ms(argv, runs, cold_db=None):
    if cold_db is None:
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)  # warm the page cache
    samples = []
    for _ in range(runs):
        if cold_db is not None:
            evict(cold_db)
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.99) - 1)]


def main():
    args = [a for a in sys.argv[1:] if a != "--cold"]
    cold = "--cold" in sys.argv[1:]
    gpq, db = args[0], args[1]
    norad = args[2] if len(args) > 2 else "25544"
    runs = int(args[3]) if len(args) > 3 else 200
    cold_db = db if cold else None
    label = "cold" if cold else "warm"
    # The row gpq reads: the object's newest set, kept whole in `latest`.
    latest_sql = "SELECT * FROM latest WHERE norad_id = %s ORDER BY source LIMIT 1" % norad
    ours = median_ms([gpq, "--db", db, "gp", norad, "--format", "tle"], runs, cold_db)
    base = median_ms(["sqlite3", "-readonly", db, latest_sql], runs, cold_db)
    print("%s: gpq gp %s --format tle: median %.2f ms, p99 %.2f ms" % (label, norad, *ours))
    print("%s: sqlite3 shell, same row:  median %.2f ms, p99 %.2f ms" % (label, *base))
    print("%s: ratio gpq / sqlite3: %.2f" % (label, ours[0] / base[0]))
    if cold:
        # The shell cannot decode blocks: its part is reading the blocks that hold the first
        # 500 sets (up to 64 each), as bytes.
        page_sql = ("SELECT norad_id, first_epoch_us, hex(sets) FROM set_block"
                    " WHERE norad_id = %s ORDER BY source, first_epoch_us LIMIT 9" % norad)
        ours = median_ms([gpq, "--db", db, "history", norad, "--per-page", "500",
                          "--format", "csv"], runs, cold_db)
        base = median_ms(["sqlite3", "-readonly", "-csv", db, page_sql], runs, cold_db)
        print("cold: gpq history %s --per-page 500 --format csv: median %.2f ms, p99 %.2f ms"
              % (norad, *ours))
        print("cold: sqlite3 shell, the blocks of those 500 sets, undecoded:  median %.2f ms, p99 %.2f ms" % base)
        print("cold: ratio gpq / sqlite3: %.2f" % (ours[0] / base[0]))


if __name__ == "__main__":
    main()
