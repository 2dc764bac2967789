# fish completion for gpq, installed as /usr/share/fish/vendor_completions.d/gpq.fish.

set -l norad_commands gp history nearest adjacent range state ephemeris passes events catalog

# Options followed by a value, so that the value is not taken for a command or an id.
set -g __gpq_valued --sort --order --db --format --limit --page --per-page --search --group --intdes --ids \
    --regime --type --epoch --start --end --source --tle-layout --owner --launch-year --from --config \
    --celestrak-url --spacetrack-url --since --history-days --retries --timeout --listen \
    --threads --public-url --rate --burst --heavy-rate --heavy-burst --monthly-quota \
    --access-log --access-log-format --metrics-listen --max-streams-per-key --stream-keep-alive \
    --webhook-retry-hours --url --events --keep-alive --max-connections --max-connections-per-address --label --redis \
    --redis-timeout --trusted-proxy --at --set --frame --to --step --lat --lon --alt \
    --min-elevation --from-peer --peer-key-file --scope --threshold --primaries --hard-body-radius \
    --max-conjunction-days --published-at --as-of

# Prints the words before the cursor that are neither options nor their values:
# the command, keys' subcommand, a NORAD id.
function __gpq_positionals
    set -l skip 0
    for token in (commandline -opc)[2..-1]
        if test $skip = 1
            set skip 0
        else if contains -- $token $__gpq_valued
            set skip 1
        else if not string match -q -- '-*' $token
            echo $token
        end
    end
end

# True when the positionals so far are exactly the arguments.
function __gpq_at
    set -l positionals (__gpq_positionals)
    test "$positionals" = "$argv"
end

# True when the command is one of the arguments.
function __gpq_command
    set -l positionals (__gpq_positionals)
    set -q positionals[1]; and contains -- $positionals[1] $argv
end

# True when the command is one of the arguments and has no NORAD id yet.
function __gpq_needs_norad
    set -l positionals (__gpq_positionals)
    test (count $positionals) -eq 1; and contains -- $positionals[1] $argv
end

# True when the last option before the cursor is --from, which takes any number of paths.
function __gpq_in_from
    set -l tokens (commandline -opc)
    for token in $tokens[-1..2]
        if string match -q -- '-*' $token
            string match -q -- '--from' $token; or string match -q -- '--from=*' $token
            return
        end
    end
    return 1
end

# NORAD ids from `gpq __complete norad`, described by object name. Fish keeps only
# candidates that match the typed text, so names would never match: digits only.
function __gpq_norad_ids
    set -l word (commandline -ct)
    string match -qr '^[0-9]*$' -- $word; or return
    set -l tokens (commandline -opc)
    set -l db
    for i in (seq 2 (count $tokens))
        switch $tokens[$i]
            case --db
                set db --db $tokens[(math $i + 1)]
            case '--db=*'
                set db --db (string replace -- --db= '' $tokens[$i])
        end
    end
    set db (string replace -r -- '^~/' "$HOME/" $db)
    set -l gpq (string replace -r -- '^~/' "$HOME/" $tokens[1])
    command -q $gpq; or return
    $gpq $db __complete norad $word 2>/dev/null
end

complete -c gpq -f

# Global options, accepted before and after the subcommand.
complete -c gpq -l db -r -F -d 'Database file'
complete -c gpq -l format -x -a 'json tle 2le xml kvn csv table' -d 'Output format'
complete -c gpq -l limit -x -d 'Print at most N records'
complete -c gpq -l page -x -d 'Page number (with --per-page)'
complete -c gpq -l per-page -x -d 'Records per page, 1 to 500'
complete -c gpq -s q -l quiet -d 'Print errors only'
complete -c gpq -s v -l verbose -d 'Print more detail'
complete -c gpq -l version -d 'Display program version information and exit'
complete -c gpq -s h -l help -d 'Print help and exit'

