#!/usr/bin/env bash
# Builds the Debian package with Debian's hardening flags and prints its path.
#   bash scripts/package.sh          a build of gpq alone in build-deb/
#                                    then: sudo apt install ./build-deb/gpq_*.deb
#   bash scripts/package.sh build    the package of an existing build directory configured with
#                                    the same flags (scripts/test.sh does so for build/, so the
#                                    package holds the binaries its tests ran); sets its install
#                                    prefix to /usr
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-deb}

source scripts/debian_build_flags.sh
args=("${debian_build_flags[@]}" -DCMAKE_INSTALL_PREFIX=/usr)
if [[ ! -f $dir/CMakeCache.txt ]]; then
  args+=(-DGPQ_BUILD_TESTS=OFF -DGPQ_BUILD_BENCH=OFF -DGPQ_WERROR=OFF)
fi
cmake -S . -B "$dir" -G Ninja "${args[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)" --target gpq gpq-net gpq_install_files
rm -f "$dir"/gpq_*.deb
(cd "$dir" && cpack -G DEB >/dev/null)
ls "$dir"/gpq_*.deb
