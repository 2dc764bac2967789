#!/usr/bin/env bash
# SGP4 beside its peers in one run: gpq's propagator in process (build/bench/gpq_sgp4_grid),
# satellite.js (node: its sgp4() loop and its WebAssembly BulkPropagator) and python3-sgp4
# (/usr/bin/python3: Satrec.sgp4 set by set and SatrecArray.sgp4 over numpy arrays) propagate the
# same real sets (Space-Track's whole catalog of 2025-03-03 in $GPQ_REAL_DATA, split at SGP4's
# 225-minute period) at the same 16 instants, single-threaded, ROUNDS times each in turn; prints
# the medians, gpq's ratios, and how far each peer's positions are from gpq's.
#
#   bench/sgp4_peers/run.sh [BUILD_DIR] [ROUNDS]        (defaults: build, 5)
#
# Needs `npm ci` here first (scripts/setup.sh --bench does it) and python3-sgp4 (+ numpy).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-build}"
rounds="${2:-5}"
data="${GPQ_REAL_DATA:?set GPQ_REAL_DATA to the shared data directory}"
grid="$build/bench/gpq_sgp4_grid"
[[ -x $grid ]] || { echo "run.sh: $grid not built (cmake --build $build)" >&2; exit 2; }
[[ -d $here/node_modules/satellite.js ]] ||
  { echo "run.sh: satellite.js missing: npm ci --prefix $here" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
xz -dc "$data/history/spacetrack_snapshots/snap_satcat_2025_03_03.txt.xz" > "$work/catalog.3le"
"$grid" prepare "$work/catalog.3le" "$work"

echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "node $(node --version), satellite.js $(node -p "require('$here/node_modules/satellite.js/package.json').version"), $(/usr/bin/python3 -c 'import sgp4, sgp4.api; from importlib.metadata import version; print("python3-sgp4", version("sgp4"), "accelerated" if sgp4.api.accelerated else "pure Python (no C++ extension)")')"
for ((round = 1; round <= rounds; round++)); do
  "$grid" run "$work"
  node "$here/satellite.mjs" "$work"
  /usr/bin/python3 "$here/python_sgp4.py" "$work"
done > "$work/results.jsonl"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 "$here/table.py" "$work/results.jsonl" "$work"