complete -c gpq -n '__gpq_at' -a gp -d 'Print current element sets: one object, or a search'
complete -c gpq -n '__gpq_at' -a history -d 'Print the element sets of one object over time'
complete -c gpq -n '__gpq_at' -a nearest -d 'Print the element set closest to an epoch'
complete -c gpq -n '__gpq_at' -a adjacent -d 'Print the element sets bracketing an epoch'
complete -c gpq -n '__gpq_at' -a range -d 'Print the epoch span and set count of one object'
complete -c gpq -n '__gpq_at' -a state -d 'Print where an object is at an instant (SGP4 from its set)'
complete -c gpq -n '__gpq_at' -a ephemeris -d 'Print states at even steps, each from the element set nearest its instant'
complete -c gpq -n '__gpq_at' -a passes -d "Print an object's passes over an observer: rise, culmination and set"
complete -c gpq -n '__gpq_at' -a events -d "Print the manoeuvres, decay and gaps found in one object's history"
complete -c gpq -n '__gpq_at' -a conjunctions -d 'Print which objects come within a distance of which in a time window'
complete -c gpq -n '__gpq_at' -a catalog -d 'Print satellite catalog (SATCAT) records'
complete -c gpq -n '__gpq_at' -a sync -d 'Update the mirror from CelesTrak and Space-Track, or from files'
complete -c gpq -n '__gpq_at' -a serve -d 'Serve the read-only HTTP API'
complete -c gpq -n '__gpq_at' -a keys -d 'Create, list and revoke API keys for gpq serve'
complete -c gpq -n '__gpq_at' -a watch -d 'Add, list and remove webhooks that gpq serve posts each change to'
complete -c gpq -n '__gpq_at' -a status -d "Show the mirror's size and its last sync per source"

complete -c gpq -n "__gpq_needs_norad $norad_commands" -a '(__gpq_norad_ids)'

set -l is_gp "__gpq_command gp"
complete -c gpq -n $is_gp -l search -x -d 'Name contains this text (any case)'
complete -c gpq -n $is_gp -l group -x -d 'CelesTrak group' \
    -a 'stations starlink oneweb gps-ops glo-ops galileo beidou weather geo active analyst last-30-days'
complete -c gpq -n $is_gp -l intdes -x -d 'Launch (1998-067) or piece (1998-067A)'
complete -c gpq -n $is_gp -l ids -x -d 'Comma-separated NORAD ids, at most 100'
complete -c gpq -n $is_gp -l regime -x -a 'LEO MEO GEO HEO' -d 'Orbit regime'
complete -c gpq -n $is_gp -l decayed -d 'Include decayed objects'
complete -c gpq -n $is_gp -l epoch -x -d "Snapshot: each object's set nearest this time"

set -l is_history "__gpq_command history"
complete -c gpq -n $is_history -l start -x -d 'From this time'
complete -c gpq -n $is_history -l end -x -d 'Up to this time, inclusive'

complete -c gpq -n "__gpq_command nearest adjacent" -l epoch -x \
    -d 'ISO 8601, jd:<julian date> or unix:<seconds>'
complete -c gpq -n "__gpq_command history nearest" -l source -x \
    -a 'spacetrack celestrak all' -d 'Upstream the sets came from'
complete -c gpq -n "__gpq_command gp history nearest" -l tle-layout -x \
    -a 'source canonical' -d 'TLE lines as their source wrote them, or canonical'
complete -c gpq -n "__gpq_command gp history nearest adjacent range state ephemeris passes events conjunctions catalog" -l as-of -x \
    -d 'Answer with what was published by this time'
complete -c gpq -n "__gpq_command gp history nearest adjacent" -l quality \
    -d "Each set's quality flags (json, csv, table)"
complete -c gpq -n "__gpq_command gp state conjunctions catalog" -l coverage \
    -d 'How much of the catalog the answer stands on'
complete -c gpq -n "__gpq_command state ephemeris passes" -l allow-stale \
    -d 'Propagate a stale set, or after the decay, instead of refusing'

set -l is_state "__gpq_command state"
complete -c gpq -n $is_state -l at -x -d 'The instant: ISO 8601, jd:<julian date> or unix:<seconds>'
complete -c gpq -n $is_state -l set -x -a 'nearest before latest' -d 'Which set answers'
complete -c gpq -n $is_state -l all -d 'Every object of the catalog at the instant'
complete -c gpq -n $is_state -l group -x -d 'With --all: CelesTrak group' \
    -a 'stations starlink oneweb gps-ops glo-ops galileo beidou weather geo active analyst last-30-days'
complete -c gpq -n $is_state -l regime -x -a 'LEO MEO GEO HEO' -d 'With --all: orbit regime'
complete -c gpq -n $is_state -l sort -x \
    -a 'NORAD_CAT_ID OBJECT_NAME SET_EPOCH SET_AGE_HOURS X Y Z X_DOT Y_DOT Z_DOT LATITUDE_DEG LONGITUDE_DEG HEIGHT_KM' \
    -d 'With --all: order every row by a field'
complete -c gpq -n $is_state -l order -x -a 'asc desc' -d 'With --sort: direction'
complete -c gpq -n "__gpq_command state ephemeris" -l frame -x -a 'teme itrf geodetic' \
    -d 'teme (SGP4), itrf (Earth-fixed) or geodetic (WGS-84)'
