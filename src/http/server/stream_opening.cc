#include "http/server/stream_opening.h"

#include <optional>
#include <string>
#include <utility>

#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"
#include "gpq/request.h"

#include "http/api/request_params.h"

namespace gpq::http {
namespace {

// Last-Event-ID (a reconnecting EventSource sends it), else `last_event_id`.
std::optional<std::int64_t> last_event_id(const httplib::Request& req) {
  const std::string header = req.get_header_value("Last-Event-ID");
  return bind_last_event_id(header.empty() ? req.get_param_value("last_event_id") : header);
}

}  // namespace

std::variant<StreamStart, Reply> stream_start(const httplib::Request& req, std::int64_t key,
                                              const StreamHub& hub, std::size_t per_key) {
  try {
    StreamStart start;
    start.key = key;
    start.filter = bind_change_filter(request_params(req));
    start.last_event_id = last_event_id(req);
    if (!hub.admits(key)) {
      return error_reply(Errc::too_many_requests,
                         fmt::format("this key holds {} streams open, the most one key may; "
                                     "close one first",
                                     per_key));
    }
    return start;
  } catch (const Error& error) {
    return error_reply(error);
  }
}

void stream_head(const httplib::Request& req, httplib::Response& res, StreamStart start,
                 std::function<void(StreamStart&&)> taken) {
  res.headers.erase("Content-Type");  // set again with the provider
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Accel-Buffering", "no");  // proxies that buffer answers must not
  // The hub writes plain chunks: no gzip around them. The request is ours to change (httplib
  // owns it as non-const, and hands it to handlers as const).
  const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
  res.set_chunked_content_provider("text/event-stream",
                                   [start = std::move(start), taken = std::move(taken)](
                                       std::size_t, httplib::DataSink&) mutable {
                                     taken(std::move(start));
                                     return false;  // the head is written; the rest is the hub's
                                   });
}

}  // namespace gpq::http
