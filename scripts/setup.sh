#!/usr/bin/env bash
# Installs the Debian 12 packages gpq builds, tests and benchmarks with.
# Idempotent: when every package is present it returns at once without apt.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config git
  libcli11-dev libsqlite3-dev libsqlitecpp-dev sqlite3 libfmt-dev
  libcpp-httplib-dev libssl-dev zlib1g-dev liblzma-dev
  libsimdjson-dev libpugixml-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3-sgp4 libxml2-utils xz-utils
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