complete -c gpq -n "__gpq_command state passes events" -l format -x -a 'json csv table' -d 'Output format'
complete -c gpq -n "__gpq_command events" -l from -x -d 'Events from this time'
complete -c gpq -n "__gpq_command events" -l to -x -d 'Events up to this time, inclusive'

set -l is_conjunctions "__gpq_command conjunctions"
complete -c gpq -n $is_conjunctions -l from -x -d 'Start of the window (default: now)'
complete -c gpq -n $is_conjunctions -l to -x -d 'End of the window (default: 7 days after --from)'
complete -c gpq -n $is_conjunctions -l threshold -x -d 'Approaches closer than this, in km'
complete -c gpq -n $is_conjunctions -l primaries -x -a 'all active' -d 'Which objects are primaries'
complete -c gpq -n $is_conjunctions -l ids -x -d 'Primaries: comma-separated NORAD ids'
complete -c gpq -n $is_conjunctions -l group -x -d 'Primaries: CelesTrak group' \
    -a 'stations starlink oneweb gps-ops glo-ops galileo beidou weather geo active analyst last-30-days'
complete -c gpq -n $is_conjunctions -l exclude-same-constellation -d 'Never pair two objects of one constellation'
complete -c gpq -n $is_conjunctions -l follow-archive -d 'Propagate each object from the set nearest each instant'
complete -c gpq -n $is_conjunctions -l hard-body-radius -x -d 'Combined radius for the probability, in m'
complete -c gpq -n $is_conjunctions -l sort -x -a 'miss_distance tca probability' -d 'Order of the events'
complete -c gpq -n $is_conjunctions -l format -x -a 'json csv table kvn xml' -d 'Output format'

set -l is_ephemeris "__gpq_command ephemeris"
complete -c gpq -n "__gpq_command ephemeris passes" -l from -x -d 'First instant'
complete -c gpq -n "__gpq_command ephemeris passes" -l to -x -d 'Last instant, inclusive'
complete -c gpq -n $is_ephemeris -l step -x -d 'Between instants: 60s, 500ms, 10min, 1.5h, 1d'
complete -c gpq -n $is_ephemeris -l format -x -a 'json csv oem table' -d 'Output format'

set -l is_passes "__gpq_command passes"
complete -c gpq -n $is_passes -l lat -x -d "Observer's geodetic latitude, degrees north"
complete -c gpq -n $is_passes -l lon -x -d "Observer's longitude, degrees east"
complete -c gpq -n $is_passes -l alt -x -d "Observer's height above WGS-84, metres"
complete -c gpq -n $is_passes -l min-elevation -x -d 'Elevation a pass must reach, degrees'

set -l is_catalog "__gpq_command catalog"
complete -c gpq -n $is_catalog -l search -x -d 'Name contains this text (any case)'
complete -c gpq -n $is_catalog -l owner -x -d 'Owner or country code (US, CIS, PRC, ...)'
complete -c gpq -n $is_catalog -l launch-year -x -d 'Launched in this year'
complete -c gpq -n $is_catalog -l all -d 'Include decayed objects'

complete -c gpq -n "__gpq_command gp catalog state conjunctions" -l type -x \
    -a 'PAYLOAD ROCKET_BODY DEBRIS UNKNOWN' -d 'Object type'

set -l is_sync "__gpq_command sync"
complete -c gpq -n $is_sync -l from -r -F -d 'Import these files or directories'
complete -c gpq -n "$is_sync; and __gpq_in_from" -F
complete -c gpq -n $is_sync -l source -x -a 'spacetrack celestrak' -d 'Upstream (with --from: where the files came from)'
complete -c gpq -n $is_sync -l config -r -F -d 'Configuration file'
complete -c gpq -n $is_sync -l celestrak-url -x -d 'CelesTrak base URL'
complete -c gpq -n $is_sync -l spacetrack-url -x -d 'Space-Track base URL'
complete -c gpq -n $is_sync -l force -d 'Ask even for resources asked recently'
complete -c gpq -n $is_sync -l wait -d 'Wait for another sync of the same database to finish'
complete -c gpq -n $is_sync -l history -d 'Space-Track: back-fill gp_history from --since'
complete -c gpq -n $is_sync -l since -x -d 'Start of the --history back-fill'
complete -c gpq -n $is_sync -l history-days -x -d 'Days of CREATION_DATE per request (1-31)'
complete -c gpq -n $is_sync -l retries -x -d 'Retries after a failed request (0-10)'
complete -c gpq -n $is_sync -l timeout -x -d 'Seconds allowed for one download'
complete -c gpq -n $is_sync -l published-at -x -d "With --from: when the files' sets were published"
complete -c gpq -n $is_sync -l from-peer -x -d 'Follow this gpq server through its change stream'
complete -c gpq -n $is_sync -l peer-key-file -r -d "File holding the peer's replication key"
complete -c gpq -n $is_sync -l follow -d 'With --from-peer: keep pulling as the peer commits'
complete -c gpq -n $is_sync -l full -d 'With --from-peer: pull the whole mirror again'
complete -c gpq -n $is_sync -l gzip -d 'With --from-peer: ask for the stream gzipped'

