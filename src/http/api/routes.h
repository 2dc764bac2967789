// The paths of the API (docs/API.md "Endpoints" under /api/v1) and what each needs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/key_service.h"

#include "http/limits/rate_limiter.h"

namespace gpq::http {

inline constexpr std::string_view kApiPrefix = "/api/v1";

// Every endpoint, one row each: its name, its path under kApiPrefix ("{id}" is one segment,
// the NORAD id as sent; the first row a path matches answers it, so /gp/epoch comes before
// /gp/{id}), who may read it, its rate lane, and whether it answers `as_of` (as_of) or only
// now. The enum, the router, the key, lane and as_of rules and the lists in help are all made
// from it.
#define GPQ_ENDPOINTS(ROW)                                        \
  ROW(search, "/gp", api_key, standard, as_of)                    \
  ROW(snapshot, "/gp/epoch", api_key, standard, as_of)            \
  ROW(latest, "/gp/{id}", api_key, standard, as_of)               \
  ROW(history, "/gp/{id}/history", api_key, heavy, as_of)         \
  ROW(nearest, "/gp/{id}/nearest", api_key, heavy, as_of)         \
  ROW(adjacent, "/gp/{id}/adjacent", api_key, heavy, as_of)       \
  ROW(range, "/gp/{id}/range", api_key, standard, as_of)          \
  ROW(state, "/gp/{id}/state", api_key, heavy, as_of)             \
  /* every object's state at an instant */                        \
  ROW(catalog_state, "/state", api_key, heavy, as_of)             \
  ROW(ephemeris, "/gp/{id}/ephemeris", api_key, heavy, as_of)     \
  ROW(passes, "/gp/{id}/passes", api_key, heavy, as_of)           \
  ROW(events, "/gp/{id}/events", api_key, heavy, as_of)           \
  ROW(conjunctions, "/conjunctions", api_key, heavy, as_of)       \
  /* the page's plots */                                          \
  ROW(series, "/gp/{id}/series", api_key, heavy, now)             \
  ROW(catalog_record, "/catalog/{id}", api_key, standard, as_of)  \
  ROW(catalog_search, "/catalog", api_key, standard, as_of)       \
  ROW(status, "/status", no_key, standard, now)                   \
  ROW(openapi, "/openapi.json", no_key, standard, now)            \
  /* docs/STREAM.md: counted when opened, then held by the hub */ \
  ROW(stream, "/stream", api_key, standard, now)                  \
  /* docs/REPLICAS.md */                                          \
  ROW(changes, "/changes", replication_key, standard, now)

enum class Endpoint : std::uint8_t {
#define GPQ_ENDPOINT_ENUMERATOR(name, path, access, lane, instant) name,
  GPQ_ENDPOINTS(GPQ_ENDPOINT_ENUMERATOR)
#undef GPQ_ENDPOINT_ENUMERATOR
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
// Whether `endpoint` answers as the archive was known at an instant (`as_of`).
bool answers_as_of(Endpoint endpoint) noexcept;
// The paths that answer `as_of`, for the refusal's message ("/gp/{id}, ...").
std::string as_of_endpoint_names();
// The path of `endpoint` under kApiPrefix, as its row writes it ("/gp/{id}/history").
std::string_view path_of(Endpoint endpoint) noexcept;

// The endpoints of the heavy lane as help and the docs name them: the last segment of a path
// under /gp/{id}, the path itself otherwise ("history, nearest, ..., /state, ...").
std::string heavy_endpoint_names();

}  // namespace gpq::http
