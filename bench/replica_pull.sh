#!/usr/bin/env bash
# A new replica's first pull (`gpq sync --from-peer`, docs/REPLICAS.md) of a large mirror from
# a real `gpq serve` on loopback, N times into an empty database: sets per second from the
# pull's own report (sets / seconds, the stream read, applied and committed); then an
# incremental pull after a sync of new sets on the primary. Beside it, in the same run, what
# copying the database costs without gpq: `cp` of the file and SQLite's online backup.
#
#   bench/replica_pull.sh [BUILD_DIR] [MIRROR] [N]
#     (defaults: build, /tmp/gpq-bench/archive-20000000.db made by `bench/run 20000000`, 3)
set -euo pipefail

build="${1:-build}"
mirror="${2:-/tmp/gpq-bench/archive-20000000.db}"
runs="${3:-3}"
gpq="$build/gpq"
[[ -f $mirror ]] || { echo "no mirror at $mirror: run bench/run 20000000 first" >&2; exit 2; }
work="$(mktemp -d /tmp/gpq-replica-pull-XXXXXX)"
server=""
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The primary: a copy of the mirror (its first open for writing adds change tracking).
cp "$mirror" "$work/primary.db"
"$gpq" --db "$work/primary.db" --quiet keys create --scope replication >"$work/key"
"$gpq" --db "$work/primary.db" serve --no-auth --listen 127.0.0.1:0 --access-log off \
  >"$work/serve.out" 2>&1 &
server=$!
url=""
for _ in $(seq 200); do
  url=$(sed -n 's/.*listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$work/serve.out")
  [[ -n $url ]] && break
  sleep 0.1
done
[[ -n $url ]] || { cat "$work/serve.out" >&2; exit 1; }

echo "mirror: $mirror ($(du -h "$mirror" | cut -f1)), $(nproc) cores, $(date -u +%FT%TZ)"
for i in $(seq "$runs"); do
  rm -f "$work/replica.db"*
  start=$(date +%s.%N)
  report=$("$gpq" --db "$work/replica.db" sync --from-peer "$url" --peer-key-file "$work/key")
  end=$(date +%s.%N)
  echo "$report" | sed 's/^/  pull: /'
  echo "$report" | awk -v wall="$(echo "$end - $start" | bc)" '{
    for (i = 1; i <= NF; ++i) {
      if ($(i + 1) == "sets") sets = $i
      if ($(i + 1) == "s") secs = $i
    }
    printf "  run %d: %.2f M sets/s (%d sets in %.2f s; %.2f s with start-up)\n",
      '"$i"', sets / secs / 1e6, sets, secs, wall
  }'
done
echo "replica size: $(du -h "$work/replica.db" | cut -f1)"

# An incremental pull: 50,000 sets synced on the primary, then pulled.
"$build/gpq_generate_archive" --help >/dev/null 2>&1 || true
/usr/bin/python3 - "$work/new.3le" <<'PY'
import sys
# 500 objects x 100 sets after the mirror's newest epoch (TLE lines with valid checksums).
def checksum(line):
    return sum(int(c) if c.isdigit() else (1 if c == '-' else 0) for c in line[:68]) % 10
with open(sys.argv[1], "w") as out:
    for n in range(100):
        for obj in range(1, 501):
            day = 300 + n * 0.25
            l1 = f"1 {obj:05d}U 98067A   30{day:012.8f}  .00001000  00000-0  10000-4 0  999"
            l2 = f"2 {obj:05d}  51.6400 {n * 3.6 % 360:8.4f} 0005000  90.0000 270.0000 15.50000000{n:5d}"
            out.write(f"SAT {obj}\n{l1}{checksum(l1)}\n{l2}{checksum(l2)}\n")
PY
"$gpq" --db "$work/primary.db" sync --from "$work/new.3le" --source celestrak | sed 's/^/  primary: /'
"$gpq" --db "$work/replica.db" sync --from-peer "$url" --peer-key-file "$work/key" |
  sed 's/^/  incremental pull: /'

# Copies of the file without gpq, for scale.
start=$(date +%s.%N); cp "$mirror" "$work/copy.db"; end=$(date +%s.%N)
echo "cp of the file: $(echo "$end - $start" | bc) s"
rm -f "$work/copy.db"
start=$(date +%s.%N); sqlite3 "$mirror" ".backup '$work/backup.db'"; end=$(date +%s.%N)
echo "sqlite3 .backup: $(echo "$end - $start" | bc) s"
