#!/usr/bin/env bash
# Throughput and p99 of GET /gp/{id} through HAProxy in front of 1, 2 and 3 `gpq serve`
# replicas, with limits counted in Redis (--redis) and without, in one run; then the cost of
# the Redis round trip on one replica without HAProxy, at one connection (p50 latency with
# Redis minus without). Prints a Markdown table of medians (docs/PERFORMANCE.md "A fleet").
#
# usage: bench/fleet_bench.sh GPQ_BINARY DATABASE [SECONDS] [ROUNDS]
# DATABASE must hold the ISS (25544); the script adds an API key to it and to its Redis.
# Needs wrk, redis-server and haproxy (scripts/setup.sh --bench).
set -euo pipefail

gpq=$1
db=$2
seconds=${3:-5}
rounds=${4:-3}
connections=${GPQ_BENCH_CONNECTIONS:-32}
threads=${GPQ_BENCH_SERVER_THREADS:-64}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/gpq-fleet-bench-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
PATH=$PATH:/usr/sbin:/sbin

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
  for _ in $(seq 100); do
    (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return
    sleep 0.05
  done
  echo "nothing listens on $1" >&2
  exit 1
}

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly no \
  --unixsocket "$work/redis.sock" --unixsocketperm 700 --loglevel warning >"$work/redis.log" 2>&1 &
pids+=($!)
wait_port "$redis_port"
redis_url=redis://127.0.0.1:$redis_port
local_key=$("$gpq" --db "$db" keys create --label fleet-bench --quiet)
redis_key=$("$gpq" --db "$db" keys create --label fleet-bench --quiet --redis "$redis_url")

# Every request is counted (bucket and quota) but none is refused.
unlimited=(--rate 1e9 --burst 1e9 --heavy-rate 1e9 --heavy-burst 1e9 --monthly-quota 1000000000000)
replica_ports=($(free_port) $(free_port) $(free_port))
replica_pids=()

# start_replicas N [--redis URL]: N replicas on replica_ports.
start_replicas() {
  local n=$1
  shift
  replica_pids=()
  for i in $(seq 0 $((n - 1))); do
    "$gpq" --db "$db" serve --listen "127.0.0.1:${replica_ports[$i]}" --threads "$threads" \
      --access-log off "${unlimited[@]}" "$@" >"$work/serve$i.out" 2>"$work/serve$i.err" &
    replica_pids+=($!)
    pids+=($!)
  done
  for i in $(seq 0 $((n - 1))); do wait_port "${replica_ports[$i]}"; done
}
stop_replicas() {
  for pid in "${replica_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${replica_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}

# start_haproxy N: the packaged configuration with N servers, on $haproxy_port.
haproxy_port=$(free_port)
start_haproxy() {
  local n=$1
  {
    grep -vE '^\s*(log |server |stats socket )' "$here/../packaging/haproxy/gpq.cfg" |
      sed "s/^\(\s*\)bind .*/\1bind 127.0.0.1:$haproxy_port/"
    for i in $(seq 0 $((n - 1))); do echo "    server gpq$((i + 1)) 127.0.0.1:${replica_ports[$i]}"; done
  } >"$work/haproxy.cfg"
  haproxy -db -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
  haproxy_pid=$!
  pids+=($haproxy_pid)
  wait_port "$haproxy_port"
  sleep 2.5  # two health checks: every server up
}
stop_haproxy() { kill "$haproxy_pid"; wait "$haproxy_pid" 2>/dev/null || true; }

# run_wrk URL KEY CONNECTIONS: "RPS P50 P99" (ms) of the median round by requests/s.
run_wrk() {
  local target=$1 key=$2 conns=$3
  local wrk_threads=$((conns < 2 ? 1 : 2))
  wrk -t"$wrk_threads" -c"$conns" -d1s -H "X-Api-Key: $key" "$target" >/dev/null
  for _ in $(seq "$rounds"); do
    wrk -t"$wrk_threads" -c"$conns" -d"${seconds}s" --latency -H "X-Api-Key: $key" "$target" |
      awk 'function ms(p) { if (p ~ /us$/) { sub(/us/, "", p); return p / 1000 }
                            if (p ~ /ms$/) { sub(/ms/, "", p); return p }
                            sub(/s/, "", p); return p * 1000 }
           /Requests\/sec/ {rps = $2} /^ +50%/ {p50 = ms($2)} /^ +99%/ {p99 = ms($2)}
           END {print rps, p50, p99}'
  done | sort -n | awk -v n="$rounds" 'NR == int((n + 1) / 2)'
}

