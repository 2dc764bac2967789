#!/usr/bin/env bash
# The shell completions of completions/: each script loads cleanly in its shell, and
# completing typical command lines offers the right words in bash, zsh and fish, NORAD ids
# from a database included (once the binary has `gpq __complete`).
# usage: completion_test.sh SOURCE_DIR GPQ_BINARY
# shellcheck disable=SC2016 # fish code, in single quotes, names its own $argv
set -euo pipefail
source_dir=$(cd "$1" && pwd)
binary=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
completions=$source_dir/completions
bash_completion=/usr/share/bash-completion/bash_completion

missing=()
[[ -r $bash_completion ]] || missing+=(bash-completion)
command -v zsh >/dev/null || missing+=(zsh)
command -v fish >/dev/null || missing+=(fish)
if ((${#missing[@]})); then
  echo "SKIP: not installed: ${missing[*]}"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Completions are keyed on the command name, and the shells must not read the user's setup.
mkdir "$work/bin" "$work/home"
ln -s "$binary" "$work/bin/gpq"
export HOME=$work/home PATH=$work/bin:$PATH
unset GPQ_DB XDG_DATA_HOME XDG_CONFIG_HOME

# Counted in a file: checks also fail inside command substitutions.
fail() {
  echo "FAIL: $*" | tee -a "$work/failures" >&2
}

# Every subcommand, from gpq's own table (src/cli/commands.inc) as --help lists it: each one
# completes in every shell, so a command added to the table and not to a script fails here.
mapfile -t commands < <("$binary" --help |
  awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1}')
((${#commands[@]} >= 10)) || fail "gpq --help lists only: ${commands[*]}"

# expect SHELL LINE [!]WORD...: completing LINE in SHELL offers every WORD, and no !WORD.
# The words offered come from SHELL_complete LINE, one a line.
expect() {
  local shell=$1 line=$2 offered word
  shift 2
  offered=$("${shell}_complete" "$line")
  for word; do
    if [[ $word == !* ]] && grep -qxF -- "${word#!}" <<<"$offered"; then
      fail "$shell: '$line' offers '${word#!}': ${offered//$'\n'/ }"
    elif [[ $word != !* ]] && ! grep -qxF -- "$word" <<<"$offered"; then
      fail "$shell: '$line' does not offer '$word': ${offered//$'\n'/ }"
    fi
  done
}

# expect_only SHELL LINE WORD...: completing LINE in SHELL offers exactly these words.
expect_only() {
  local shell=$1 line=$2 offered
  shift 2
  offered=$("${shell}_complete" "$line" | sort)
  [[ $offered == "$(printf '%s\n' "$@" | sort)" ]] ||
    fail "$shell: '$line' offers ${offered//$'\n'/ }, not $*"
}

# --- bash ------------------------------------------------------------------------------

# The loaded script must register a function for gpq, silently.
output=$(bash --norc --noprofile -c 'source "$1" && source "$2" && complete -p gpq' \
  _ "$bash_completion" "$completions/gpq.bash" 2>&1) || fail "bash: loading gpq.bash: $output"
bash_function=$(sed -n 's/.* -F \([^ ]*\) .*/\1/p' <<<"$output")
[[ -n $bash_function ]] || fail "bash: no completion function for gpq: $output"

# Sets COMP_* as readline would for LINE (the cursor at its end, '=' a word of its own),
# calls the function and prints COMPREPLY; anything on stderr is a failure.
bash_complete() {
  local errors
  { errors=$(bash --norc --noprofile -c '
    source "$1" && source "$2" || exit 1
    line=$4
    read -ra split <<<"$line"
    [[ $line == *" " ]] && split+=("")
    COMP_WORDS=()
    for word in "${split[@]}"; do
      if [[ $word == --*=* ]]; then
        COMP_WORDS+=("${word%%=*}" = "${word#*=}")
      else
        COMP_WORDS+=("$word")
      fi
    done
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
    "$3" gpq "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf "%s\n" "${COMPREPLY[@]}"
  ' _ "$bash_completion" "$completions/gpq.bash" "$bash_function" "$1" 2>&1 >&3); } 3>&1 ||
    fail "bash: '$1' exits nonzero"
  [[ -z $errors ]] || fail "bash: '$1' prints errors: $errors"
}

if [[ -n $bash_function ]]; then
  expect_only bash "gpq h" history
  expect bash "gpq " "${commands[@]}" --db --version
  expect_only bash "gpq gp --format " json tle 2le xml kvn csv table
  expect_only bash "gpq gp --group st" stations starlink
  expect_only bash "gpq gp --regime " LEO MEO GEO HEO
  expect_only bash "gpq catalog --type R" ROCKET_BODY
  expect_only bash "gpq history 25544 --source " spacetrack celestrak all
  expect_only bash "gpq history 25544 --tle-layout " source canonical
  expect bash "gpq nearest 25544 --" --tle-layout --epoch
  expect bash "gpq " state ephemeris passes
  expect_only bash "gpq state 25544 --frame " teme itrf geodetic
  expect_only bash "gpq state 25544 --set " nearest before latest
  expect bash "gpq state --" --all --group --type --regime --at
  expect_only bash "gpq state --all --group st" stations starlink
  expect_only bash "gpq ephemeris 25544 --format " json csv oem table
  expect bash "gpq passes 25544 --" --lat --lon --alt --from --to --min-elevation !--epoch
  expect_only bash "gpq ephemeris 25544 --from " ""
  expect_only bash "gpq sync --source " spacetrack celestrak
  expect bash "gpq serve --" --listen --monthly-quota --access-log --db --quiet
  expect bash "gpq keys " create list revoke !gp
  expect_only bash "gpq keys create --la" --label
  expect_only bash "gpq --format csv gp --gr" --group
  expect_only bash "gpq --format=csv gp --gr" --group
  expect_only bash "gpq gp --format=x" xml
  expect_only bash "gpq sync --from $completions/gpq.b" "$completions/gpq.bash"
  expect_only bash "gpq sync --from README.md $completions/gpq.b" "$completions/gpq.bash"
  expect_only bash "gpq --db $completions/gpq.b" "$completions/gpq.bash"
  # Without a database, or without gpq at all, an id completes to nothing, silently.
  expect bash "gpq --db $work/none.db gp 2" !25544
  PATH=/usr/bin:/bin expect bash "gpq gp 2" !25544
fi

# --- fish ------------------------------------------------------------------------------

output=$(fish --no-config -c 'source $argv[1]' "$completions/gpq.fish" 2>&1) ||
  fail "fish: loading gpq.fish: $output"
[[ -z $output ]] || fail "fish: loading gpq.fish prints: $output"

# Prints the candidates (without descriptions) fish offers for LINE.
fish_complete() {
  local errors
  { errors=$(fish --no-config -c 'source $argv[1]; complete -C $argv[2] | cut -f1' \
    "$completions/gpq.fish" "$1" 2>&1 >&3); } 3>&1 || fail "fish: '$1' exits nonzero"
  [[ -z $errors ]] || fail "fish: '$1' prints errors: $errors"
}

expect_only fish "gpq h" history
expect_only fish "gpq " "${commands[@]}"
expect_only fish "gpq gp --format " json tle 2le xml kvn csv table
expect_only fish "gpq gp --group st" stations starlink
expect_only fish "gpq gp --regime " LEO MEO GEO HEO
expect_only fish "gpq history 25544 --source " spacetrack celestrak all
expect_only fish "gpq gp 25544 --tle-layout " source canonical
expect_only fish "gpq sync --source " spacetrack celestrak
expect fish "gpq serve -" --listen --monthly-quota --access-log --db --quiet -v
expect_only fish "gpq keys " create list revoke
expect_only fish "gpq keys create --la" --label
expect_only fish "gpq --format csv gp --gr" --group
expect_only fish "gpq state 25544 --frame " teme itrf geodetic
expect fish "gpq state --" --all --group --type --regime --at
expect_only fish "gpq state --all --regime " LEO MEO GEO HEO
expect fish "gpq ephemeris 25544 --format " oem
expect fish "gpq passes 25544 --" --lat --lon --alt --min-elevation
expect_only fish "gpq --format csv " "${commands[@]}"
expect_only fish "gpq sync --from README.md $completions/gpq.b" "$completions/gpq.bash"
expect fish "gpq --db $work/none.db gp 2" !25544
PATH=/usr/bin:/bin expect fish "gpq gp 2" !25544

# --- zsh -------------------------------------------------------------------------------

# Types each LINE into an interactive zsh on a pseudo-terminal, presses Tab, and prints
# "BUFFER<TAB>SHOWN" a line: the command line after completion, and what the terminal
# showed meanwhile (the listing), escape sequences removed.
cat >"$work/zsh_tab.zsh" <<'EOF'
setopt extendedglob
zmodload zsh/zpty || exit 2
zpty gpq zsh -f -i
# Reads the terminal into $out up to the next \x02 (printed by the widget dump).
read_dump() {
  local chunk
  local -F deadline=$((SECONDS + 10))
  out=
  until [[ $out == *$'\x02'* ]]; do
    ((SECONDS < deadline)) || { print -u2 "zsh: no answer; the terminal shows: $out"; exit 1 }
    if zpty -r -t gpq chunk; then out+=$chunk; else sleep 0.02; fi
  done
}
zpty -w gpq "PS1= PS2= RPS1=; unsetopt promptsp listambiguous; unset zle_bracketed_paste"
zpty -w gpq "fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u"
# Ctrl-B prints the command line between \x01 and \x02.
zpty -w gpq "dump() { print -rn -- \$'\\n\\x01'\"\$BUFFER\"\$'\\x02' }; zle -N dump; bindkey '^B' dump"
zpty -n -w gpq $'\x02'
read_dump
for line in $argv[2,-1]; do
  # Tab, then Ctrl-B, then Ctrl-U to clear the line for the next one.
  zpty -n -w gpq "$line"$'\t\x02\x15'
  read_dump
  shown=${${out%%$'\x01'*}//$'\e'\[[0-9;?]#[A-Za-z]/}
  print -r -- "${${out#*$'\x01'}%%$'\x02'*}"$'\t'"${shown//[[:cntrl:]]/ }"
done
zpty -d gpq
EOF

zsh_lines=(
  "gpq "
  "gpq h"
  "gpq gp --format "
  "gpq gp --group st"
  "gpq --format csv gp --gr"
  "gpq catalog --format csv --s"
  "gpq keys cr"
  "gpq keys create --la"
  "gpq sync --source "
  "gpq nearest 25544 --tle-layout "
  "gpq ephemeris 25544 --format "
  "gpq state 25544 --frame "
  "gpq state --all --gr"
  "gpq sync --from README.md $completions/gpq.b"
)
zsh_answers=()
if output=$(zsh -f "$work/zsh_tab.zsh" "$completions" "${zsh_lines[@]}" 2>&1); then
  mapfile -t zsh_answers <<<"$output"
else
  fail "$output"
fi

# Prints the command line after Tab on LINE, then the words the terminal showed.
zsh_complete() {
  local i answer shown
  for i in "${!zsh_lines[@]}"; do
    [[ ${zsh_lines[i]} == "$1" ]] || continue
    answer=${zsh_answers[i]-}
    [[ $answer != *_arguments:* && $answer != *_gpq:* ]] || fail "zsh: '$1' shows errors: $answer"
    read -ra shown <<<"${answer#*$'\t'}"
    printf '%s\n' "${answer%%$'\t'*}" "${shown[@]}"
  done
}

expect zsh "gpq " "${commands[@]}"
expect zsh "gpq h" "gpq history "
expect zsh "gpq gp --format " json tle 2le xml kvn csv table
expect zsh "gpq gp --group st" "gpq gp --group sta" stations starlink
expect zsh "gpq --format csv gp --gr" "gpq --format csv gp --group="
expect zsh "gpq catalog --format csv --s" "gpq catalog --format csv --search="
expect zsh "gpq keys cr" "gpq keys create "
expect zsh "gpq keys create --la" "gpq keys create --label="
expect zsh "gpq sync --source " spacetrack celestrak !all
expect zsh "gpq nearest 25544 --tle-layout " source canonical
expect zsh "gpq ephemeris 25544 --format " json csv oem table
expect zsh "gpq state 25544 --frame " teme itrf geodetic
expect zsh "gpq state --all --gr" "gpq state --all --group="
expect zsh "gpq sync --from README.md $completions/gpq.b" \
  "gpq sync --from README.md $completions/gpq.bash "

# --- NORAD ids from the database -------------------------------------------------------

if ! "$binary" __complete norad 2 >/dev/null 2>&1; then
  echo "NOTE: '$binary __complete norad 2' fails: NORAD id completion not checked"
else
  # In HOME, to check that ~/ is expanded. ISS is 25544; the Alpha-5 file adds 100245 and
  # 270449, so that "2" is ambiguous.
  db=$HOME/t.db
  "$binary" --db "$db" sync --quiet --from "$source_dir/tests/data/sync/iss_2026-09-23.3le" \
    "$source_dir/tests/data/sync/alpha5_spacetrack.json"
  expect bash "gpq --db $db gp 255" 25544
  expect_only bash "gpq --db $db gp 2" 25544 270449
  expect bash "gpq gp --db $db 255" 25544
  expect bash "gpq --db=$db history 255" 25544
  expect bash "gpq --db $db nearest zary" 25544
  expect bash "gpq --db ~/t.db range 255" 25544
  expect bash "gpq --db $db gp 25544 " !25544
  expect bash "gpq --db $db gp 9" !25544
  expect fish "gpq --db $db gp 255" 25544
  expect fish "gpq range --db=$db 255" 25544
  expect fish "gpq --db ~/t.db history 255" 25544
  expect fish "gpq --db $db gp 9" !25544
  # fish shows the name as the description.
  description=$(fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
    "$completions/gpq.fish" "gpq --db $db gp 255")
  [[ $description == $'25544\tISS (ZARYA)' ]] ||
    fail "fish: 'gpq --db $db gp 255' offers '$description', not 25544 described as ISS (ZARYA)"
  zsh_lines=(
    "gpq --db $db gp 255"
    "gpq --db $db gp 2"
    "gpq catalog --db=$db 25"
    "gpq --db ~/t.db nearest zary"
    "gpq --db $db adjacent 9"
  )
  if output=$(zsh -f "$work/zsh_tab.zsh" "$completions" "${zsh_lines[@]}" 2>&1); then
    mapfile -t zsh_answers <<<"$output"
    expect zsh "gpq --db $db gp 255" "gpq --db $db gp 25544 "
    # Listed with the names as descriptions.
    expect zsh "gpq --db $db gp 2" 25544 270449 "(ZARYA)" ASSIGNED
    expect zsh "gpq catalog --db=$db 25" "gpq catalog --db=$db 25544 "
    expect zsh "gpq --db ~/t.db nearest zary" "gpq --db ~/t.db nearest 25544 "
    expect zsh "gpq --db $db adjacent 9" "gpq --db $db adjacent 9" !25544
  else
    fail "$output"
  fi
fi

if [[ -s $work/failures ]]; then
  echo "$(wc -l <"$work/failures") completion check(s) failed"
  exit 1
fi
echo "completions of bash, zsh and fish pass"
