// The output half of binding a request: the format, the TLE layout and the paging, checked
// the same way for every question (gpq/request.h), and the date parameters every half uses.
#include "core/request_output.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "gpq/error.h"

#include "core/header_list.h"
#include "core/printable_text.h"
#include "core/text.h"

namespace gpq::detail {
namespace {

// The first of the `accept` names (kAcceptKey) that is allowed here: a client's Accept
// header never turns into a 400.
std::optional<Format> preferred_format(const Params& params,
                                       std::initializer_list<Format> allowed) {
  const std::string* accept = find_param(params, kAcceptKey);
  if (accept == nullptr) {
    return std::nullopt;
  }
  for (const HeaderListItem& item : parse_header_list(*accept)) {
    const std::optional<Format> format = parse_format(item.value);
    if (format && std::find(allowed.begin(), allowed.end(), *format) != allowed.end()) {
      return format;
    }
  }
  return std::nullopt;
}

}  // namespace

const std::string* find_param(const Params& params, std::string_view key) {
  const auto it = params.find(key);
  return it == params.end() ? nullptr : &it->second;
}

std::optional<std::int64_t> parse_whole(std::string_view text) {
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  std::int64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

std::optional<TimePoint> bind_date(const Params& params, std::string_view key) {
  const std::string* text = find_param(params, key);
  if (text == nullptr) {
    return std::nullopt;
  }
  return parse_date(key, *text);
}

TimePoint require_date(const Params& params, std::string_view key) {
  if (const auto date = bind_date(params, key)) {
    return *date;
  }
  fail(Errc::bad_request,
       "parameter '{}' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>",
       key);
}

Format bind_format(const Params& params, FrontEnd end, std::initializer_list<Format> allowed) {
  const std::string* text = find_param(params, "format");
  const Format fallback = end == FrontEnd::cli ? Format::table : Format::json;
  if (text == nullptr || text->empty()) {
    return preferred_format(params, allowed).value_or(fallback);
  }
  const std::optional<Format> format = parse_format(*text);
  const bool permitted =
      format && (std::find(allowed.begin(), allowed.end(), *format) != allowed.end() ||
                 (*format == Format::table && end == FrontEnd::cli));
  if (!permitted) {
    std::string names;
    for (const Format f : allowed) {
      names += names.empty() ? "" : ", ";
      names += to_string(f);
    }
    fail(Errc::bad_request, "parameter 'format': '{}' is not available here; use one of: {}",
         excerpt(*text), names);
  }
  return *format;
}

TleLayout bind_tle_layout(const Params& params) {
  const std::string* text = find_param(params, "tle_layout");
  if (text == nullptr || text->empty() || iequals(*text, "source")) {
    return TleLayout::source;
  }
  if (iequals(*text, "canonical")) {
    return TleLayout::canonical;
  }
  fail(Errc::bad_request, "parameter 'tle_layout': '{}' is not a layout; use source or canonical",
       excerpt(*text));
}

IncludeOffer bind_include(const Params& params, Format format, IncludeOffer offered) {
  IncludeOffer asked;
  const std::string* text = find_param(params, "include");
  if (text == nullptr || text->empty()) {
    return asked;
  }
  const std::string names = offered.quality && offered.coverage ? "quality or coverage"
                            : offered.quality                   ? "quality"
                                                                : "coverage";
  std::string_view rest = *text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (offered.quality && iequals(item, "quality")) {
      asked.quality = true;
    } else if (offered.coverage && iequals(item, "coverage")) {
      asked.coverage = true;
    } else {
      fail(Errc::bad_request,
           "parameter 'include': '{}' is not a member this answer includes; use {}", excerpt(item),
           names);
    }
  }
  if (asked.quality && format != Format::json && format != Format::csv && format != Format::table) {
    fail(Errc::bad_request,
         "parameter 'include': quality is written in json and csv (and the command line's "
         "table), not in {}",
         to_string(format));
  }
  return asked;
}

void refuse_http_limit(const Params& params, FrontEnd end) {
  if (end == FrontEnd::http && params.contains("limit")) {
    fail(Errc::bad_request,
         "parameter 'limit' is the command line's; over HTTP, pages are page and per_page");
  }
}

Paging bind_paging(const Params& params, FrontEnd end, const PageLimits& limits) {
  refuse_http_limit(params, end);
  Paging paging;
  paging.per_page = limits.default_per_page;
  const std::string* page = find_param(params, "page");
  const std::string* per_page = find_param(params, "per_page");
  const std::string* limit = find_param(params, "limit");
  paging.all = end == FrontEnd::cli && page == nullptr && per_page == nullptr;
  if (page != nullptr) {
    const auto value = parse_whole(*page);
    if (limits.max_page > 0 && (!value || *value < 1 || *value > limits.max_page)) {
      fail(Errc::bad_request, "parameter 'page': '{}' must be a whole number from 1 to {}",
           excerpt(*page), limits.max_page);
    }
    if (!value || *value < 1) {
      fail(Errc::bad_request, "parameter 'page': '{}' must be a whole number >= 1", excerpt(*page));
    }
    paging.page = *value;
  }
  if (per_page != nullptr) {
    const auto value = parse_whole(*per_page);
    if (!value || *value < 1 || *value > limits.max_per_page) {
      fail(Errc::bad_request, "parameter 'per_page': '{}' must be a whole number from 1 to {}",
           excerpt(*per_page), limits.max_per_page);
    }
    paging.per_page = *value;
  }
  if (limit != nullptr) {
    const auto value = parse_whole(*limit);
    if (!value || *value < 1) {
      fail(Errc::bad_request, "parameter 'limit': '{}' must be a whole number >= 1",
           excerpt(*limit));
    }
    paging.limit = *value;
  }
  if (!paging.all && limits.max_page == 0) {
    // Past this page every per_page starts beyond the limit, and (page - 1) * per_page may
    // not fit in 64 bits: the page is checked before it is multiplied.
    if (paging.page > kMaxOffset + 1) {
      fail(Errc::bad_request, "page {} with per_page {} starts beyond the limit of {} records; {}",
           paging.page, paging.per_page, kMaxOffset, limits.narrow_hint);
    }
    const std::int64_t offset = (paging.page - 1) * paging.per_page;
    if (offset > kMaxOffset) {
      fail(Errc::bad_request,
           "page {} with per_page {} starts at record {}, beyond the limit of {} records; {}",
           paging.page, paging.per_page, offset, kMaxOffset, limits.narrow_hint);
    }
  }
  return paging;
}

// A plain decimal ("-33.87", "+12", "0.5", ".5"): no exponent, no inf or nan.
std::optional<double> parse_decimal(std::string_view text) {
  text = trim(text);
  if (text.starts_with('+')) {
    text.remove_prefix(1);
    if (text.starts_with('-')) {
      return std::nullopt;
    }
  }
  if (text.empty() || text.size() > 40) {
    return std::nullopt;
  }
  double value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// A number within [low, high]; `what` says what it is ("a latitude in degrees").
std::optional<double> bind_number(const Params& params, std::string_view key, double low,
                                  double high, std::string_view what) {
  const std::string* text = find_param(params, key);
  if (text == nullptr) {
    return std::nullopt;
  }
  const auto value = parse_decimal(*text);
  if (!value || *value < low || *value > high) {
    fail(Errc::bad_request, "parameter '{}': '{}' must be {} from {} to {}", key, excerpt(*text),
         what, low, high);
  }
  return value;
}

}  // namespace gpq::detail