echo "| Replicas behind HAProxy | limits | req/s | p99 | req/s with Redis / without |"
echo "|---:|---|---:|---:|---:|"
for n in 1 2 3; do
  start_replicas "$n"
  start_haproxy "$n"
  read -r local_rps _ local_p99 < <(run_wrk "http://127.0.0.1:$haproxy_port/api/v1/gp/25544" "$local_key" "$connections")
  stop_haproxy
  stop_replicas
  start_replicas "$n" --redis "$redis_url"
  start_haproxy "$n"
  read -r redis_rps _ redis_p99 < <(run_wrk "http://127.0.0.1:$haproxy_port/api/v1/gp/25544" "$redis_key" "$connections")
  stop_haproxy
  stop_replicas
  ratio=$(awk -v a="$redis_rps" -v b="$local_rps" 'BEGIN { printf "%.2f", a / b }')
  echo "| $n | in process | $local_rps | $local_p99 ms | |"
  echo "| $n | Redis | $redis_rps | $redis_p99 ms | $ratio |"
done

# The round trip: one replica, no HAProxy, one connection, so latency is all there is.
start_replicas 1
read -r one_local_rps one_local_p50 one_local_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$local_key" 1)
read -r many_local_rps _ many_local_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$local_key" "$connections")
stop_replicas
start_replicas 1 --redis "$redis_url"
read -r one_redis_rps one_redis_p50 one_redis_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$redis_key" 1)
read -r many_redis_rps _ many_redis_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$redis_key" "$connections")
stop_replicas
start_replicas 1 --redis "unix:$work/redis.sock"
read -r one_unix_rps one_unix_p50 one_unix_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$redis_key" 1)
read -r many_unix_rps _ many_unix_p99 < <(run_wrk "http://127.0.0.1:${replica_ports[0]}/api/v1/gp/25544" "$redis_key" "$connections")
stop_replicas
echo
echo "| One replica, no HAProxy | req/s (1 connection) | p50 | p99 | req/s ($connections connections) | p99 |"
echo "|---|---:|---:|---:|---:|---:|"
echo "| in process | $one_local_rps | $one_local_p50 ms | $one_local_p99 ms | $many_local_rps | $many_local_p99 ms |"
echo "| Redis (TCP) | $one_redis_rps | $one_redis_p50 ms | $one_redis_p99 ms | $many_redis_rps | $many_redis_p99 ms |"
echo "| Redis (Unix socket) | $one_unix_rps | $one_unix_p50 ms | $one_unix_p99 ms | $many_unix_rps | $many_unix_p99 ms |"
echo
awk -v a="$one_redis_p50" -v b="$one_local_p50" -v r="$many_redis_rps" -v l="$many_local_rps" \
  -v u="$one_unix_p50" -v ur="$many_unix_rps" \
  'BEGIN { printf "Redis round trip per request, p50: %.3f ms over TCP, %.3f ms over a Unix socket; throughput with Redis: %.0f%% (TCP), %.0f%% (Unix socket) of without.\n", a - b, u - b, 100 * r / l, 100 * ur / l }'
echo "wrk -t2 -c$connections -d${seconds}s, median of $rounds rounds; gpq serve --threads $threads;"
echo "redis-server $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/'), $(haproxy -v | head -1 | cut -d' ' -f1-3);"
echo "$(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)), shared by wrk, HAProxy, Redis and every replica."