set -l is_serve "__gpq_command serve"
complete -c gpq -n $is_serve -l listen -x -d 'ADDRESS:PORT to listen on'
complete -c gpq -n $is_serve -l threads -x -d 'Requests served at once'
complete -c gpq -n $is_serve -l no-auth -d 'Serve requests without a key'
complete -c gpq -n $is_serve -l public-url -x -d 'External URL of the server root behind a proxy'
complete -c gpq -n $is_serve -l rate -x -d 'Requests per second per key'
complete -c gpq -n $is_serve -l burst -x -d 'Burst per key'
complete -c gpq -n $is_serve -l heavy-rate -x -d 'Requests per second per key on the heavy endpoints'
complete -c gpq -n $is_serve -l heavy-burst -x -d 'Burst on the heavy endpoints'
complete -c gpq -n $is_serve -l monthly-quota -x -d 'Requests per key per UTC month'
complete -c gpq -n $is_serve -l max-conjunction-days -x -d 'Longest window /conjunctions screens, in days'
complete -c gpq -n $is_serve -l access-log -r -F -a off -d 'File to append request lines to, or off'
complete -c gpq -n $is_serve -l access-log-format -x -a 'text json' \
    -d 'A line of text, or a JSON object, per request'
complete -c gpq -n $is_serve -l metrics-listen -x \
    -d 'ADDRESS:PORT to serve /metrics on for Prometheus'
complete -c gpq -n $is_serve -l max-streams-per-key -x -d '/stream connections one key may hold open'
complete -c gpq -n $is_serve -l stream-keep-alive -x \
    -d 'Seconds without an event before a keep-alive comment'
complete -c gpq -n $is_serve -l timeout -x -d 'Seconds for a request to arrive whole, or a response to be read'
complete -c gpq -n $is_serve -l keep-alive -x -d 'Seconds an idle kept-alive connection stays open'
complete -c gpq -n $is_serve -l max-connections -x -d 'Connections open at once'
complete -c gpq -n $is_serve -l max-connections-per-address -x -d 'Connections open at once from one address'
complete -c gpq -n $is_serve -l redis -x -d 'Share keys and limits through this Redis (redis://HOST:PORT)'
complete -c gpq -n $is_serve -l redis-timeout -x -d 'Milliseconds to wait for Redis before a 503'
complete -c gpq -n $is_serve -l config -r -F -d 'Configuration file (redis.url)'
complete -c gpq -n $is_serve -l trusted-proxy -x -d 'Proxy whose X-Forwarded-For is believed'

complete -c gpq -n '__gpq_at keys' -a create -d 'Make a key and print it (only this once)'
complete -c gpq -n '__gpq_at keys' -a list -d 'List keys: id, label, created, revoked, use'
complete -c gpq -n '__gpq_at keys' -a revoke -d 'Revoke a key'
complete -c gpq -n '__gpq_at keys create' -l label -x -d 'A name to recognise the key by'
complete -c gpq -n '__gpq_at keys create' -l scope -x -a 'api replication' -d 'What the key reads'
complete -c gpq -n '__gpq_at keys create; or __gpq_at keys list; or __gpq_at keys revoke' -l redis -x -d 'The keys a fleet shares in this Redis'

complete -c gpq -n $is_serve -l webhook-retry-hours -x -d 'Hours a webhook delivery is tried again'
complete -c gpq -n '__gpq_at watch' -a add -d 'Post each change to a URL (its secret printed once)'
complete -c gpq -n '__gpq_at watch' -a list -d 'List watches: what each follows and how its deliveries go'
complete -c gpq -n '__gpq_at watch' -a remove -d 'Remove a watch'
complete -c gpq -n '__gpq_at watch add' -l url -x -d 'http(s) URL to POST each change to'
complete -c gpq -n '__gpq_at watch add' -l ids -x -d 'Only these NORAD ids'
complete -c gpq -n '__gpq_at watch add' -l group -x -d 'Only the members of a group'
complete -c gpq -n '__gpq_at watch add' -l events -x -a 'set manoeuvre decay conjunction' -d 'Only these changes'
complete -c gpq -n '__gpq_at watch add' -l allow-private -d 'Let the URL name a loopback or private address'
