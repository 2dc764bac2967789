// Text to requests: every input check of the query core and its message, once.
// The CLI and the HTTP server collect their arguments into Params under the same
// keys (`--per-page` <-> `per_page`) and call the same bind_*() function.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/change_event.h"
#include "gpq/conjunction_query.h"
#include "gpq/event_query.h"
#include "gpq/format.h"
#include "gpq/orbit_query.h"
#include "gpq/query.h"

namespace gpq {

using Params = std::map<std::string, std::string, std::less<>>;

// Format names in preference order, comma-separated (the HTTP front end fills it from the
// Accept header): without a `format` parameter, the first one the endpoint offers is used.
inline constexpr std::string_view kAcceptKey = "accept";

// What differs between the front ends: the CLI may ask for `table` and for every row.
enum class FrontEnd : std::uint8_t { cli, http };

template <typename Query>
struct BoundRequest {
  Query query;
  Format format = Format::json;
  Paging paging;
  // `tle_layout` (source or canonical), for the questions that can answer in tle or 2le.
  TleLayout tle_layout = TleLayout::source;
  // `include=quality`: each set with its quality flags (gp, searches, snapshots, history,
  // nearest, adjacent).
  bool quality = false;
  // `include=coverage`: how much of the catalog the answer stands on (searches, snapshots, the
  // catalog's states, conjunctions, the catalog search).
  bool coverage = false;
};

// Each throws Error{bad_request} with a message naming the parameter and what to change.
// `norad_id` is the path/positional text ("25544"); 1..999999999.
std::int32_t bind_norad_id(std::string_view text);

// `as_of`: answer with what was published at or before this instant (gpq/as_of.h); none when
// not given. Throws Error{bad_request} for a date it cannot read.
std::optional<TimePoint> bind_as_of(const Params& params);
// Throws Error{bad_request} when `as_of` is given to a question (`what`) that does not answer
// as of an instant; `instead` says what does.
void refuse_as_of(const Params& params, std::string_view what, std::string_view instead);

BoundRequest<std::int32_t> bind_latest(std::string_view norad_id, const Params& params,
                                       FrontEnd end);
BoundRequest<GpFilter> bind_gp_search(const Params& params, FrontEnd end);
BoundRequest<SnapshotQuery> bind_snapshot(const Params& params, FrontEnd end);
BoundRequest<HistoryQuery> bind_history(std::string_view norad_id, const Params& params,
                                        FrontEnd end);
BoundRequest<NearestQuery> bind_nearest(std::string_view norad_id, const Params& params,
                                        FrontEnd end);
BoundRequest<AdjacentQuery> bind_adjacent(std::string_view norad_id, const Params& params,
                                          FrontEnd end);
BoundRequest<std::int32_t> bind_range(std::string_view norad_id, const Params& params,
                                      FrontEnd end);
BoundRequest<std::int32_t> bind_catalog_record(std::string_view norad_id, const Params& params,
                                               FrontEnd end);
BoundRequest<CatalogFilter> bind_catalog_search(const Params& params, FrontEnd end);
// The status document's format: json (and the CLI's table).
Format bind_status_format(const Params& params, FrontEnd end);
// `gpq keys list`: json or csv (and the CLI's table).
Format bind_keys_format(const Params& params, FrontEnd end);

// "Where is it" (src/core/request_orbit.cc). state: `epoch` (required), `set`
// (nearest|before|latest), `frame` (teme|itrf|geodetic), json or csv. ephemeris: `start`,
// `end` (required), `step` (a duration: 60s, 10min, 1h; default 60s), `frame`, json, csv or oem,
// paged by `page`/`per_page` (at most kMaxEphemerisPerPage) over at most kMaxEphemerisPoints
// instants. passes: `lat`, `lon` (required), `alt` (metres), `start`, `end` (required, at most
// kMaxPassWindowDays apart), `min_elevation` (degrees), json or csv.
BoundRequest<StateQuery> bind_state(std::string_view norad_id, const Params& params, FrontEnd end);
// The catalog's states: `epoch` (required), `frame`, `group`, `object_type`, `orbit_regime`
// (/gp/epoch's filters and group), `set` only nearest; json or csv; paged by `page`/`per_page`
// (at most kMaxCatalogStatePerPage, default kDefaultCatalogStatePerPage, no offset limit).
BoundRequest<CatalogStateQuery> bind_catalog_state(const Params& params, FrontEnd end);
BoundRequest<EphemerisQuery> bind_ephemeris(std::string_view norad_id, const Params& params,
                                            FrontEnd end);
BoundRequest<PassQuery> bind_passes(std::string_view norad_id, const Params& params, FrontEnd end);

// Conjunctions (src/core/request_conjunctions.cc, docs/CONJUNCTIONS.md): `from`, `to`
// (default now and 7 days later; the service refuses a window longer than `max_days`),
// `threshold` (km, default 5, at most 50), the primaries (`primaries` all|active, `norad_ids`,
// `group`, `object_type`), `exclude_same_constellation`, `hard_body_radius` (m, default 20),
// `sort` (miss_distance|tca|probability); json, csv, or CCSDS CDM as kvn or xml; paged by
// `page`/`per_page` (at most kMaxConjunctionPerPage).
BoundRequest<ConjunctionQuery> bind_conjunctions(const Params& params, FrontEnd end,
                                                 std::int64_t max_days = kMaxConjunctionDays);

// What a client of the stream or a webhook follows (src/core/request_changes.cc,
// docs/STREAM.md): `norad_ids`, `group`, `events` (comma-separated change kinds, default all).
ChangeFilter bind_change_filter(const Params& params);
// Where a stream resumes: the Last-Event-ID header's text (or `last_event_id`), empty for none.
std::optional<std::int64_t> bind_last_event_id(std::string_view text);

// An object's sets as columns for plotting (/gp/{id}/series): `start`, `end` (optional,
// start <= end), json only.
BoundRequest<HistoryQuery> bind_series(std::string_view norad_id, const Params& params,
                                       FrontEnd end);

// An object's events (src/core/request_events.cc): `start`, `end` (optional, start <= end),
// json or csv (and table on the CLI).
BoundRequest<EventQuery> bind_events(std::string_view norad_id, const Params& params, FrontEnd end);

// The groups of docs/API.md "Groups", in its order.
inline constexpr std::string_view kGroups[] = {
    "stations", "starlink", "oneweb", "gps-ops", "glo-ops", "galileo",
    "beidou",   "weather",  "geo",    "active",  "analyst", "last-30-days",
};
// "stations, starlink, ..., last-30-days", for help and messages.
std::string group_names();

}  // namespace gpq
