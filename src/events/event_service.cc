#include "events/event_service.h"

#include <vector>

#include "events/detect_events.h"

namespace gpq::events {

EventList EventService::events(const EventQuery& query) const {
  HistoryQuery read;
  read.norad_id = query.norad_id;
  if (query.start) {
    read.start =
        TimePoint::from_unix_micros(query.start->unix_micros() - kContextDays * kMicrosPerDay);
  }
  read.end = query.end;
  Paging every;
  every.all = true;
  std::vector<ElementSet> sets;
  core_.history(
      read, every, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);

  EventList list;
  list.norad_id = query.norad_id;
  list.query = query;
  list.sets = static_cast<std::int64_t>(sets.size());
  if (!sets.empty()) {
    list.object_name = sets.back().object_name;
  }
  Detection found = detect_events(sets);
  list.distinct = found.distinct;
  list.noise = found.noise;
  for (OrbitEvent& event : found.events) {
    const TimePoint at = event.after.epoch;
    if ((!query.start || at >= *query.start) && (!query.end || at <= *query.end)) {
      list.events.push_back(event);
    }
  }
  return list;
}

}  // namespace gpq::events
