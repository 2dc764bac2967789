// QueryService: one const method per question of docs/API.md. The CLI and the HTTP
// server call these and nothing else, so both give the same records in the same
// order. Lists stream through a visitor and return their pagination facts.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "gpq/query.h"
#include "gpq/store.h"

namespace gpq {

using Clock = std::function<TimePoint()>;

class QueryService {
 public:
  // `store` must outlive the service. Thread-safe when `store` is. `now` gives the current time
  // (history's default end, /gp/epoch's default epoch, X-Epoch-Age-Hours).
  explicit QueryService(const Store& store, Clock now = system_now)
      : store_(store), now_(std::move(now)) {}

  TimePoint now() const { return now_(); }
  const Store& store() const { return store_; }

  // The newest set of the object from either source. Throws Error{not_found}.
  ElementSet latest(std::int32_t norad_id) const;

  // Current set of every matching object, in NORAD_CAT_ID order.
  PageInfo search(const GpFilter& filter, const Paging& paging, const SetVisitor& visit) const;

  // The nearest set of every object tracked at the epoch (docs/DECISIONS.md "Snapshot"),
  // NORAD order.
  // Without an epoch: the same as search() with no filter but type and regime.
  PageInfo snapshot(const SnapshotQuery& query, const Paging& paging,
                    const SetVisitor& visit) const;

  // Sets in [start, end] ascending by EPOCH. Throws Error{not_found} when none match.
  // `meta` (may be null) receives the facts of the matching sets.
  PageInfo history(const HistoryQuery& query, const Paging& paging, const SetVisitor& visit,
                   HistoryMeta* meta) const;

  // Every set in [start, end] ascending by EPOCH, at once: the points of the page's plots
  // (src/core/query_series.cc). Throws Error{not_found} when none match, Error{bad_request}
  // when more than kMaxSeriesPoints do.
  std::vector<ElementSet> series(const HistoryQuery& query) const;

  // Closest set; a tie goes to the earlier one. Throws Error{not_found}.
  Nearest nearest(const NearestQuery& query) const;

  // Sets bracketing the epoch. Throws Error{not_found} when the object has no set at all.
  Adjacent adjacent(const AdjacentQuery& query) const;

  // Throws Error{not_found} when the object has no set.
  RangeInfo range(std::int32_t norad_id) const;

  // Throws Error{not_found}.
  CatalogRecord catalog_record(std::int32_t norad_id) const;
  PageInfo catalog_search(const CatalogFilter& filter, const Paging& paging,
                          const CatalogVisitor& visit) const;

  // Answers that depend only on the data are the same while this stays the same (the clock
  // aside: decay and launch-age rules move with time).
  std::int64_t data_generation() const { return store_.generation(); }

  // Counts and freshness of the mirror; degraded per kDegradedAfterHours.
  ServiceStatus status() const;
  // How much of the catalog an answer at `instant` stands on (`include=coverage`), with when
  // each source last synced by now() (docs/DECISIONS.md "Coverage").
  Coverage coverage(TimePoint instant) const;

 private:
  const Store& store_;
  Clock now_;
};

}  // namespace gpq
