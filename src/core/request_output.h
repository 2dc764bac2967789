// Format and paging binding, and the two text helpers every bind_*() uses: the seam
// between what to show (request.cc's filters) and how to show it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/format.h"
#include "gpq/query.h"
#include "gpq/request.h"

namespace gpq::detail {

// The value of `key`, or null when absent.
const std::string* find_param(const Params& params, std::string_view key);

// 1 to 18 ASCII digits, nothing else; std::nullopt otherwise.
std::optional<std::int64_t> parse_whole(std::string_view text);

// A plain decimal ("-33.87", "+12", "0.5", ".5"): no exponent, no inf or nan.
std::optional<double> parse_decimal(std::string_view text);
// The number parameter `key` within [low, high], none when absent; `what` says what it is ("a
// latitude in degrees") in the refusal.
std::optional<double> bind_number(const Params& params, std::string_view key, double low,
                                  double high, std::string_view what);

// The date parameter `key` (parse_date's three forms), none when absent; require_date throws
// Error{bad_request} naming the forms when it is absent.
std::optional<TimePoint> bind_date(const Params& params, std::string_view key);
TimePoint require_date(const Params& params, std::string_view key);

// `format`, else the first allowed name of kAcceptKey, else the front end's default (table
// on the CLI, json over HTTP). Throws Error{bad_request} for a format not in `allowed`.
Format bind_format(const Params& params, FrontEnd end, std::initializer_list<Format> allowed);

// What an answer may include beyond its records (`include`, a comma list, any case): `quality`
// (`--quality`), each set's quality flags, in json, csv or table; `coverage` (`--coverage`), how
// much of the catalog the answer stands on, in any format (json's meta, else a header).
struct IncludeOffer {
  bool quality = false;
  bool coverage = false;
};
inline constexpr IncludeOffer kIncludesQuality{true, false};
inline constexpr IncludeOffer kIncludesCoverage{false, true};
inline constexpr IncludeOffer kIncludesBoth{true, true};
// The members of `offered` asked for; throws Error{bad_request} for a member not offered (naming
// those that are) or quality in another format.
IncludeOffer bind_include(const Params& params, Format format, IncludeOffer offered);

// `tle_layout`: `source` (the default: each set as its source laid out its TLE lines) or
// `canonical` (CelesTrak's layout), any case. It changes only tle and 2le output, so every
// format takes it. Throws Error{bad_request} for another value.
TleLayout bind_tle_layout(const Params& params);

// How a list pages: its default and largest per_page, and where its pages end. The searches
// and histories end at kMaxOffset records, and their refusal ends with `narrow_hint`; a list
// bounded by its own size (ephemeris points, the catalog's states) ends at `max_page`.
struct PageLimits {
  std::int64_t default_per_page = kDefaultPerPage;
  std::int64_t max_per_page = kMaxPerPage;
  std::int64_t max_page = 0;  // 0: pages end at kMaxOffset records
  std::string_view narrow_hint;
};

// page, per_page and limit; the CLI pages only when asked. Throws Error{bad_request} for a
// bad number or a page past the list's end.
Paging bind_paging(const Params& params, FrontEnd end, const PageLimits& limits);
inline Paging bind_paging(const Params& params, FrontEnd end, std::string_view narrow_hint) {
  return bind_paging(params, end, PageLimits{kDefaultPerPage, kMaxPerPage, 0, narrow_hint});
}

// `limit` is the command line's --limit. Over HTTP it is refused: pages are page and per_page,
// and a limit cut each page under its links, so that following `next` skipped records.
void refuse_http_limit(const Params& params, FrontEnd end);

}  // namespace gpq::detail
