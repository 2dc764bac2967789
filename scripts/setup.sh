#!/usr/bin/env bash
# Installs the Debian 12 packages gpq builds, tests and benchmarks with.
# Idempotent: when every package is present it returns at once without apt.
# --bench also installs wrk and nginx for bench/http_bench.sh, DuckDB's node package for the
# DuckDB peer of bench/run (bench/duckdb), and satellite.js for bench/sgp4_peers.
# --fuzz also installs clang and libFuzzer for fuzz/run (docs/FUZZING.md).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config git
  # compiles cached across builds and clones (CMakeLists.txt uses it when present)
  ccache
  # the layout check of scripts/format_check.sh (.clang-format)
  clang-format
  libcli11-dev libsqlite3-dev libsqlitecpp-dev sqlite3 libfmt-dev
  libcpp-httplib-dev libssl-dev zlib1g-dev liblzma-dev libarchive-dev
  libsimdjson-dev libpugixml-dev libhiredis-dev libjemalloc-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3-sgp4 libxml2-utils xz-utils
  # man page lint, shell completions and the .deb checks of the tests
  groff-base mandoc man-db bash-completion zsh fish lintian dpkg-dev systemd
  # the fleet tests (ctest -L fleet) start their own redis-server and haproxy on loopback
  redis-server haproxy
  # promtool checks gpq serve's /metrics, and a real prometheus scrapes it (metrics_test.cc)
  prometheus
  # the browser tests of the page at / (tests/browser, ctest -L browser)
  chromium
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done

# Node.js and npm run the OpenAPI validator of the HTTP tests; any recent node will do.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi
# wrk and nginx for the HTTP benchmark, numpy for python3-sgp4's SatrecArray in
# bench/sgp4_peers: scripts/setup.sh --bench.
if [[ ${1:-} == --bench ]]; then
  for package in wrk nginx-light python3-numpy; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
fi

# clang++ and libFuzzer for the fuzz targets: scripts/setup.sh --fuzz.
if [[ ${1:-} == --fuzz ]]; then
  for package in clang libfuzzer-14-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
fi

if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # The tests run their own Redis, HAProxy and Prometheus on free ports; the services Debian
  # starts on install (6379, haproxy's default configuration, 9090) are not wanted on a build
  # machine.
  for service in redis-server haproxy prometheus; do
    if [[ " ${missing[*]} " == *" $service "* ]] && command -v systemctl >/dev/null &&
      [[ -d /run/systemd/system ]]; then
      "${sudo[@]}" systemctl disable --now "$service" >/dev/null 2>&1 || true
    fi
  done
fi

# npm packages pinned by each folder's package-lock.json, installed there (never globally):
# the OpenAPI validator, uPlot for the page at / (embedded by CMake), puppeteer-core for the
# browser tests (which drive Debian's chromium, never a downloaded browser).
root="$(cd "$(dirname "$0")/.." && pwd)"
for folder in tests/openapi web tests/browser; do
  dir="$root/$folder"
  if [[ ! -d $dir/node_modules || $dir/package-lock.json -nt $dir/node_modules ]]; then
    echo "setup: npm ci in $folder" >&2
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
    touch "$dir/node_modules"
  fi
done

# DuckDB for bench/duckdb/peer.mjs and satellite.js for bench/sgp4_peers, pinned by their
# package-lock.json files, installed in their folders (never globally): --bench only.
if [[ ${1:-} == --bench ]]; then
  for peer in duckdb sgp4_peers; do
    dir="$(cd "$(dirname "$0")/.." && pwd)/bench/$peer"
    if [[ ! -d $dir/node_modules || $dir/package-lock.json -nt $dir/node_modules ]]; then
      echo "setup: npm ci in bench/$peer" >&2
      npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
      touch "$dir/node_modules"
    fi
  done
fi
