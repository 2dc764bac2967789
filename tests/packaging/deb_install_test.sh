#!/usr/bin/env bash
# Checks a built .deb the way a new machine meets it: lintian finds no error, dpkg -i installs
# it, the binary, man pages, completions and units are where Debian looks for them, and
# dpkg --purge removes every file again.
# usage: deb_install_test.sh PACKAGE.deb   (installing needs root or sudo)
set -euo pipefail
deb=$(realpath "$1")
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if ! sudo -n true 2>/dev/null; then
    echo "SKIP: installing a package needs root or passwordless sudo"
    exit 0
  fi
  sudo=(sudo -n)
fi
fail() {
  echo "FAIL: $*"
  exit 1
}

# lintian: errors fail; warnings are printed for the record.
report=$(lintian --tag-display-limit 0 "$deb" 2>&1) || true
echo "${report:-lintian: no findings}"
if grep -q '^E:' <<<"$report"; then
  fail "lintian reports errors"
fi

if dpkg-query -W -f='${Status}' gpq 2>/dev/null | grep -q 'install ok installed'; then
  fail "a gpq package is already installed here; remove it first"
fi
trap '"${sudo[@]}" dpkg --purge gpq >/dev/null 2>&1 || true' EXIT
"${sudo[@]}" dpkg -i "$deb" >/dev/null

files=$(dpkg -L gpq)
/usr/bin/gpq --version | grep -q '^gpq [0-9]' || fail "gpq --version from /usr/bin"
# sync, serve and keys run in /usr/libexec/gpq/gpq-net: gpq finds it and hands them over.
[[ -x /usr/libexec/gpq/gpq-net ]] || fail "/usr/libexec/gpq/gpq-net is not installed"
/usr/bin/gpq keys --help | grep -q 'create' || fail "gpq keys --help (through gpq-net)"
[[ $(man -w gpq) == /usr/share/man/man1/gpq.1.gz ]] || fail "man -w gpq gives $(man -w gpq)"
[[ $(man -w gpq-serve) == /usr/share/man/man1/gpq-serve.1.gz ]] || fail "man -w gpq-serve"
for path in /usr/share/bash-completion/completions/gpq /usr/share/zsh/vendor-completions/_gpq \
  /usr/share/fish/vendor_completions.d/gpq.fish /lib/systemd/system/gpq-sync.service \
  /lib/systemd/system/gpq-sync.timer /lib/systemd/system/gpq-serve.service \
  /etc/gpq/config.toml /usr/share/doc/gpq/copyright; do
  grep -qx "$path" <<<"$files" || fail "$path is not in the package"
  [[ -e $path ]] || fail "$path was not installed"
done
dpkg-query -W -f='${Conffiles}' gpq | grep -q /etc/gpq/config.toml || fail "config.toml is no conffile"
getent passwd gpq >/dev/null || fail "postinst did not create the gpq user"
[[ $(stat -c %U /var/lib/gpq) == gpq ]] || fail "/var/lib/gpq is not owned by gpq"
# Tab completion from the installed files, found the way each shell looks for them.
shell_home=$(mktemp -d)
bash -c 'source /usr/share/bash-completion/bash_completion && __load_completion gpq &&
  complete -p gpq' | grep -q _gpq || fail "bash does not load the installed completion"
HOME=$shell_home XDG_CONFIG_HOME=$shell_home fish -c 'complete -C "gpq h"' | grep -q '^history' ||
  fail "fish does not complete 'gpq h' from the installed completion"
[[ $(zsh -f -c "autoload -Uz compinit && compinit -u -d $shell_home/zcompdump &&
  print \${_comps[gpq]}") == _gpq ]] || fail "zsh does not find the installed _gpq"
rm -rf "$shell_home"
# The installed units, as systemd would load them.
if command -v systemd-analyze >/dev/null; then
  output=$(systemd-analyze verify /lib/systemd/system/gpq-sync.service \
    /lib/systemd/system/gpq-sync.timer /lib/systemd/system/gpq-serve.service 2>&1) ||
    fail "systemd-analyze verify: $output"
  [[ -z $output ]] || fail "systemd-analyze verify: $output"
fi
# The installed binary works as the service user would run it.
work=$(mktemp -d)
chmod 755 "$work"
# A query names no database it would create: keys create (through gpq-net) makes it first.
"${sudo[@]}" /usr/bin/gpq --db "$work/t.db" keys create --label package --quiet >/dev/null ||
  fail "gpq keys create from the installed binary"
"${sudo[@]}" /usr/bin/gpq --db "$work/t.db" status --format json | grep -q '"status"' ||
  fail "gpq status from the installed binary"
rm -rf "$work"

"${sudo[@]}" dpkg --purge gpq >/dev/null
trap - EXIT
for path in $files; do
  # Directories shared with other packages (/usr, /usr/share/man/man1, ...) stay.
  if [[ -e $path && ! -d $path ]]; then
    fail "$path is still there after purge"
  fi
done
[[ ! -e /var/lib/gpq ]] || fail "/var/lib/gpq is still there after purge"
echo "package $(basename "$deb"): lintian has no errors; installs, runs, purges cleanly"
