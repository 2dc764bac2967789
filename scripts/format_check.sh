#!/usr/bin/env bash
# The C++ of the tree laid out as .clang-format says (STYLE.md): names every file that
# clang-format would change and exits 1 when there is one. `--fix` rewrites them instead.
# Every tracked .cc and .h is checked, which covers the files any change touches.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v clang-format >/dev/null || { echo "format_check: clang-format is not installed (scripts/setup.sh)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cc' '*.h' | grep -v '/node_modules/')
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
# Batches of files on every core; clang-format names each file it would change in a
# "FILE:LINE:COL: error:" line.
mapfile -t unformatted < <(printf '%s\0' "${files[@]}" |
  xargs -0 -P "$(nproc)" -n 25 clang-format --dry-run --Werror 2>&1 >/dev/null |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if ((${#unformatted[@]} > 0)); then
  printf 'format_check: not laid out as .clang-format says (scripts/format_check.sh --fix):\n'
  printf '  %s\n' "${unformatted[@]}"
  exit 1
fi
echo "format_check: ${#files[@]} files laid out as .clang-format says"
