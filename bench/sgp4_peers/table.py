"""The table of bench/sgp4_peers/run.sh: propagations per second per core of each tool, the
median of its rounds, near-earth and deep-space apart, and gpq's rate (its faster way for that
kind) over each peer's; then how far each peer's positions are from gpq's on the sample (the
same sets at the same instant).

    python3 bench/sgp4_peers/table.py RESULTS.jsonl WORKDIR
"""
import json
import math
import statistics
import sys

results, work = sys.argv[1], sys.argv[2]
rates = {}
sets = {}
for line in open(results):
    row = json.loads(line)
    key = (row["tool"], row["kind"])
    rates.setdefault(key, []).append(row["propagations"] / row["seconds"])
    sets[row["kind"]] = row["sets"]

tools = []
for tool, _ in rates:
    if tool not in tools:
        tools.append(tool)
print(f"near-earth: {sets.get('near', 0)} sets, deep-space: {sets.get('deep', 0)} sets, "
      f"16 instants each; rounds per tool: {max(len(v) for v in rates.values())}")
print()
print(f"| {'tool':<26} | {'near-earth /s':>14} | {'gpq ×':>6} | {'deep-space /s':>14} | {'gpq ×':>6} |")
print(f"|{'-' * 28}|{'-' * 15}:|{'-' * 7}:|{'-' * 15}:|{'-' * 7}:|")
# gpq's ratios are those of its faster way for each kind (one call at a time, or in batches).
gpq = {}
for kind in ("near", "deep"):
    ours = [statistics.median(v) for (tool, k), v in rates.items()
            if k == kind and tool.startswith("gpq")]
    if ours:
        gpq[kind] = max(ours)
for tool in tools:
    cells = []
    for kind in ("near", "deep"):
        samples = rates.get((tool, kind))
        if not samples:
            cells += ["", ""]
            continue
        median = statistics.median(samples)
        ratio = "" if tool.startswith("gpq") else f"{gpq[kind] / median:.1f}"
        cells += [f"{median:,.0f}", ratio]
    print(f"| {tool:<26} | {cells[0]:>14} | {cells[1]:>6} | {cells[2]:>14} | {cells[3]:>6} |")


def sample(name):
    positions = {}
    try:
        for line in open(f"{work}/sample-{name}.txt"):
            kind, index, x, y, z = line.split()
            positions[(kind, int(index))] = (float(x), float(y), float(z))
    except FileNotFoundError:
        pass
    return positions


ours = sample("gpq")
print()
for peer in ("satellite.js", "python3-sgp4"):
    theirs = sample(peer)
    shared = [key for key in theirs if key in ours]
    if not shared:
        continue
    worst = max(math.dist(ours[key], theirs[key]) for key in shared)
    print(f"{peer}: {len(shared)} sampled positions, largest distance to gpq's {worst * 1e6:.3g} mm")
