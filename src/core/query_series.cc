// QueryService::series: a history whole, for plotting, within kMaxSeriesPoints.
#include "gpq/error.h"
#include "gpq/query_service.h"

namespace gpq {

std::vector<ElementSet> QueryService::series(const HistoryQuery& query) const {
  const TimePoint start = query.start.value_or(TimePoint::from_unix_micros(INT64_MIN / 2));
  const TimePoint end = query.end.value_or(now());
  const SetStats stats = store_.history_stats(query.norad_id, start, end, query.source);
  if (stats.count > kMaxSeriesPoints) {
    fail(Errc::bad_request,
         "NORAD {} has {} sets in the range; a series holds at most {}: narrow the range with "
         "start and end",
         query.norad_id, stats.count, kMaxSeriesPoints);
  }
  std::vector<ElementSet> sets;
  sets.reserve(static_cast<std::size_t>(stats.count));
  Paging every;
  every.all = true;
  history(
      query, every, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);
  return sets;
}

}  // namespace gpq
