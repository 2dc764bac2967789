#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite: every label in a release build made with
# Debian's flags, the Debian package of that build, then the unit and integration tests again
# under ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
export GPQ_REAL_DATA="${GPQ_REAL_DATA:-$(cd .. && pwd)/shared/data}"
jobs="$(nproc)"

source scripts/debian_build_flags.sh
cmake -S . -B build -G Ninja "${debian_build_flags[@]}" -DGPQ_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs" -LE slow

# The Debian package of the binaries just tested, checked by lintian, installed with dpkg -i,
# used from the installed paths, then purged (skipped without root or sudo).
if [[ "${GPQ_SKIP_PACKAGE:-0}" != 1 ]]; then
  deb=$(bash scripts/package.sh build | tail -1)
  bash tests/packaging/deb_install_test.sh "$deb"
fi

if [[ "${GPQ_SKIP_SANITIZE:-0}" != 1 ]]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DGPQ_WERROR=ON -DGPQ_SANITIZE=ON \
    -DGPQ_BUILD_BENCH=OFF >/dev/null
  cmake --build build-asan -j "$jobs" --target gpq_unit_and_integration_tests
  # Stopped, killed and disk-full imports of the whole shared data take two to four minutes
  # each under ASan at -O0; they ran in the release stage above.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -L 'unit|integration' \
    -E '^(InterruptedImportTest|FailingDiskTest)[.]|SyncKilledMidway'
fi

# The slow label runs last, in the release build, when there are such tests.
if ctest --test-dir build -N -L slow | grep -q 'Total Tests: [1-9]'; then
  ctest --test-dir build --output-on-failure -L slow
fi
