#!/usr/bin/env bash
# Builds the Debian package into build-deb/ with Debian's hardening flags and prints its path.
#   bash scripts/package.sh        then: sudo apt install ./build-deb/gpq_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."

# dpkg-buildflags: the flags Debian builds its own packages with (fortify, stack
# protector, relro/now); the compiler defaults to PIE.
CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
LDFLAGS="$(dpkg-buildflags --get LDFLAGS)"
export CXXFLAGS LDFLAGS

cmake -S . -B build-deb -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DGPQ_BUILD_TESTS=OFF -DGPQ_BUILD_BENCH=OFF -DGPQ_WERROR=OFF >/dev/null
cmake --build build-deb -j "$(nproc)"
rm -f build-deb/gpq_*.deb
(cd build-deb && cpack -G DEB >/dev/null)
ls build-deb/gpq_*.deb
