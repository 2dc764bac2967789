// Binding of an object's events (/gp/{id}/events, `gpq events`) and of its plot series
// (/gp/{id}/series): every check of their parameters and its message.
#include "gpq/error.h"
#include "gpq/request.h"

#include "core/request_output.h"

namespace gpq {

BoundRequest<EventQuery> bind_events(std::string_view norad_id, const Params& params,
                                     FrontEnd end) {
  BoundRequest<EventQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  bound.query.start = detail::bind_date(params, "start");
  bound.query.end = detail::bind_date(params, "end");
  if (bound.query.start && bound.query.end && *bound.query.start > *bound.query.end) {
    fail(Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  }
  bound.format = detail::bind_format(params, end, {Format::json, Format::csv});
  return bound;
}

BoundRequest<HistoryQuery> bind_series(std::string_view norad_id, const Params& params,
                                       FrontEnd end) {
  BoundRequest<HistoryQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  bound.query.start = detail::bind_date(params, "start");
  bound.query.end = detail::bind_date(params, "end");
  if (bound.query.start && bound.query.end && *bound.query.start > *bound.query.end) {
    fail(Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  }
  bound.format = detail::bind_format(params, end, {Format::json});
  return bound;
}

}  // namespace gpq
