#!/usr/bin/env bash
# The whole catalog's states at one instant through a real `gpq serve` on loopback: one request
# for every row (GET /api/v1/state?epoch=T&per_page=50000), timed end to end by curl (connect,
# answer, transfer), the median of N requests, each at another instant (T + i seconds) so that
# the reply cache never answers (it keeps no reply over 2 MiB anyway); then the whole catalog
# in pages of 5,000, the pages' times summed.
#
#   bench/catalog_state_serve.sh [BUILD_DIR] [N]          (defaults: build, 21)
#
# Mirrors, imported from $GPQ_REAL_DATA by `gpq sync --from` into a temporary directory:
#   catalog  Space-Track's whole catalog of 2025-03-03 (27,106 sets) and its SATCAT, at
#            2025-03-18T00:00:00Z (after every set: each object's newest set answers)
#   archive  every file of $GPQ_REAL_DATA (1.38M sets, 35k objects; CelesTrak histories of
#            2026-05..07), at 2026-07-01T00:00:00Z (inside the histories: blocks are read)
set -euo pipefail

build="${1:-build}"
requests="${2:-21}"
data="${GPQ_REAL_DATA:?set GPQ_REAL_DATA to the shared data directory}"
gpq="$build/gpq"
work="$(mktemp -d /tmp/gpq-catalog-serve-XXXXXX)"
server=""
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# median_ms: the median of the seconds on stdin, in milliseconds; then the fastest and slowest.
median_ms() {
  sort -g | awk '{t[NR] = $1 * 1000} END {printf "median %.1f ms (min %.1f, max %.1f, n=%d)",
    t[int((NR + 1) / 2)], t[1], t[NR], NR}'
}

serve() {
  "$gpq" --db "$1" serve --no-auth --listen 127.0.0.1:0 --access-log off --rate 1e9 --burst 1e9 \
    --heavy-rate 1e9 --heavy-burst 1e9 --monthly-quota 1000000000000 >"$work/serve.out" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/serve.out")
    [[ -n $url ]] && return
    sleep 0.1
  done
  echo "gpq serve did not start: $(cat "$work/serve.out")" >&2
  exit 1
}

# measure NAME DB EPOCH: the figures of one mirror.
measure() {
  local name=$1 db=$2 epoch=$3
  serve "$db"
  local base="$url/state?per_page=50000&epoch="
  curl -sf -o /dev/null "${base}${epoch}"  # the server's first answer builds its index
  local rows
  rows=$(curl -sf -D - -o /dev/null "${base}${epoch}" | tr -d '\r' |
    sed -n 's/^X-Total-Count: //Ip')
  echo "$name: $rows objects at $epoch"
  for format in json csv; do
    for ((i = 1; i <= requests; i++)); do
      local at
      at=$(date -u -d "@$(($(date -u -d "$epoch" +%s) + i))" +%Y-%m-%dT%H:%M:%SZ)
      curl -sf -o "$work/body" -w '%{time_total}\n' "${base}${at}&format=${format}"
    done >"$work/times"
    echo "  one request, every row, $format ($(($(stat -c %s "$work/body") / 1000)) kB):" \
      "$(median_ms <"$work/times")"
  done
  local pages=$(((rows + 4999) / 5000))
  for ((i = 1; i <= requests; i++)); do
    local at total=0
    at=$(date -u -d "@$(($(date -u -d "$epoch" +%s) + 1000 + i))" +%Y-%m-%dT%H:%M:%SZ)
    for ((page = 1; page <= pages; page++)); do
      curl -sf -o /dev/null -w '%{time_total}\n' "$url/state?per_page=5000&page=$page&epoch=$at"
    done | awk '{s += $1} END {print s}'
  done | median_ms | sed "s/^/  $pages pages of 5,000, summed (json): /"
  echo
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$gpq" --db "$work/catalog.db" --quiet sync --source spacetrack --from \
  "$data/history/spacetrack_snapshots/snap_satcat_2025_03_03.txt.xz" "$data/satcat"
measure catalog "$work/catalog.db" 2025-03-18T00:00:00Z
"$gpq" --db "$work/archive.db" --quiet sync --from "$data" 2>/dev/null || true
measure archive "$work/archive.db" 2026-07-01T00:00:00Z
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
