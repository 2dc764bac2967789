# bash completion for gpq                                    -*- shell-script -*-
# Installed as /usr/share/bash-completion/completions/gpq.

# Prints the NORAD ids that `gpq __complete norad` finds for $2 in the database $1
# (empty: gpq's default). Silent when gpq or the database cannot answer.
_gpq_norad_ids() {
  local gpq=${words[0]/#\~\//$HOME/}
  local -a db_args=()
  [[ -n $1 ]] && db_args=(--db "${1/#\~\//$HOME/}")
  # Checked first: a missing command would go to command_not_found_handle.
  command -v "$gpq" >/dev/null || return
  "$gpq" "${db_args[@]}" __complete norad "$2" 2>/dev/null | cut -f1
}

# Sets COMPREPLY to the words of $1 that start with the current word.
_gpq_words() {
  mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

_gpq() {
  local cur prev words cword split
  _init_completion -s || return

  local commands="gp history nearest adjacent range state ephemeris passes events conjunctions catalog sync
    serve keys watch status"
  local globals="--db --format --limit --page --per-page -q --quiet -v --verbose --version -h --help"
  # Options followed by a value, so that the value is not taken for a command or an id.
  local valued="--db --format --limit --page --per-page --search --group --intdes --ids --regime
    --type --epoch --start --end --source --tle-layout --owner --launch-year --from --config --celestrak-url
    --spacetrack-url --since --history-days --retries --timeout --listen --threads --public-url
    --rate --burst --heavy-rate --heavy-burst --monthly-quota --access-log --access-log-format
    --metrics-listen --max-streams-per-key --stream-keep-alive --keep-alive --label
    --max-connections --max-connections-per-address --redis --redis-timeout --trusted-proxy
    --max-conjunction-days --at --set --frame --to --step --lat --lon --alt --min-elevation --from-peer --peer-key-file
    --published-at --as-of --url --events --webhook-retry-hours
    --scope --sort --order --threshold --primaries --hard-body-radius"
  valued=" ${valued//[[:space:]]/ } "

  # Walk the words before the cursor: the command, keys' subcommand, positionals, --db.
  local command="" subcommand="" db="" option="" word i
  local -i positionals=0
  for ((i = 1; i < cword; i++)); do
    word=${words[i]}
    if [[ -n $option ]]; then
      [[ $option == --db ]] && db=$word
      option=""
    elif [[ $word == --db=* ]]; then
      db=${word#--db=}
    elif [[ $word == -* ]]; then
      [[ $valued == *" $word "* ]] && option=$word
    elif [[ -z $command ]]; then
      command=$word
    elif [[ ($command == keys || $command == watch) && -z $subcommand ]]; then
      subcommand=$word
    else
      positionals+=1
    fi
  done

  case $prev in
    --db | --config)
      _filedir
      return
      ;;
    --from)
      # Files for sync; a time for ephemeris and passes.
      [[ $command == sync ]] && _filedir
      return
      ;;
    --access-log)
      _filedir
      [[ off == "$cur"* ]] && COMPREPLY+=(off)
      return
      ;;
    --access-log-format)
      _gpq_words "text json"
      return
      ;;
    --format)
      case $command in
        ephemeris) _gpq_words "json csv oem table" ;;
        state | passes | events) _gpq_words "json csv table" ;;
        conjunctions) _gpq_words "json csv table kvn xml" ;;
        *) _gpq_words "json tle 2le xml kvn csv table" ;;
      esac
      return
      ;;
    --set)
      _gpq_words "nearest before latest"
      return
      ;;
    --frame)
      _gpq_words "teme itrf geodetic"
      return
      ;;
    --group)
      _gpq_words "stations starlink oneweb gps-ops glo-ops galileo beidou weather
        geo active analyst last-30-days"
      return
      ;;
    --regime)
      _gpq_words "LEO MEO GEO HEO"
      return
      ;;
    --primaries)
      _gpq_words "all active"
      return
      ;;
    --sort)
      if [[ $command == conjunctions ]]; then
        _gpq_words "miss_distance tca probability"
        return
      fi
      _gpq_words "NORAD_CAT_ID OBJECT_NAME SET_EPOCH SET_AGE_HOURS X Y Z X_DOT Y_DOT Z_DOT
        LATITUDE_DEG LONGITUDE_DEG HEIGHT_KM"
      return
      ;;
    --order)
      _gpq_words "asc desc"
      return
      ;;
    --type)
      _gpq_words "PAYLOAD ROCKET_BODY DEBRIS UNKNOWN"
      return
      ;;
    --tle-layout)
      _gpq_words "source canonical"
      return
      ;;
    --source)
      if [[ $command == sync ]]; then
        _gpq_words "spacetrack celestrak"
      else
        _gpq_words "spacetrack celestrak all"
      fi
      return
      ;;
  esac
  # Any other option taking a value: nothing sensible to offer.
  [[ $split == true || $valued == *" $prev "* ]] && return

  # --from takes any number of files and directories, up to the next option.
  if [[ $command == sync && $cur != -* ]]; then
    for ((i = cword - 1; i > 0; i--)); do
      [[ ${words[i]} == -* ]] && break
    done
    if [[ ${words[i]} == --from || ${words[i]} == --from=* ]]; then
      _filedir
      return
    fi
  fi

  if [[ -z $command ]]; then
    _gpq_words "$commands $globals"
    return
  fi

  local options=""
  case $command in
    gp) options="--search --group --intdes --ids --regime --type --decayed --epoch --tle-layout
      --quality --coverage --as-of" ;;
    history) options="--start --end --source --tle-layout --quality --as-of" ;;
    nearest) options="--epoch --source --tle-layout --quality --as-of" ;;
    adjacent) options="--epoch --quality --as-of" ;;
    range) options="--as-of" ;;
    state) options="--at --set --frame --all --group --type --regime --sort --order
      --allow-stale --coverage --as-of" ;;
    ephemeris) options="--from --to --step --frame --allow-stale --as-of" ;;
    passes) options="--lat --lon --alt --from --to --min-elevation --allow-stale --as-of" ;;
    events) options="--from --to --as-of" ;;
    conjunctions) options="--from --to --threshold --primaries --ids --group --type
      --exclude-same-constellation --follow-archive --hard-body-radius --sort --coverage
      --as-of" ;;
    catalog) options="--search --owner --type --launch-year --all --coverage --as-of" ;;
    sync) options="--from --published-at --source --config --celestrak-url --spacetrack-url --force --wait
      --history --since --history-days --retries --timeout --from-peer --peer-key-file --follow
      --full --gzip" ;;
    serve) options="--listen --threads --no-auth --public-url --rate --burst --heavy-rate
      --heavy-burst --monthly-quota --max-conjunction-days --access-log --access-log-format
      --metrics-listen --max-streams-per-key --stream-keep-alive --webhook-retry-hours --timeout
      --keep-alive --max-connections --max-connections-per-address --redis --redis-timeout --config
      --trusted-proxy" ;;
    watch)
      if [[ -z $subcommand ]]; then
        _gpq_words "add list remove $globals"
        return
      fi
      options=""
      [[ $subcommand == add ]] && options="--url --ids --group --events --allow-private"
      ;;
    keys)
      if [[ -z $subcommand ]]; then
        _gpq_words "create list revoke $globals"
        return
      fi
      options="--redis --config"
      [[ $subcommand == create ]] && options="--label --scope --redis --config"
      ;;
  esac

  case $command in
    gp | history | nearest | adjacent | range | state | ephemeris | passes | events | catalog)
      if [[ $cur != -* ]] && ((positionals == 0)); then
        mapfile -t COMPREPLY < <(_gpq_norad_ids "$db" "$cur")
        # Without ids (no database, no match) fall back to the options.
        ((${#COMPREPLY[@]})) && return
      fi
      ;;
  esac
  _gpq_words "$options $globals"
} &&
  complete -F _gpq gpq

# ex: filetype=sh
