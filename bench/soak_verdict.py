#!/usr/bin/python3
"""The verdict of bench/soak: its figures as a table row, the slope of resident memory and the
ceiling, and exit 0 when the run passed.

The run passes with no 5xx, no connection error or timeout, no answer differing from the CLI,
descriptors within 10% plus the readers' pool of their first sample after the warm-up,
resident memory never above the ceiling of docs/SERVE.md ("Memory"), and, when the run lasts
30 minutes or more, a slope of resident memory after the warm-up at most 2 MiB per hour
(shorter runs cannot tell a slope that small from the samples' spread: theirs is printed, not
judged). The slope is a least-squares fit over every sample after the warm-up, printed with
its 95% interval.
"""
import argparse
import math
import sys

SLOPE_BOUND_MIB_PER_HOUR = 2.0
SHORTEST_JUDGED_MINUTES = 30


def ceiling_mib(threads, connections, objects, records):
    """docs/SERVE.md, "Memory": the server's resident memory ceiling, in MiB."""
    process = 16  # code, libraries, SQLite, the first reader: an idle server on an empty file
    replies = 16  # the reply cache's bound
    # The current index (0.45 KiB an object with sets, 0.3 KiB a catalog record): the one
    # kept, the one a new generation builds, one still held by a request in flight, and the
    # snapshot cache's members.
    index = 4 * (objects * 0.45 + records * 0.3) / 1024
    # Two readers (a snapshot's pass runs on two), each a 2 MiB page cache and its statements;
    # a stack; the answer being written.
    per_thread = 5.5
    per_connection = 0.15  # a connection's bytes not yet served: at most a 64 KiB head, a 64 KiB
    # body and one 16 KiB read
    return process + replies + index + threads * per_thread + connections * per_connection


def fit(points):
    """Least-squares slope of (hours, MiB) and its standard error."""
    n = len(points)
    mean_t = sum(t for t, _ in points) / n
    mean_m = sum(m for _, m in points) / n
    stt = sum((t - mean_t) ** 2 for t, _ in points)
    slope = sum((t - mean_t) * (m - mean_m) for t, m in points) / stt
    residual = sum((m - mean_m - slope * (t - mean_t)) ** 2 for t, m in points)
    error = math.sqrt(residual / (n - 2) / stt) if n > 2 else float("inf")
    return slope, error


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", required=True)
    parser.add_argument("--wrk", required=True)
    parser.add_argument("--mismatches", type=int, required=True)
    parser.add_argument("--minutes", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--connections", type=int, required=True)
    parser.add_argument("--objects", type=int, required=True)
    parser.add_argument("--records", type=int, required=True)
    args = parser.parse_args()

    rows = [list(map(int, line.split())) for line in open(args.samples) if line.strip()]
    if len(rows) < 4:
        print("soak: FAILED (fewer than four samples)")
        return 1
    # Warm-up: five minutes (a quarter of a run under 20 minutes), which see the first new
    # generations rebuild the caches and every worker fill its heap.
    warm_up = 300 if args.minutes >= 20 else args.minutes * 15
    warm = [r for r in rows if r[0] >= warm_up]
    if len(warm) < 4:
        warm = rows[len(rows) // 2:]
    fields = dict(kv.split("=") for kv in args.wrk.split()[1:])
    errors = sum(int(fields[k]) for k in ("connect_errors", "read_errors", "write_errors", "timeouts"))
    ceiling = ceiling_mib(args.threads, args.connections, args.objects, args.records)
    judged = args.minutes >= SHORTEST_JUDGED_MINUTES

    checks = []
    checks.append(("5xx", int(fields["s5xx"]) == 0))
    checks.append(("connection errors and timeouts", errors == 0))
    checks.append(("answers equal to the CLI's", args.mismatches == 0))
    fd0, fd_max = warm[0][2], max(r[2] for r in warm)
    checks.append(("descriptors", fd_max <= fd0 * 1.10 + 48))
    slopes = []
    for column, name in ((1, "server"), (3, "follower")):
        if len(warm[0]) <= column:
            continue
        points = [(r[0] / 3600, r[column] / 1024) for r in warm]
        slope, error = fit(points)
        peak = max(r[column] for r in rows) / 1024
        slopes.append((name, slope, error, points[0][1], peak))
        if judged:
            checks.append((f"{name} slope", slope <= SLOPE_BOUND_MIB_PER_HOUR))
    checks.append(("server ceiling", slopes[0][4] <= ceiling))

    total = int(fields["requests"])
    print("| minutes | requests | req/s | p50 | p99 | 200 | 400 | 401/403 | 404 | 429 | 5xx "
          "| connection errors, timeouts | RSS after warm-up → max | slope after warm-up (95%) "
          "| ceiling | descriptors | answers ≠ CLI |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---|---:|")
    name, slope, error, rss0, peak = slopes[0]
    print(f"| {args.minutes} | {total:,} | {total / (args.minutes * 60):,.0f} | {fields['p50_ms']} ms "
          f"| {fields['p99_ms']} ms | {int(fields['s200']):,} | {int(fields['s400']):,} "
          f"| {int(fields['s401']) + int(fields['other4xx']):,} | {int(fields['s404']):,} "
          f"| {int(fields['s429']):,} | {fields['s5xx']} | {errors} | {rss0:.0f} → {peak:.0f} MiB "
          f"| {slope:+.2f} ± {1.96 * error:.2f} MiB/h | {ceiling:.0f} MiB | {fd0} → {fd_max} "
          f"| {args.mismatches} of 50 |")
    for name, slope, error, rss0, peak in slopes:
        print(f"{name}: RSS {rss0:.1f} MiB after the warm-up ({warm[0][0]} s), peak {peak:.1f} MiB, "
              f"slope {slope:+.2f} MiB/h (95%: {slope - 1.96 * error:+.2f} to {slope + 1.96 * error:+.2f}) "
              f"over {len(warm)} samples" + ("" if judged else
              f"; not judged under {SHORTEST_JUDGED_MINUTES} minutes"))
    print(f"ceiling: {ceiling:.0f} MiB for {args.threads} threads, {args.connections} connections "
          f"and {args.objects:,} objects with {args.records:,} catalog records; slope bound {SLOPE_BOUND_MIB_PER_HOUR} MiB/h")
    failed = [name for name, ok in checks if not ok]
    print("soak: " + ("passed" if not failed else "FAILED: " + ", ".join(failed)))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
