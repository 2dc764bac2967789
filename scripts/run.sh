#!/usr/bin/env bash
# Sets up, builds, imports the data files at $GPQ_REAL_DATA (default ../shared/data)
# into a mirror, and answers a query from it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target gpq

data="${GPQ_REAL_DATA:-$(cd .. && pwd)/shared/data}"
export GPQ_DB="${GPQ_DB:-$PWD/build/gpq.db}"
./build/gpq sync --from "$data"
if (($# == 0)); then
  set -- gp 25544 --format tle
fi
./build/gpq "$@"
