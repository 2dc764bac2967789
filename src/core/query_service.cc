// The query core: turns requests into store reads, applies the rules of
// docs/DECISIONS.md that are not storage (ties, defaults, not-found), and pages.
#include "gpq/query_service.h"

#include <algorithm>
#include <cmath>

#include "gpq/error.h"

namespace gpq {
namespace {

constexpr std::int64_t kMicrosPerHour = 3600 * kMicrosPerSecond;
constexpr std::string_view kNoSetsMatch = "no element sets match the query";

// One page of a list: the whole is counted, and the rows are fetched only when the page
// holds any. A query that matches nothing at all is NotFound (docs/API.md "Errors", on every
// list); a page past the last of a non-empty result is an empty page.
template <typename Fetch>
PageInfo page_of(const Paging& paging, std::int64_t total, std::string_view nothing,
                 Fetch&& fetch) {
  if (total == 0) {
    fail(Errc::not_found, "{}", nothing);
  }
  const PageSlice slice = slice_page(paging, total);
  if (slice.offset < slice.info.total) {
    fetch(Window{slice.offset, slice.count});
  }
  return slice.info;
}

[[noreturn]] void no_sets(std::int32_t norad_id) {
  fail(Errc::not_found, "no element sets for NORAD {}", norad_id);
}

}  // namespace

PageSlice slice_page(const Paging& paging, std::int64_t total) {
  PageSlice slice;
  if (paging.all) {
    slice.count = paging.limit.value_or(-1);
    const std::int64_t shown = paging.limit ? std::min(*paging.limit, total) : total;
    slice.info = {total, 1, shown, total == 0 ? 0 : 1};
    return slice;
  }
  const std::int64_t per_page = paging.per_page;
  slice.offset = (paging.page - 1) * per_page;
  slice.count = paging.limit ? std::min(per_page, *paging.limit) : per_page;
  slice.info = {total, paging.page, per_page, (total + per_page - 1) / per_page};
  return slice;
}

ElementSet QueryService::latest(std::int32_t norad_id) const {
  if (auto set = store_.latest(norad_id, SourceFilter::all)) {
    return std::move(*set);
  }
  no_sets(norad_id);
}

PageInfo QueryService::search(const GpFilter& query, const Paging& paging,
                              const SetVisitor& visit) const {
  GpFilter filter = query;
  filter.as_of = now();
  return page_of(paging, store_.count_current(filter), kNoSetsMatch,
                 [&](const Window& window) { store_.current(filter, window, visit); });
}

PageInfo QueryService::snapshot(const SnapshotQuery& query, const Paging& paging,
                                const SetVisitor& visit) const {
  if (!query.epoch) {
    GpFilter filter;
    filter.object_type = query.object_type;
    filter.orbit_regime = query.orbit_regime;
    filter.group = query.group;
    return search(filter, paging, visit);
  }
  return page_of(paging, store_.count_snapshot(query), kNoSetsMatch,
                 [&](const Window& window) { store_.snapshot(query, window, visit); });
}

PageInfo QueryService::history(const HistoryQuery& query, const Paging& paging,
                               const SetVisitor& visit, HistoryMeta* meta) const {
  const TimePoint start = query.start.value_or(TimePoint::from_unix_micros(INT64_MIN / 2));
  const TimePoint end = query.end.value_or(now());
  // The binder refuses start > end when both are given; without `end` only the clock knows.
  if (!query.end && start > end) {
    fail(Errc::bad_request,
         "parameter 'start' ({}) is after 'end', which is now ({}) when not given; give start "
         "<= end",
         format_iso8601_millis(start), format_iso8601_millis(end));
  }
  const SetStats stats = store_.history_stats(query.norad_id, start, end, query.source);
  if (stats.count == 0) {
    fail(Errc::not_found, "no element sets for NORAD {} between {} and {}", query.norad_id,
         query.start ? format_iso8601_millis(start) : std::string("its first set"),
         format_iso8601_millis(end));
  }
  const PageSlice slice = slice_page(paging, stats.count);
  if (meta != nullptr) {
    meta->norad_id = query.norad_id;
    meta->total_elsets = stats.count;
    meta->earliest_epoch = stats.earliest;
    meta->latest_epoch = stats.latest;
    const auto newest = store_.latest(query.norad_id, query.source);
    meta->object_name = newest ? newest->object_name : std::string();
  }
  if (slice.offset < slice.info.total) {
    store_.history(query.norad_id, start, end, query.source, Window{slice.offset, slice.count},
                   visit);
  }
  return slice.info;
}

Nearest QueryService::nearest(const NearestQuery& query) const {
  auto before = store_.at_or_before(query.norad_id, query.epoch, query.source);
  auto after = store_.after(query.norad_id, query.epoch, query.source);
  if (!before && !after) {
    no_sets(query.norad_id);
  }
  const auto gap = [&](const ElementSet& set) {
    return std::llabs(set.epoch.unix_micros() - query.epoch.unix_micros());
  };
  // A tie goes to the earlier set: `before` wins unless `after` is strictly closer.
  ElementSet chosen =
      (!before || (after && gap(*after) < gap(*before))) ? std::move(*after) : std::move(*before);
  const double delta =
      static_cast<double>(chosen.epoch.unix_micros() - query.epoch.unix_micros()) / 1e6;
  return Nearest{std::move(chosen), delta};
}

Adjacent QueryService::adjacent(const AdjacentQuery& query) const {
  Adjacent result;
  result.before = store_.at_or_before(query.norad_id, query.epoch, SourceFilter::all);
  result.after = store_.after(query.norad_id, query.epoch, SourceFilter::all);
  if (!result.before && !result.after) {
    no_sets(query.norad_id);
  }
  if (result.before && result.after) {
    result.gap_hours = static_cast<double>(result.after->epoch.unix_micros() -
                                           result.before->epoch.unix_micros()) /
                       static_cast<double>(kMicrosPerHour);
  }
  return result;
}

RangeInfo QueryService::range(std::int32_t norad_id) const {
  const SetStats stats =
      store_.history_stats(norad_id, TimePoint::from_unix_micros(INT64_MIN / 2),
                           TimePoint::from_unix_micros(INT64_MAX / 2), SourceFilter::all);
  if (stats.count == 0) {
    no_sets(norad_id);
  }
  return RangeInfo{norad_id, stats.count, stats.distinct_years, *stats.earliest, *stats.latest};
}

CatalogRecord QueryService::catalog_record(std::int32_t norad_id) const {
  if (auto record = store_.catalog_record(norad_id)) {
    return std::move(*record);
  }
  fail(Errc::not_found, "NORAD {} is not in the catalog", norad_id);
}

PageInfo QueryService::catalog_search(const CatalogFilter& query, const Paging& paging,
                                      const CatalogVisitor& visit) const {
  CatalogFilter filter = query;
  filter.as_of = now();
  return page_of(paging, store_.count_catalog(filter), "no catalog records match the query",
                 [&](const Window& window) { store_.catalog(filter, window, visit); });
}

Coverage QueryService::coverage(TimePoint instant) const {
  Coverage coverage = store_.coverage(instant);
  coverage.last_syncs = store_.last_syncs(now_());
  return coverage;
}

ServiceStatus QueryService::status() const {
  MirrorStats stats = store_.mirror_stats();
  ServiceStatus status;
  status.generated_at = now();
  status.catalog_objects = stats.catalog_objects;
  status.element_sets = stats.element_sets;
  status.objects_with_sets = stats.objects_with_sets;
  status.superseded_versions = stats.superseded_versions;
  status.coverage = store_.coverage(status.generated_at);
  status.earliest_epoch = stats.epochs.earliest;
  status.latest_epoch = stats.epochs.latest;
  status.database_bytes = stats.database_bytes;
  for (const SourceSync& source : stats.sources) {
    if (source.last_success &&
        (!status.last_success || *source.last_success > *status.last_success)) {
      status.last_success = source.last_success;
    }
  }
  status.sources = std::move(stats.sources);
  status.run_tallies = std::move(stats.run_tallies);
  status.peer_pulled_at = stats.peer_pulled_at;
  const std::int64_t limit_us = kDegradedAfterHours * 3600 * kMicrosPerSecond;
  status.degraded =
      !status.last_success ||
      status.generated_at.unix_micros() - status.last_success->unix_micros() > limit_us;
  return status;
}

}  // namespace gpq
