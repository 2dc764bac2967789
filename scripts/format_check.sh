#!/usr/bin/env bash
# The C++ of the tree laid out as .clang-format says (STYLE.md): names every file that
# clang-format would change and exits 1 when there is one. `--fix` rewrites them instead.
# Every tracked .cc and .h is checked, which covers the files any change touches.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.cc' '*.h' | grep -v '/node_modules/')
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
unformatted=()
for file in "${files[@]}"; do
  clang-format --dry-run --Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
done
if ((${#unformatted[@]} > 0)); then
  printf 'format_check: not laid out as .clang-format says (scripts/format_check.sh --fix):\n'
  printf '  %s\n' "${unformatted[@]}"
  exit 1
fi
echo "format_check: ${#files[@]} files laid out as .clang-format says"
