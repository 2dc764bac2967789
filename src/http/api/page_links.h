// Absolute URLs of the next and previous pages: the request's own URL with only `page`
// changed, every other query parameter kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/query.h"

namespace gpq::http {

struct PageLinks {
  std::string next;  // empty: none
  std::string prev;
};

// `base` is "scheme://host[:port][/prefix]", `path` the request path, `query` the
// percent-encoded query string (without '?'). `max_offset`: the furthest record a page may
// start at (kMaxOffset for lists of sets and records), so that `next` is never a link to a 400;
// std::nullopt where pages have no such limit (points, states).
PageLinks page_links(const PageInfo& page, std::string_view base, std::string_view path,
                     std::string_view query, std::optional<std::int64_t> max_offset);

// RFC 8288: `<next>; rel="next", <prev>; rel="prev"`; empty when there is neither.
std::string link_header(const PageLinks& links);

}  // namespace gpq::http
