// OrbitService::catalog_state: every object's state at one instant, from the snapshot's sets,
// with a reason in place of the state for the objects that have none.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "core/parallel_parts.h"
#include "orbit/orbit_service.h"
#include "orbit/set_propagation.h"
#include "orbit/sgp4_batch.h"
#include "orbit/state_order.h"

namespace gpq::orbit {
namespace {

constexpr std::int64_t kMaxAgeMicros = kMaxPropagationDays * kMicrosPerDay;

// A point without a state: its coordinates are not finite, which every writer shows as
// absent (null, an empty cell, "-"), never as NaN.
OrbitPoint point_without_state(TimePoint t, TimePoint set_epoch) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  OrbitPoint point;
  point.epoch = t;
  point.set_epoch = set_epoch;
  point.position_km = {kNone, kNone, kNone};
  point.velocity_km_s = {kNone, kNone, kNone};
  point.latitude_deg = kNone;
  point.longitude_deg = kNone;
  point.height_km = kNone;
  return point;
}

// The reason a set more than kMaxPropagationDays from the instant gives no state.
std::string too_far(const ElementSet& set, TimePoint t, std::int64_t age_micros) {
  return fmt::format(
      "NORAD {}: its nearest element set ({}) is {:.1f} days from {}; a set is propagated at "
      "most {} days",
      set.norad_id, format_iso8601_millis(set.epoch),
      static_cast<double>(std::llabs(age_micros)) / 8.64e10, format_iso8601_millis(t),
      kMaxPropagationDays);
}

// Rows [begin, end): each set in reach of the instant prepared, all of them propagated in one
// batch (four at a time in vector lanes: sgp4_batch.h), then each state in the query's frame,
// or the reason there is none.
void fill_range(const std::vector<ElementSet>& sets, const CatalogStateQuery& query,
                std::vector<CatalogStateRow>& rows, std::size_t begin, std::size_t end) {
  const TimePoint t = query.epoch;
  std::vector<Sgp4Propagator> propagators;
  std::vector<std::size_t> propagated;  // their rows
  std::vector<double> minutes;
  propagators.reserve(end - begin);
  for (std::size_t i = begin; i < end; ++i) {
    const ElementSet& set = sets[i];
    CatalogStateRow& row = rows[i];
    row.set = &set;
    row.error.clear();
    const std::int64_t age = t.unix_micros() - set.epoch.unix_micros();
    if (std::llabs(age) > kMaxAgeMicros) {
      row.point = point_without_state(t, set.epoch);
      row.error = too_far(set, t, age);
      continue;
    }
    if (std::string problem = theory_problem(set); !problem.empty()) {
      row.point = point_without_state(t, set.epoch);
      row.error = std::move(problem);
      continue;
    }
    propagators.emplace_back(set);
    propagated.push_back(i);
    minutes.push_back(minutes_after_epoch(set, t));
  }
  std::vector<const Sgp4Propagator*> batch;
  batch.reserve(propagators.size());
  for (const Sgp4Propagator& propagator : propagators) {
    batch.push_back(&propagator);
  }
  std::vector<Sgp4Result> results(batch.size());
  propagate_batch(batch, minutes, results);
  for (std::size_t k = 0; k < batch.size(); ++k) {
    CatalogStateRow& row = rows[propagated[k]];
    row.error = propagation_problem(results[k], *row.set, t);
    row.point = row.error.empty() ? point_in_frame(results[k].state, t, query.frame, row.set->epoch)
                                  : point_without_state(t, row.set->epoch);
  }
}

// Rows are computed a chunk at a time: a chunk's sets are prepared and propagated on up to
// four threads (that is most of a row's cost), then visited in order, so that output streams
// and memory stays bounded whatever the page.
constexpr std::size_t kChunkRows = 8192;
constexpr std::size_t kRowsPerThread = 2048;  // fewer rows are not worth a thread

void fill_rows(const std::vector<ElementSet>& sets, const CatalogStateQuery& query,
               std::vector<CatalogStateRow>& rows) {
  rows.resize(sets.size());
  for_each_part(part_count(sets.size(), kRowsPerThread), sets.size(),
                [&](std::size_t, std::size_t begin, std::size_t end) {
                  fill_range(sets, query, rows, begin, end);
                });
}

// Sorted by a field of the state, a page can only be cut once every member has its state: the
// whole snapshot is propagated (the whole catalog is tens of milliseconds), sorted, then paged.
CatalogStatePage sorted_states(const QueryService& core, const CatalogStateQuery& query,
                               const Paging& paging, const CatalogStateVisitor& visit) {
  std::vector<ElementSet> sets;
  Paging every;
  every.all = true;
  core.snapshot(query.members(), every, [&](const ElementSet& set) { sets.push_back(set); });
  std::vector<CatalogStateRow> rows;
  fill_rows(sets, query, rows);
  sort_rows(rows, *query.order);
  const auto total = static_cast<std::int64_t>(rows.size());
  const PageSlice slice = slice_page(paging, total);
  const std::int64_t begin = std::min(slice.offset, total);
  const std::int64_t end = slice.count < 0 ? total : std::min(total, begin + slice.count);
  CatalogStatePage out;
  out.page = slice.info;
  const std::span<const CatalogStateRow> page(rows.data() + begin, rows.data() + end);
  for (const CatalogStateRow& row : page) {
    ++(row.error.empty() ? out.states : out.errors);
  }
  if (!page.empty()) {
    visit(page);
  }
  return out;
}

}  // namespace

CatalogStatePage OrbitService::catalog_state(const CatalogStateQuery& query, const Paging& paging,
                                             const CatalogStateVisitor& visit) const {
  // NORAD_CAT_ID ascending is the snapshot's own order: only the page is propagated.
  const bool snapshot_order = !query.order || (query.order->field == StateSortField::norad_cat_id &&
                                               !query.order->descending);
  if (!snapshot_order) {
    return sorted_states(core_, query, paging, visit);
  }
  CatalogStatePage out;
  std::vector<ElementSet> sets;
  std::vector<CatalogStateRow> rows;
  const auto flush = [&] {
    fill_rows(sets, query, rows);
    for (const CatalogStateRow& row : rows) {
      ++(row.error.empty() ? out.states : out.errors);
    }
    if (!rows.empty()) {
      visit(rows);
    }
    sets.clear();
  };
  out.page = core_.snapshot(query.members(), paging, [&](const ElementSet& set) {
    sets.push_back(set);
    if (sets.size() == kChunkRows) {
      flush();
    }
  });
  flush();
  return out;
}

}  // namespace gpq::orbit
