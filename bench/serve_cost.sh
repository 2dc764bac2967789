#!/usr/bin/env bash
# What the metrics and the event streams cost the API: wrk on GET /gp/25544 against `gpq serve`
# with --metrics-listen (and a scrape every second, as Prometheus would) and, with STREAMS=N, N
# open /api/v1/stream connections held by bench/hold_streams.py (a keep-alive to each every
# KEEP_ALIVE seconds, 15 by default), beside the same server without either, and beside another
# build when BASELINE_GPQ names one (a commit before them, built apart), rounds taken in turn;
# prints the median requests/s and p99 of each and the ratios.
#
# usage: [BASELINE_GPQ=BINARY [BASELINE_DB=COPY]] [STREAMS=N] [KEEP_ALIVE=S]
#        bench/serve_cost.sh GPQ_BINARY DATABASE [SECONDS] [ROUNDS]
# DATABASE must hold the ISS (25544); the script adds an API key to it. BASELINE_DB: a copy
# of it for a baseline build of an older schema (this build migrates DATABASE forward). Needs
# wrk and curl.
set -euo pipefail

gpq=$1
db=$2
seconds=${3:-10}
rounds=${4:-5}
streams=${STREAMS:-0}
keep_alive=${KEEP_ALIVE:-15}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/gpq-serve-cost-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

key=$("$gpq" --db "$db" keys create --label serve-cost --quiet)
baseline_db=${BASELINE_DB:-$db}
declare -A keys=([plain]=$key [measured]=$key)
if [[ -n ${BASELINE_GPQ:-} ]]; then
  keys[before]=$("$BASELINE_GPQ" --db "$baseline_db" keys create --label serve-cost --quiet)
fi
unlimited=(--rate 1e9 --burst 1e9 --heavy-rate 1e9 --heavy-burst 1e9 --monthly-quota 1000000000000)

# start BINARY DATABASE NAME ARGS...: a server with its access log off; sets $url (and $metrics).
start() {
  local binary=$1 database=$2 name=$3
  shift 3
  "$binary" --db "$database" serve --listen 127.0.0.1:0 --threads 16 --access-log off "${unlimited[@]}" \
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=("$!")
  for _ in $(seq 100); do
    url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/$name.out")
    metrics=$(sed -n 's/.*metrics at \(http[^ ]*\).*/\1/p' "$work/$name.out")
    [[ -n $url ]] && return
    sleep 0.1
  done
  echo "gpq serve did not start: $(cat "$work/$name.err")" >&2
  exit 1
}

servers=(plain measured)
start "$gpq" "$db" plain
plain=$url
if [[ -n ${BASELINE_GPQ:-} ]]; then
  start "$BASELINE_GPQ" "$baseline_db" before
  before=$url
  servers+=(before)
fi
start "$gpq" "$db" measured --metrics-listen 127.0.0.1:0 --max-streams-per-key $((streams + 1)) \
  --stream-keep-alive "$keep_alive"
measured=$url
scrape_url=$metrics
if ((streams > 0)); then
  port=${measured##*:}
  port=${port%%/*}
  "$here/hold_streams.py" 127.0.0.1 "$port" "$key" "$streams" >"$work/streams.out" 2>&1 &
  pids+=("$!")
  for _ in $(seq 300); do
    grep -q '^open' "$work/streams.out" && break
    sleep 0.1
  done
  grep -q '^open' "$work/streams.out" || { echo "streams: $(cat "$work/streams.out")" >&2; exit 1; }
  open=$(curl -sf "$scrape_url" | awk '/^gpq_http_open_streams / {print $2}')
  echo "open streams, as the server's metrics count them: $open"
fi
# A scrape a second during the measured rounds, as Prometheus does.
(while sleep 1; do curl -sf "$scrape_url" >/dev/null || true; done) &
pids+=("$!")

# round SERVER
round() {
  wrk -t2 -c16 -d"${seconds}s" --latency -H "X-Api-Key: ${keys[$1]}" "${urls[$1]}/gp/25544" |
    awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p=$2; if (p ~ /us$/) {sub(/us/,"",p); p/=1000}
         else if (p ~ /ms$/) {sub(/ms/,"",p)} else if (p ~ /s$/) {sub(/s/,"",p); p*=1000}
         } END {print rps, p}'
}
median() { sort -n | awk -v n="$rounds" 'NR == int((n + 1) / 2)'; }

declare -A urls=([plain]=$plain [measured]=$measured [before]=${before:-})
for server in "${servers[@]}"; do
  wrk -t2 -c16 -d2s -H "X-Api-Key: ${keys[$server]}" "${urls[$server]}/gp/25544" >/dev/null
done
for _ in $(seq "$rounds"); do
  for server in "${servers[@]}"; do
    round "$server" >>"$work/$server.txt"
  done
done
declare -A rps p99
for server in "${servers[@]}"; do
  read -r "rps[$server]" "p99[$server]" < <(median <"$work/$server.txt")
done
echo "| server | req/s (median of $rounds) | p99 |"
echo "|---|---:|---:|"
[[ -n ${BASELINE_GPQ:-} ]] && echo "| BASELINE_GPQ | ${rps[before]} | ${p99[before]} ms |"
echo "| this build, without --metrics-listen | ${rps[plain]} | ${p99[plain]} ms |"
if ((streams > 0)); then
  echo "| this build, --metrics-listen scraped every second, $streams streams open (keep-alive every ${keep_alive} s) | ${rps[measured]} | ${p99[measured]} ms |"
else
  echo "| this build, --metrics-listen scraped every second | ${rps[measured]} | ${p99[measured]} ms |"
fi
echo
awk -v a="${rps[measured]}" -v b="${rps[plain]}" 'BEGIN {printf "ratio measured / without: %.3f\n", a / b}'
if [[ -n ${BASELINE_GPQ:-} ]]; then
  awk -v a="${rps[measured]}" -v b="${rps[before]}" 'BEGIN {printf "ratio measured / BASELINE_GPQ: %.3f\n", a / b}'
fi
if ((streams > 0)); then
  kill -TERM "${pids[-2]}" 2>/dev/null || true
  sleep 0.5
  echo "what the streams received: $(tail -1 "$work/streams.out")"
fi
