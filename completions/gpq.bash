# bash completion for gpq
_gpq() {
  local cur prev words cword
  _init_completion || return
  local commands="gp history nearest adjacent range catalog sync serve keys status"
  local globals="--db --format --limit --page --per-page --quiet --verbose --version --help"
  case "$prev" in
    --format) COMPREPLY=($(compgen -W "json tle 2le xml kvn csv table" -- "$cur")); return ;;
    --group) COMPREPLY=($(compgen -W "stations starlink oneweb gps-ops glo-ops galileo beidou weather geo active analyst last-30-days" -- "$cur")); return ;;
    --regime) COMPREPLY=($(compgen -W "LEO MEO GEO HEO" -- "$cur")); return ;;
    --type) COMPREPLY=($(compgen -W "PAYLOAD ROCKET_BODY DEBRIS UNKNOWN" -- "$cur")); return ;;
    --source) COMPREPLY=($(compgen -W "spacetrack celestrak all" -- "$cur")); return ;;
    --db|--from|--access-log) _filedir; return ;;
  esac
  local command="" word
  for word in "${words[@]:1:cword-1}"; do
    [[ " $commands " == *" $word "* ]] && command=$word && break
  done
  if [[ -z "$command" ]]; then
    COMPREPLY=($(compgen -W "$commands $globals" -- "$cur"))
    return
  fi
  local options
  case "$command" in
    gp) options="--search --group --intdes --ids --regime --type --decayed --epoch" ;;
    history) options="--start --end --source" ;;
    nearest) options="--epoch --source" ;;
    adjacent) options="--epoch" ;;
    catalog) options="--search --owner --type --launch-year --all" ;;
    sync) options="--from --source" ;;
    serve) options="--listen --threads --public-url --no-auth --rate --burst --heavy-rate --heavy-burst --monthly-quota --access-log --timeout --keep-alive" ;;
    keys) options="create list revoke --label" ;;
  esac
  COMPREPLY=($(compgen -W "$options $globals" -- "$cur"))
}
complete -F _gpq gpq
