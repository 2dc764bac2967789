// An object's events over the QueryService: the one call `gpq events` and
// /api/v1/gp/{id}/events share (docs/EVENTS.md).
#pragma once

#include "gpq/event_query.h"
#include "gpq/query_service.h"

namespace gpq::events {

// Sets this long before the query's start are read too, so that the trend and the noise of
// the first steps in the window are those of the object, not of a handful of sets.
inline constexpr std::int64_t kContextDays = 15;

class EventService {
 public:
  // `core` must outlive the service. Thread-safe when `core` is.
  explicit EventService(const QueryService& core) : core_(core) {}

  // Events whose later bracketing set (a decay: the set that crossed) lies in the query's
  // window. Throws Error{not_found} when the object has no set in or before the window.
  EventList events(const EventQuery& query) const;

 private:
  const QueryService& core_;
};

}  // namespace gpq::events
