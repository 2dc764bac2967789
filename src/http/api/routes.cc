#include "http/api/routes.h"

#include <cstddef>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace gpq::http {
namespace {

enum class Access : std::uint8_t { no_key, api_key, replication_key };
enum class Instant : std::uint8_t { now, as_of };

struct EndpointRow {
  std::string_view path;
  Access access;
  Lane lane;
  Instant instant;
};

constexpr EndpointRow kEndpoints[] = {
#define GPQ_ENDPOINT_ROW(name, path, access, lane, instant) \
  {path, Access::access, Lane::lane, Instant::instant},
    GPQ_ENDPOINTS(GPQ_ENDPOINT_ROW)
#undef GPQ_ENDPOINT_ROW
};

const EndpointRow& row(Endpoint endpoint) noexcept {
  return kEndpoints[static_cast<std::size_t>(endpoint)];
}

constexpr std::string_view kIdSegment = "{id}";
constexpr std::string_view kObjectPrefix = "/gp/{id}/";

// Splits off the first segment of `rest` ("gp/25544/history" -> "gp", rest "25544/history").
std::string_view next_segment(std::string_view& rest) {
  const std::size_t slash = rest.find('/');
  const std::string_view segment = rest.substr(0, slash);
  rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  return segment;
}

// Whether `path` ("/gp/25544/history") is an instance of `pattern` ("/gp/{id}/history"); the
// segment that stands for {id} goes to `id`. An {id} segment is never empty.
bool matches(std::string_view pattern, std::string_view path, std::string_view& id) {
  if (path.size() > 1 && path.back() == '/') {
    return false;  // an empty last segment
  }
  pattern.remove_prefix(1);
  path.remove_prefix(1);
  while (!pattern.empty() || !path.empty()) {
    if (pattern.empty() || path.empty()) {
      return false;
    }
    const std::string_view want = next_segment(pattern);
    const std::string_view have = next_segment(path);
    if (want == kIdSegment ? have.empty() : want != have) {
      return false;
    }
    if (want == kIdSegment) {
      id = have;
    }
  }
  return true;
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
  for (std::size_t i = 0; i < std::size(kEndpoints); ++i) {
    std::string_view id;
    if (matches(kEndpoints[i].path, path, id)) {
      return Route{static_cast<Endpoint>(i), id};
    }
  }
  return std::nullopt;
}

bool needs_key(Endpoint endpoint) noexcept {
  return row(endpoint).access != Access::no_key;
}

KeyScope scope_of(Endpoint endpoint) noexcept {
  return row(endpoint).access == Access::replication_key ? KeyScope::replication : KeyScope::api;
}

Lane lane_of(Endpoint endpoint) noexcept {
  return row(endpoint).lane;
}

bool answers_as_of(Endpoint endpoint) noexcept {
  return row(endpoint).instant == Instant::as_of;
}

std::string as_of_endpoint_names() {
  std::vector<std::string_view> paths;
  for (const EndpointRow& endpoint : kEndpoints) {
    if (endpoint.instant == Instant::as_of) {
      paths.push_back(endpoint.path);
    }
  }
  return fmt::format("{}", fmt::join(paths, ", "));
}

std::string_view path_of(Endpoint endpoint) noexcept {
  return row(endpoint).path;
}

std::string heavy_endpoint_names() {
  std::vector<std::string_view> names;
  for (const EndpointRow& endpoint : kEndpoints) {
    if (endpoint.lane == Lane::heavy) {
      names.push_back(endpoint.path.starts_with(kObjectPrefix)
                          ? endpoint.path.substr(kObjectPrefix.size())
                          : endpoint.path);
    }
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace gpq::http
