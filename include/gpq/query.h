// The questions the query core answers (docs/API.md, docs/DECISIONS.md) and the shapes
// of their answers, shared by the CLI and the HTTP API.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

namespace gpq {

inline constexpr std::int64_t kDefaultPerPage = 100;
inline constexpr std::int64_t kMaxPerPage = 500;
inline constexpr std::int64_t kMaxOffset = 10'000;
// Sets of one series request (/gp/{id}/series: a history's plot points in one answer).
inline constexpr std::int64_t kMaxSeriesPoints = 100'000;
inline constexpr std::size_t kMaxNoradIds = 100;

// Which rows of a list to return. HTTP always pages; the CLI returns every row unless
// --limit or --page/--per-page is given (`all` then is true and page/per_page unused).
struct Paging {
  std::int64_t page = 1;
  std::int64_t per_page = kDefaultPerPage;
  bool all = false;                   // every row (CLI default)
  std::optional<std::int64_t> limit;  // CLI --limit: at most this many rows, from the first
};

// The pagination object of docs/API.md "Lists and pagination", less the URLs (front ends
// build those).
struct PageInfo {
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t per_page = kDefaultPerPage;
  std::int64_t total_pages = 0;
};

// The rows a Paging selects out of `total`: [offset, offset + count) (count -1: to the end),
// and the pagination to report.
struct PageSlice {
  std::int64_t offset = 0;
  std::int64_t count = -1;
  PageInfo info;
};
PageSlice slice_page(const Paging& paging, std::int64_t total);

// Which data source a history/nearest query reads: one of GPQ_DATA_SOURCES, or `all` merged
// (the authority rule of gpq/element_set.h decides a tie).
enum class SourceFilter : std::uint8_t {
  all,
#define GPQ_SOURCE_FILTER_ENUMERATOR(name, value, neutral) name,
  GPQ_DATA_SOURCES(GPQ_SOURCE_FILTER_ENUMERATOR)
#undef GPQ_SOURCE_FILTER_ENUMERATOR
};

constexpr SourceFilter only(DataSource source) noexcept {
  return static_cast<SourceFilter>(static_cast<int>(source) + 1);
}
// The one source a filter reads; none for `all`.
constexpr std::optional<DataSource> only_source(SourceFilter filter) noexcept {
  if (filter == SourceFilter::all) {
    return std::nullopt;
  }
  return static_cast<DataSource>(static_cast<int>(filter) - 1);
}

// GET /gp and `gpq gp` with filters: the current set of every matching object.
struct GpFilter {
  std::optional<std::string> search;  // case-insensitive substring of OBJECT_NAME
  std::optional<std::string> group;   // a group of docs/API.md "Groups"
  std::optional<std::string> intdes;  // `1998-067` (a launch) or `1998-067A` (a piece)
  std::vector<std::int32_t> norad_ids;
  std::optional<OrbitRegime> orbit_regime;
  std::optional<ObjectType> object_type;
  bool include_decayed = false;  // decay=true
  TimePoint as_of;               // "now" for decay and launch-age rules (set by the core)
};

// GET /gp/epoch: the nearest set of every object tracked at `epoch` (none: same as GpFilter{}).
struct SnapshotQuery {
  std::optional<TimePoint> epoch;
  std::optional<ObjectType> object_type;
  std::optional<OrbitRegime> orbit_regime;
  // A group of kGroups, judged at `epoch` (its synced list, else docs/DECISIONS.md "Groups").
  // Only the catalog's states (/state) ask for it; /gp/epoch refuses the parameter.
  std::optional<std::string> group;
};

struct HistoryQuery {
  std::int32_t norad_id = 0;
  std::optional<TimePoint> start;  // none: the object's first set
  std::optional<TimePoint> end;    // none: now
  SourceFilter source = SourceFilter::all;
};

struct NearestQuery {
  std::int32_t norad_id = 0;
  TimePoint epoch;
  SourceFilter source = SourceFilter::all;
};

struct AdjacentQuery {
  std::int32_t norad_id = 0;
  TimePoint epoch;
};

struct CatalogFilter {
  std::optional<std::string> search;
  std::optional<std::string> owner;
  std::optional<ObjectType> object_type;
  std::optional<int> launch_year;
  bool active_only = true;
  TimePoint as_of;  // "now" for the decay rule (set by the core)
};

struct HistoryMeta {
  std::int32_t norad_id = 0;
  std::string object_name;
  std::optional<TimePoint> earliest_epoch;
  std::optional<TimePoint> latest_epoch;
  std::int64_t total_elsets = 0;
};

struct Nearest {
  ElementSet set;
  double delta_seconds = 0;  // set epoch - requested epoch
};

struct Adjacent {
  std::optional<ElementSet> before;  // last set with EPOCH <= epoch
  std::optional<ElementSet> after;   // first set with EPOCH > epoch
  std::optional<double> gap_hours;   // when both exist
};

struct RangeInfo {
  std::int32_t norad_id = 0;
  std::int64_t total_elsets = 0;
  std::int64_t year_files = 0;
  TimePoint earliest_epoch;
  TimePoint latest_epoch;
};

// The last run of one sync source (`file`, `celestrak`, `spacetrack`) and its last success.
struct SourceSync {
  std::string source;
  TimePoint last_run_started;
  std::optional<TimePoint> last_run_ended;
  std::string last_outcome;  // ok, failed, partial, interrupted, running
  std::string last_error;    // empty unless the last run failed
  // The error's short reason in gpq's own words ("HTTP 500", "connection failed"), never an
  // upstream's text: what GET /status shows. Empty for runs recorded before reasons were kept.
  std::string last_reason;
  std::int64_t last_sets_added = 0;
  std::optional<TimePoint> last_success;  // end of the newest run whose outcome is ok
  std::optional<TimePoint> paused_until;  // no request before this (a refusal); may be past
};

// How many sync runs of a source ended one way (gpq serve's metrics count them).
struct SyncRunTally {
  std::string source;
  std::string outcome;  // ok, failed, partial, interrupted, running
  std::int64_t runs = 0;
};

// GET /status and `gpq status`: what the mirror holds and how fresh it is.
inline constexpr std::int64_t kDegradedAfterHours = 48;
// How much of the catalog an answer at `instant` stands on: the SATCAT objects in orbit then
// (launched by then, not decayed before it: docs/DECISIONS.md "Requests"), and how many of them
// have a set within 1, 3 and 30 days of the instant.
// An answer's coverage (`include=coverage`) adds when each source last synced by the time the
// answer stands at (now, or its `as_of`).
struct SourceCollected {
  std::string source;
  TimePoint collected_at;  // of its newest successful run: the run's start, or --published-at
};
struct Coverage {
  TimePoint instant;
  std::int64_t on_orbit = 0;
  std::int64_t within_1_day = 0;
  std::int64_t within_3_days = 0;
  std::int64_t within_30_days = 0;
  std::vector<SourceCollected> last_syncs;  // by source name; empty in /status

