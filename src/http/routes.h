// The paths of the API (docs/API.md "Endpoints" under /api/v1) and what each needs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gpq/key_service.h"

#include "http/rate_limiter.h"

namespace gpq::http {

inline constexpr std::string_view kApiPrefix = "/api/v1";

enum class Endpoint : std::uint8_t {
  latest,          // /gp/{id}
  search,          // /gp
  snapshot,        // /gp/epoch
  history,         // /gp/{id}/history
  nearest,         // /gp/{id}/nearest
  adjacent,        // /gp/{id}/adjacent
  range,           // /gp/{id}/range
  state,           // /gp/{id}/state
  catalog_state,   // /state (every object's state at an instant)
  ephemeris,       // /gp/{id}/ephemeris
  passes,          // /gp/{id}/passes
  events,          // /gp/{id}/events
  series,          // /gp/{id}/series (the page's plots)
  catalog_record,  // /catalog/{id}
  catalog_search,  // /catalog
  status,          // /status (no key)
  openapi,         // /openapi.json (no key)
  changes,         // /changes (a replication key: docs/REPLICAS.md)
};

struct Route {
  Endpoint endpoint;
  std::string_view norad_id;  // the path segment as sent; the core checks it
};

// The route of a request path (already percent-decoded); std::nullopt: 404.
// A trailing slash is ignored.
std::optional<Route> match_route(std::string_view path);

bool needs_key(Endpoint endpoint) noexcept;
// The scope a key must have to read `endpoint` (when it needs a key at all).
KeyScope scope_of(Endpoint endpoint) noexcept;
Lane lane_of(Endpoint endpoint) noexcept;

}  // namespace gpq::http
