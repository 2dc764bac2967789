#!/usr/bin/env bash
# wrk against `gpq serve` on loopback, and against nginx serving the same response bytes
# as static files, in the same run; prints a Markdown table of medians.
#
# usage: bench/http_bench.sh GPQ_BINARY DATABASE [SECONDS] [ROUNDS]
# DATABASE must hold the ISS (25544) and the starlink group; the script adds an API key to
# it. Needs wrk and nginx (scripts/setup.sh --bench installs them).
set -euo pipefail

gpq=$1
db=$2
seconds=${3:-10}
rounds=${4:-3}
connections=${GPQ_BENCH_CONNECTIONS:-16}
threads=${GPQ_BENCH_SERVER_THREADS:-16}
work=$(mktemp -d /tmp/gpq-http-bench-XXXXXX)
chmod 755 "$work"  # nginx workers run as another user
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

key=$("$gpq" --db "$db" keys create --label http-bench --quiet)

# start_gpq NAME ARGS...: starts a server, sets $url and records its pid in $work/NAME.pid.
start_gpq() {
  local name=$1
  shift
  "$gpq" --db "$db" serve --listen 127.0.0.1:0 --threads "$threads" --access-log "$work/$name.log" \
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
  local pid=$!
  pids+=("$pid")
  echo "$pid" >"$work/$name.pid"
  for _ in $(seq 100); do
    url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/$name.out")
    [[ -n $url ]] && return
    sleep 0.1
  done
  echo "gpq serve did not start: $(cat "$work/$name.err")" >&2
  exit 1
}

# run_wrk URL [HEADER [WRK ARGS...]]: requests/s and p99 (ms) of the median round, as "RPS P99".
run_wrk() {
  local target=$1 header=${2:-X-Bench: 1}
  shift $(($# < 2 ? $# : 2))
  # A short unmeasured round first: threads, caches and connections settle.
  wrk -t2 -c"$connections" -d2s -H "$header" "$target" "$@" >/dev/null
  for _ in $(seq "$rounds"); do
    wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "$header" "$target" "$@" |
      awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p=$2; if (p ~ /us$/) {sub(/us/,"",p); p/=1000}
           else if (p ~ /ms$/) {sub(/ms/,"",p)} else if (p ~ /s$/) {sub(/s/,"",p); p*=1000}
           } END {print rps, p}'
  done | sort -n | awk -v n="$rounds" 'NR == int((n + 1) / 2)'
}

unlimited=(--rate 1e9 --burst 1e9 --heavy-rate 1e9 --heavy-burst 1e9 --monthly-quota 1000000000000)
start_gpq fast "${unlimited[@]}"
fast=$url
fast_pid=$(cat "$work/fast.pid")
start_gpq strict --rate 0.001 --burst 1 --monthly-quota 1000000000000
strict=$url

# The same bytes as static files for nginx.
mkdir -p "$work/www/api/v1/gp"
curl -sf -H "X-Api-Key: $key" "$fast/gp/25544" >"$work/www/api/v1/gp/25544.json"
curl -sf -H "X-Api-Key: $key" "$fast/gp?group=starlink&per_page=100" >"$work/www/api/v1/gp/starlink.json"
port=$((20000 + RANDOM % 20000))
cat >"$work/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log $work/nginx-access.log;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    location / { default_type application/json; charset utf-8; etag on; }
  }
}
CONF
nginx -c "$work/nginx.conf" -p "$work" 2>"$work/nginx.err" &
pids+=($!)
for _ in $(seq 50); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/api/v1/gp/25544.json" && break
  sleep 0.1
done

# Warm both.
curl -sf -H "X-Api-Key: $key" "$fast/gp/25544" >/dev/null
curl -sf "http://127.0.0.1:$port/api/v1/gp/25544.json" >/dev/null
curl -s -o /dev/null -H "X-Api-Key: $key" "$strict/gp/25544"

