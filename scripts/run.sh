#!/usr/bin/env bash
# Sets up, builds, fills the mirror, and serves it:
#   - imports the data files at $GPQ_REAL_DATA (default ../shared/data) when they exist,
#   - syncs from CelesTrak when GPQ_CELESTRAK_URL names a server (or with --sync: the real one),
#   - then answers a query (given as arguments, default: the ISS as TLE), or with --serve
#     creates an API key if there is none and runs `gpq serve` until Ctrl-C.
#
#   scripts/run.sh                        # import, print the ISS TLE
#   scripts/run.sh history 25544 --format csv
#   GPQ_CELESTRAK_URL=http://mirror.local scripts/run.sh --serve
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target gpq

data="${GPQ_REAL_DATA:-$(cd .. && pwd)/shared/data}"
export GPQ_DB="${GPQ_DB:-$PWD/build/gpq.db}"
gpq=./build/gpq

serve=0
upstream=0
[[ -n ${GPQ_CELESTRAK_URL:-} ]] && upstream=1
while [[ ${1:-} == --serve || ${1:-} == --sync ]]; do
  [[ $1 == --serve ]] && serve=1
  [[ $1 == --sync ]] && upstream=1
  shift
done

if [[ -d $data ]]; then
  "$gpq" sync --from "$data"
fi
if ((upstream)); then
  "$gpq" sync || echo "run.sh: the sync did not complete (see above); serving what is there" >&2
fi

if ((serve)); then
  if ! "$gpq" keys list | grep -q '^ *[0-9]'; then
    echo "run.sh: creating an API key (shown once):" >&2
    "$gpq" keys create --label run.sh
  fi
  exec "$gpq" serve --listen "${GPQ_LISTEN:-127.0.0.1:8080}"
fi
if (($# == 0)); then
  set -- gp 25544 --format tle
fi
"$gpq" "$@"
