#!/usr/bin/env bash
# What the metrics cost: wrk on GET /gp/25544 against `gpq serve` with --metrics-listen (and a
# scrape every second, as Prometheus would) beside the same server without, and beside a build
# without the metrics at all when BASELINE_GPQ names one (the commit before them, built
# apart), rounds taken in turn; prints the median requests/s and p99 of each and the ratios.
#
# usage: [BASELINE_GPQ=BINARY] bench/metrics_cost.sh GPQ_BINARY DATABASE [SECONDS] [ROUNDS]
# DATABASE must hold the ISS (25544); the script adds an API key to it. Needs wrk and curl.
set -euo pipefail

gpq=$1
db=$2
seconds=${3:-10}
rounds=${4:-5}
work=$(mktemp -d /tmp/gpq-metrics-cost-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

key=$("$gpq" --db "$db" keys create --label metrics-cost --quiet)
unlimited=(--rate 1e9 --burst 1e9 --heavy-rate 1e9 --heavy-burst 1e9 --monthly-quota 1000000000000)

# start BINARY NAME ARGS...: a server with its access log off; sets $url (and $metrics).
start() {
  local binary=$1 name=$2
  shift 2
  "$binary" --db "$db" serve --listen 127.0.0.1:0 --threads 16 --access-log off "${unlimited[@]}" \
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
start "$gpq" plain
plain=$url
if [[ -n ${BASELINE_GPQ:-} ]]; then
  start "$BASELINE_GPQ" before
  before=$url
  servers+=(before)
fi
start "$gpq" measured --metrics-listen 127.0.0.1:0
measured=$url
scrape_url=$metrics
# A scrape a second during the measured rounds, as Prometheus does.
(while sleep 1; do curl -sf "$scrape_url" >/dev/null || true; done) &
pids+=("$!")

round() {
  wrk -t2 -c16 -d"${seconds}s" --latency -H "X-Api-Key: $key" "$1/gp/25544" |
    awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p=$2; if (p ~ /us$/) {sub(/us/,"",p); p/=1000}
         else if (p ~ /ms$/) {sub(/ms/,"",p)} else if (p ~ /s$/) {sub(/s/,"",p); p*=1000}
         } END {print rps, p}'
}
median() { sort -n | awk -v n="$rounds" 'NR == int((n + 1) / 2)'; }

declare -A urls=([plain]=$plain [measured]=$measured [before]=${before:-})
for server in "${servers[@]}"; do
  wrk -t2 -c16 -d2s -H "X-Api-Key: $key" "${urls[$server]}/gp/25544" >/dev/null
done
for _ in $(seq "$rounds"); do
  for server in "${servers[@]}"; do
    round "${urls[$server]}" >>"$work/$server.txt"
  done
done
declare -A rps p99
for server in "${servers[@]}"; do
  read -r "rps[$server]" "p99[$server]" < <(median <"$work/$server.txt")
done
echo "| server | req/s (median of $rounds) | p99 |"
echo "|---|---:|---:|"
[[ -n ${BASELINE_GPQ:-} ]] && echo "| the build before the metrics | ${rps[before]} | ${p99[before]} ms |"
echo "| this build, without --metrics-listen | ${rps[plain]} | ${p99[plain]} ms |"
echo "| this build, --metrics-listen scraped every second | ${rps[measured]} | ${p99[measured]} ms |"
echo
awk -v a="${rps[measured]}" -v b="${rps[plain]}" 'BEGIN {printf "ratio scraped / without: %.3f\n", a / b}'
if [[ -n ${BASELINE_GPQ:-} ]]; then
  awk -v a="${rps[measured]}" -v b="${rps[before]}" 'BEGIN {printf "ratio scraped / before: %.3f\n", a / b}'
fi
