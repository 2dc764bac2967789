#!/usr/bin/env bash
# The man pages render without a warning (groff, and mandoc's linter when installed), and
# they document exactly the long options that `gpq --help` and every command's --help list.
# usage: man_pages_test.sh SOURCE_DIR GPQ_BINARY
set -euo pipefail
source_dir=$1
gpq=$2
pages=("$source_dir"/man/gpq.1 "$source_dir"/man/gpq-serve.1)
failed=0

warnings=$(groff -man -ww -z "${pages[@]}" 2>&1)
if [[ -n $warnings ]]; then
  echo "groff warnings:"$'\n'"$warnings"
  failed=1
fi
if command -v mandoc >/dev/null; then
  warnings=$(mandoc -Tlint "${pages[@]}" 2>&1) || true
  if [[ -n $warnings ]]; then
    echo "mandoc -Tlint:"$'\n'"$warnings"
    failed=1
  fi
else
  echo "note: mandoc is not installed; lint skipped"
fi

# Every command and nested command, from the help texts themselves.
commands=$("$gpq" --help | awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1}')
help_text=$("$gpq" --help)
for command in $commands; do
  help_text+=$'\n'$("$gpq" "$command" --help)
  for nested in $("$gpq" "$command" --help | awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
    help_text+=$'\n'$("$gpq" "$command" "$nested" --help)
  done
  # Each command has its own place in the pages.
  if ! grep -q "^\.SS \"$command\b" "${pages[0]}"; then
    echo "gpq.1 has no section for '$command'"
    failed=1
  fi
done

# Long options of the help texts (option column only) and of the pages (\- is a hyphen).
help_options=$(grep -oE '^ +(-[a-z], ?)?--[a-z0-9-]+' <<<"$help_text" | grep -oE -- '--[a-z0-9-]+' | sort -u)
# Example lines of other programs (systemctl enable --now) are not gpq's options.
man_options=$(sed 's/\\-/-/g' "${pages[@]}" | grep -v '^systemctl ' |
  grep -oE -- '--[a-z0-9-]+' | sort -u)
undocumented=$(comm -23 <(echo "$help_options") <(echo "$man_options"))
unknown=$(comm -13 <(echo "$help_options") <(echo "$man_options"))
if [[ -n $undocumented ]]; then
  echo "in --help but not in the man pages:" $undocumented
  failed=1
fi
if [[ -n $unknown ]]; then
  echo "in the man pages but no command takes them:" $unknown
  failed=1
fi
# The heavy lane's endpoints, from the route table as `gpq serve --help` names them, appear
# as that same list wherever a page or a doc lists them (line breaks, roff escapes and
# backticks aside).
heavy=$("$gpq" serve --help | grep -oE 'Burst on [^(]*' | head -1 | sed 's/^Burst on //; s/ *$//')
if [[ -z $heavy ]]; then
  echo "gpq serve --help names no heavy endpoints"
  failed=1
fi
for listing in man/gpq-serve.1 docs/SERVE.md docs/API.md README.md; do
  flat=$(sed 's/\\-/-/g; s/`//g' "$source_dir/$listing" | tr '\n' ' ' | tr -s ' ')
  if [[ -n $heavy && $flat != *"$heavy"* ]]; then
    echo "$listing does not list the heavy endpoints as gpq serve --help does: $heavy"
    failed=1
  fi
done

# The fixed lists of `gpq gp --help` (groups, regimes, object types: the core's tables) appear
# the same in gpq.1 (an "or" before the last name, roff fonts and escapes aside).
gp_help=$("$gpq" gp --help)
man_flat=$(sed 's/\\f[BIR]//g; s/\\-/-/g' "${pages[0]}" | tr '\n' ' ' | tr -s ' ' | sed 's/ or /, /g')
for option in --group --regime --type; do
  list=$(grep -E "^ +$option " <<<"$gp_help" | sed -E "s/^ +$option [A-Z]+ +//; s/ or /, /g")
  if [[ -z $list || $man_flat != *"$list"* ]]; then
    echo "gpq.1 does not list $option as gpq gp --help does: $list"
    failed=1
  fi
done

if ((failed == 0)); then
  echo "man pages: no warnings; $(wc -l <<<"$help_options") options agree with --help"
fi
exit "$failed"
