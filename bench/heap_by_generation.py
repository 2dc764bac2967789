#!/usr/bin/python3
"""The live heap of `gpq serve` in each data generation, from heaptrack's massif output.

usage: heap_by_generation.py MASSIF_OUT START_FILE SYNC_TIMES_FILE
  START_FILE: the Unix time the server started; SYNC_TIMES_FILE: the Unix time each sync
  began, one a line. Each generation runs from one sync to the next.

Prints, per generation, the least, median and most bytes in use between its syncs: what a
generation leaves behind shows as a least (the floor between requests) that climbs from one
generation to the next. Ends with the floor's and the median's slope per generation (a
least-squares fit).
"""
import statistics
import sys


def snapshots(path):
    """(seconds since start, bytes in use) of every massif snapshot."""
    out, time = [], None
    for line in open(path):
        if line.startswith("time="):
            time = float(line[5:])
        elif line.startswith("mem_heap_B=") and time is not None:
            out.append((time, int(line[11:])))
    return out


def slope(values):
    n = len(values)
    if n < 2:
        return 0.0
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    sxx = sum((x - mean_x) ** 2 for x in range(n))
    return sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values)) / sxx


def main():
    snaps = snapshots(sys.argv[1])
    start = float(open(sys.argv[2]).read())
    syncs = [float(line) - start for line in open(sys.argv[3]) if line.strip()]
    bounds = list(zip(syncs, syncs[1:]))
    print("live heap per generation (MiB in use between one sync and the next):")
    print("| generation | from | to | least | median | most |")
    print("|---:|---:|---:|---:|---:|---:|")
    floors, medians = [], []
    for number, (begin, end) in enumerate(bounds, start=1):
        used = [b / 2**20 for t, b in snaps if begin <= t < end]
        if not used:
            continue
        floors.append(min(used))
        medians.append(statistics.median(used))
        print(f"| {number} | {begin:.0f} s | {end:.0f} s | {min(used):.1f} | "
              f"{statistics.median(used):.1f} | {max(used):.1f} |")
    print(f"per generation: least {slope(floors):+.2f} MiB, median {slope(medians):+.2f} MiB "
          f"(least-squares slopes over {len(floors)} generations)")


if __name__ == "__main__":
    main()
