// The endpoints as functions from a translated request to a reply: arguments go through
// the core's bind_*() checks, answers through the shared writers. Nothing here knows
// about sockets, keys or limits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpq/conjunction_query.h"
#include "gpq/error.h"
#include "gpq/query_service.h"
#include "gpq/request.h"

#include "http/api/routes.h"

namespace gpq::http {

struct Reply {
  int status = 200;
  std::string body;
  std::string_view content_type = "application/json; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
  // The epoch of a single set: X-Epoch-Age-Hours is added when the reply is sent, so that a
  // reply kept for reuse still tells its age right.
  std::optional<TimePoint> epoch_for_age;
};

// One request, as the endpoint functions see it.
struct Call {
  Route route;
  const Params& params;       // query parameters, plus kAcceptKey from the Accept header
  std::string_view base_url;  // "http://host:port" or --public-url, for pagination links
  std::string_view path;      // as requested, for pagination links
  std::string_view query;     // the query string (percent-encoded), for pagination links
};

// What the server's options say to the endpoints.
struct ApiSettings {
  std::string version;                                      // reported by /status
  std::int64_t max_conjunction_days = kMaxConjunctionDays;  // gpq serve --max-conjunction-days
};

// Throws gpq::Error for every refusal of the core (400, 404).
Reply answer(const QueryService& core, const Call& call, const ApiSettings& settings);

// X-Epoch-Age-Hours (two decimals) of a reply that has epoch_for_age, as of `now`.
std::optional<std::string> epoch_age_hours(const Reply& reply, TimePoint now);

// The JSON error body of docs/API.md "Errors" with its status.
Reply error_reply(Errc code, std::string_view message);
Reply error_reply(const Error& error);

// Format names (kAcceptKey) in the order an Accept header prefers them; unknown media types
// are left out, `*/*` is json.
std::string accepted_formats(std::string_view accept);

}  // namespace gpq::http
