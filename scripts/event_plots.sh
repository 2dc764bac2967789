#!/usr/bin/env bash
# The plots of docs/EVENTS.md: the ISS and a few Starlink objects of $GPQ_REAL_DATA's
# histories, as the page at / draws them with their events, into docs/img/events-*.png.
# Needs a build (build/gpq) and scripts/setup.sh's chromium and tests/browser packages.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${GPQ_REAL_DATA:-$(cd .. && pwd)/shared/data}"
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
db="$work/gpq.db"
./build/gpq --db "$db" sync --from "$data/history/celestrak_stations_2026-05-24_2026-07-14.3le.xz" \
  "$data/history/celestrak_starlink_2026-05-24_2026-07-14.3le.xz" >/dev/null
./build/gpq --db "$db" serve --listen 127.0.0.1:0 --no-auth --keep-alive 1 --access-log off >"$work/serve.log" &
server=$!
for _ in $(seq 100); do
  url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1 || true)
  [[ -n $url ]] && break
  sleep 0.1
done
for id in 25544 69262 69534 56147; do
  node tests/browser/screenshot.mjs "$url/#/object/$id" "docs/img/events-$id.png" '#charts'
  ./build/gpq --db "$db" events "$id" --format table
done
