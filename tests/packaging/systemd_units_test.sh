#!/usr/bin/env bash
# systemd-analyze verify on the units of packaging/systemd, with ExecStart pointing at the
# binary under test and the man pages they name made findable (as the package installs them).
# usage: systemd_units_test.sh SOURCE_DIR GPQ_BINARY
set -euo pipefail
source_dir=$1
binary=$2
if ! command -v systemd-analyze >/dev/null; then
  echo "SKIP: systemd-analyze is not installed"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/units" "$work/man/man1"
cp "$source_dir"/packaging/systemd/* "$work/units/"
sed -i "s|/usr/bin/gpq|$binary|g" "$work"/units/*
cp "$source_dir"/man/*.1 "$work/man/man1/"
output=$(MANPATH="$work/man" systemd-analyze verify "$work"/units/* 2>&1) || {
  echo "$output"
  exit 1
}
# verify prints problems without always failing: any output is a finding.
if [[ -n $output ]]; then
  echo "$output"
  exit 1
fi
echo "units verified: $(cd "$work/units" && echo *)"