read -r gpq_rps gpq_p99 < <(run_wrk "$fast/gp/25544" "X-Api-Key: $key")
read -r nginx_rps nginx_p99 < <(run_wrk "http://127.0.0.1:$port/api/v1/gp/25544.json")
read -r refused_rps refused_p99 < <(run_wrk "$strict/gp/25544" "X-Api-Key: $key")
read -r group_rps group_p99 < <(run_wrk "$fast/gp?group=starlink&per_page=100" "X-Api-Key: $key")
read -r nginx_group_rps nginx_group_p99 < <(run_wrk "http://127.0.0.1:$port/api/v1/gp/starlink.json")
read -r history_rps history_p99 < <(run_wrk "$fast/gp/25544/history?per_page=500" "X-Api-Key: $key")
read -r nearest_rps nearest_p99 < <(run_wrk "$fast/gp/25544/nearest?epoch=2026-08-01T00:00:00Z" "X-Api-Key: $key")
read -r epoch_rps epoch_p99 < <(run_wrk "$fast/gp/epoch?per_page=500&page=3" "X-Api-Key: $key")
# The same kinds of request, each about another object or epoch (bench/varied_requests.lua).
# The objects of the current catalogue and the span of epochs, as gpq itself reports them.
"$gpq" --db "$db" --format json gp | grep -o '"NORAD_CAT_ID":[0-9]*' | cut -d: -f2 >"$work/ids"
status=$("$gpq" --db "$db" --format json status)
epoch_of() { date -u -d "$(sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" <<<"$status")" +%s; }
first=$(epoch_of earliest_epoch)
last=$(epoch_of latest_epoch)
varied() {
  run_wrk "$fast/gp/25544" "X-Api-Key: $key" -s "$(dirname "$0")/varied_requests.lua" -- \
    "$1" "$work/ids" "$first" "$last"
}
read -r any_latest_rps any_latest_p99 < <(varied latest)
read -r any_history_rps any_history_p99 < <(varied history)
read -r any_nearest_rps any_nearest_p99 < <(varied nearest)
read -r any_epoch_rps any_epoch_p99 < <(varied epoch)
rss_peak_kb=$(awk '/VmHWM/ {print $2}' "/proc/$fast_pid/status")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "| Request | gpq req/s | gpq p99 | baseline req/s | baseline p99 | ratio |"
echo "|---|---:|---:|---:|---:|---:|"
echo "| GET /gp/25544 | $gpq_rps | $gpq_p99 ms | nginx static $nginx_rps | $nginx_p99 ms | $(ratio "$gpq_rps" "$nginx_rps") |"
echo "| GET /gp/25544 answered 429 | $refused_rps | $refused_p99 ms | the 200 above $gpq_rps | $gpq_p99 ms | $(ratio "$refused_rps" "$gpq_rps") |"
echo "| GET /gp?group=starlink&per_page=100 | $group_rps | $group_p99 ms | nginx static $nginx_group_rps | $nginx_group_p99 ms | $(ratio "$group_rps" "$nginx_group_rps") |"
echo "| GET /gp/25544/history?per_page=500 | $history_rps | $history_p99 ms | | | |"
echo "| GET /gp/25544/nearest | $nearest_rps | $nearest_p99 ms | | | |"
echo "| GET /gp/epoch?per_page=500&page=3 | $epoch_rps | $epoch_p99 ms | | | |"
echo "| GET /gp/{any id} | $any_latest_rps | $any_latest_p99 ms | | | |"
echo "| GET /gp/{any id}/history?per_page=500 | $any_history_rps | $any_history_p99 ms | | | |"
echo "| GET /gp/{any id}/nearest?epoch={any} | $any_nearest_rps | $any_nearest_p99 ms | | | |"
echo "| GET /gp/epoch?epoch={any}&per_page=500&page={1-20} | $any_epoch_rps | $any_epoch_p99 ms | | | |"
echo
echo "Peak resident memory of gpq serve over the run: $((rss_peak_kb / 1024)) MiB"
echo "wrk -t2 -c$connections -d${seconds}s, median of $rounds rounds; gpq serve --threads $threads."
echo "Rows with a fixed target are answered from the reply cache after the first request;"
echo "rows with {any} vary the object or epoch on every request (bench/varied_requests.lua)."