  // Counts an object in orbit whose nearest set lies `apart_us` from the instant in each band
  // it falls in (the bands' one definition).
  void count_apart(std::int64_t apart_us) noexcept {
    within_1_day += apart_us <= kMicrosPerDay ? 1 : 0;
    within_3_days += apart_us <= 3 * kMicrosPerDay ? 1 : 0;
    within_30_days += apart_us <= 30 * kMicrosPerDay ? 1 : 0;
  }
};

struct ServiceStatus {
  bool degraded = false;  // no successful sync, or the newest one over 48 hours old
  TimePoint generated_at;
  std::optional<TimePoint> last_success;  // newest successful sync of any source
  std::int64_t catalog_objects = 0;
  std::int64_t element_sets = 0;
  std::int64_t objects_with_sets = 0;
  std::int64_t superseded_versions = 0;
  Coverage coverage;                        // of the current sets, now
  std::optional<TimePoint> earliest_epoch;  // oldest set stored; none when empty
  std::optional<TimePoint> latest_epoch;    // newest set stored
  std::int64_t database_bytes = 0;          // size on disk
  std::vector<SourceSync> sources;
  std::vector<SyncRunTally> run_tallies;    // by source and outcome
  std::optional<TimePoint> peer_pulled_at;  // a replica's newest pull; none elsewhere
};

// Lists are streamed row by row, so the CLI can print a million rows in flat memory.
using SetVisitor = std::function<void(const ElementSet&)>;
using CatalogVisitor = std::function<void(const CatalogRecord&)>;

}  // namespace gpq
