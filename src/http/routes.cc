#include "http/routes.h"

namespace gpq::http {
namespace {

// Splits off the first segment of `rest` ("gp/25544/history" -> "gp", rest "25544/history").
std::string_view next_segment(std::string_view& rest) {
  const std::size_t slash = rest.find('/');
  const std::string_view segment = rest.substr(0, slash);
  rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  return segment;
}

std::optional<Route> match_object_route(std::string_view id, std::string_view rest) {
  if (id.empty()) {
    return std::nullopt;
  }
  if (rest.empty()) {
    return Route{Endpoint::latest, id};
  }
  if (rest == "history") {
    return Route{Endpoint::history, id};
  }
  if (rest == "nearest") {
    return Route{Endpoint::nearest, id};
  }
  if (rest == "adjacent") {
    return Route{Endpoint::adjacent, id};
  }
  if (rest == "range") {
    return Route{Endpoint::range, id};
  }
  if (rest == "state") {
    return Route{Endpoint::state, id};
  }
  if (rest == "ephemeris") {
    return Route{Endpoint::ephemeris, id};
  }
  if (rest == "passes") {
    return Route{Endpoint::passes, id};
  }
  if (rest == "events") {
    return Route{Endpoint::events, id};
  }
  if (rest == "series") {
    return Route{Endpoint::series, id};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Route> match_route(std::string_view path) {
  if (!path.starts_with(kApiPrefix)) {
    return std::nullopt;
  }
  path.remove_prefix(kApiPrefix.size());
  if (path.size() > 1 && path.back() == '/') {
    path.remove_suffix(1);
  }
  if (!path.starts_with('/')) {
    return std::nullopt;
  }
  std::string_view rest = path.substr(1);
  const std::string_view top = next_segment(rest);
  if (top == "gp") {
    if (rest.empty() && path == "/gp") {
      return Route{Endpoint::search, {}};
    }
    if (rest == "epoch") {
      return Route{Endpoint::snapshot, {}};
    }
    const std::string_view id = next_segment(rest);
    return match_object_route(id, rest);
  }
  if (top == "catalog") {
    if (rest.empty()) {
      return path == "/catalog" ? std::optional<Route>(Route{Endpoint::catalog_search, {}})
                                : std::nullopt;
    }
    const std::string_view id = next_segment(rest);
    return rest.empty() && !id.empty() ? std::optional<Route>(Route{Endpoint::catalog_record, id})
                                       : std::nullopt;
  }
  if (top == "state" && rest.empty()) {
    return Route{Endpoint::catalog_state, {}};
  }
  if (top == "status" && rest.empty()) {
    return Route{Endpoint::status, {}};
  }
  if (top == "openapi.json" && rest.empty()) {
    return Route{Endpoint::openapi, {}};
  }
  if (top == "changes" && rest.empty()) {
    return Route{Endpoint::changes, {}};
  }
  return std::nullopt;
}

bool needs_key(Endpoint endpoint) noexcept {
  return endpoint != Endpoint::status && endpoint != Endpoint::openapi;
}

KeyScope scope_of(Endpoint endpoint) noexcept {
  return endpoint == Endpoint::changes ? KeyScope::replication : KeyScope::api;
}

Lane lane_of(Endpoint endpoint) noexcept {
  switch (endpoint) {
    case Endpoint::history:
    case Endpoint::nearest:
    case Endpoint::adjacent:
    case Endpoint::state:
    case Endpoint::catalog_state:
    case Endpoint::ephemeris:
    case Endpoint::passes:
    case Endpoint::events:
    case Endpoint::series:
      return Lane::heavy;
    default:
      return Lane::standard;
  }
}

}  // namespace gpq::http
