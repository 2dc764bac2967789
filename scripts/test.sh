#!/usr/bin/env bash
# Sets up, checks the layout of the C++ (scripts/format_check.sh), builds and runs the whole
# test suite: every label in a release build made with
# Debian's flags, the Debian package of that build, then the unit and integration tests again
# under ASan+UBSan, then the slow label. Prints each stage's wall time as it ends and all of
# them at the end (README's Tests section quotes such a run).
set -euo pipefail
cd "$(dirname "$0")/.."

stage_times=()
# timed NAME COMMAND...: runs a stage and records its seconds.
timed() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  stage_times+=("$name $((SECONDS - started)) s")
  echo "test.sh: stage '$name' took $((SECONDS - started)) s"
}

release_build() {
  source scripts/debian_build_flags.sh
  cmake -S . -B build -G Ninja "${debian_build_flags[@]}" -DGPQ_WERROR=ON >/dev/null
  cmake --build build -j "$jobs"
}

# The Debian package of the binaries just tested, checked by lintian, installed with dpkg -i,
# used from the installed paths, then purged (skipped without root or sudo).
package_check() {
  local deb
  deb=$(bash scripts/package.sh build | tail -1)
  bash tests/packaging/deb_install_test.sh "$deb"
}

sanitizer_build() {
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DGPQ_WERROR=ON -DGPQ_SANITIZE=ON \
    -DGPQ_BUILD_BENCH=OFF >/dev/null
  cmake --build build-asan -j "$jobs" --target gpq_unit_and_integration_tests
}

# Stopped, killed and disk-full imports of the whole shared data take one to two minutes
# each under ASan; they ran in the release stage (ImportCliTest's killed import skips itself
# under ASan).
sanitizer_tests() {
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -L 'unit|integration' \
    -E '[.](InterruptedImportTest|FailingDiskTest)$'
}

timed setup bash scripts/setup.sh
timed format bash scripts/format_check.sh
export GPQ_REAL_DATA="${GPQ_REAL_DATA:-$(cd .. && pwd)/shared/data}"
jobs="$(nproc)"

timed "release build" release_build
timed "release tests" ctest --test-dir build --output-on-failure -j "$jobs" -LE slow
if [[ "${GPQ_SKIP_PACKAGE:-0}" != 1 ]]; then
  timed package package_check
fi
if [[ "${GPQ_SKIP_SANITIZE:-0}" != 1 ]]; then
  timed "sanitizer build" sanitizer_build
  timed "sanitizer tests" sanitizer_tests
fi
# The slow label runs last, in the release build, when there are such tests; two at a time
# (the rate-limit tests mostly wait out Space-Track's minute): 278 s instead of about 440.
if ctest --test-dir build -N -L slow | grep -q 'Total Tests: [1-9]'; then
  timed slow ctest --test-dir build --output-on-failure -j "$jobs" -L slow
fi
if command -v ccache >/dev/null; then
  ccache --show-stats | grep -iE '^ *(hits|misses|cacheable calls)' || true
fi
printf 'test.sh: %s\n' "${stage_times[@]}"
