// Binding of request parameters: every check and its message lives here (the format and
// paging checks in request_output.cc), so the CLI and the HTTP API reject the same input
// with the same words.
#include "gpq/request.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/tle.h"

#include "core/printable_text.h"
#include "core/request_filters.h"
#include "core/request_output.h"
#include "core/text.h"

namespace gpq {
namespace {

using detail::bind_date;
using detail::bind_format;
using detail::bind_group;
using detail::bind_include;
using detail::bind_norad_list;
using detail::bind_object_type;
using detail::bind_paging;
using detail::bind_regime;
using detail::bind_tle_layout;
using detail::find_param;
using detail::IncludeOffer;
using detail::parse_bool;
using detail::parse_whole;
using detail::refuse_filters_except;
using detail::require_date;

std::int32_t parse_norad(std::string_view parameter, std::string_view text) {
  const std::string_view trimmed = trim(text);
  const auto value = parse_whole(trimmed);
  if (!value || *value < 1 || *value > kMaxNoradId) {
    // An Alpha-5 number copied from a TLE: the API's ids are integers, so say which one.
    const auto alpha5 = trimmed.size() == 5 && std::isalpha(static_cast<unsigned char>(trimmed[0]))
                            ? parse_tle_catalog_number(trimmed)
                            : std::nullopt;
    fail(Errc::bad_request,
         "parameter '{}': '{}' is not a NORAD catalog number (a whole number from 1 to "
         "999999999){}",
         parameter, excerpt(text),
         alpha5 ? fmt::format("; the TLE's Alpha-5 {} is {}", trimmed, *alpha5) : "");
  }
  return static_cast<std::int32_t>(*value);
}

constexpr std::initializer_list<Format> kSetFormats = {Format::json, Format::tle, Format::two_le,
                                                       Format::xml,  Format::kvn, Format::csv};

constexpr std::string_view kNarrowFilters = "narrow the query with filters";

SourceFilter bind_source(const Params& params) {
  const std::string* text = find_param(params, "data_source");
  if (text == nullptr || iequals(*text, "all")) {
    return SourceFilter::all;
  }
  if (const auto source = parse_data_source(*text)) {
    return only(*source);
  }
  // "spacetrack (source_a), celestrak (source_b) or all", from the table of sources.
  std::vector<std::string> names;
  for (int code = 0; code < kDataSourceCount; ++code) {
    const auto source = static_cast<DataSource>(code);
    names.push_back(fmt::format("{} ({})", to_string(source), neutral_name(source)));
  }
  names.emplace_back("all");
  fail(Errc::bad_request, "parameter 'data_source': '{}' is not a source; use {}", excerpt(*text),
       either_of(std::vector<std::string_view>(names.begin(), names.end())));
}

std::optional<std::string> bind_text(const Params& params, std::string_view key) {
  const std::string* text = find_param(params, key);
  if (text == nullptr) {
    return std::nullopt;
  }
  const std::string_view value = trim(*text);
  if (value.empty() || value.size() > 100) {
    fail(Errc::bad_request, "parameter '{}': give 1 to 100 characters", key);
  }
  if (const auto problem = text_field_problem(fmt::format("parameter '{}'", key), value)) {
    fail(Errc::bad_request, "{}; give UTF-8 text without control characters", *problem);
  }
  return std::string(value);
}

// `1998-067` or `1998-067A` (1-3 piece letters); upper-cased.
std::optional<std::string> bind_intdes(const Params& params) {
  auto text = bind_text(params, "intdes");
  if (!text) {
    return std::nullopt;
  }
  std::string& s = *text;
  std::transform(s.begin(), s.end(), s.begin(),
                 [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; });
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  bool valid = s.size() >= 8 && s.size() <= 11 && s[4] == '-';
  for (std::size_t i = 0; valid && i < s.size(); ++i) {
    valid = i == 4 || (i < 8 ? digit(s[i]) : (s[i] >= 'A' && s[i] <= 'Z'));
  }
  if (!valid) {
    fail(Errc::bad_request,
         "parameter 'intdes': '{}' is not an international designator; use a launch "
         "(1998-067) or a piece (1998-067A)",
         excerpt(s));
  }
  return text;
}

}  // namespace

namespace detail {

bool parse_bool(std::string_view parameter, std::string_view text) {
  if (iequals(text, "true") || text == "1" || iequals(text, "yes")) {
    return true;
  }
  if (iequals(text, "false") || text == "0" || iequals(text, "no")) {
    return false;
  }
  fail(Errc::bad_request, "parameter '{}': '{}' is not a boolean; use true or false", parameter,
       excerpt(text));
}

std::vector<std::int32_t> bind_norad_list(const Params& params) {
  std::vector<std::int32_t> ids;
  const std::string* text = find_param(params, "norad_ids");
  if (text == nullptr) {
    return ids;
  }
  std::string_view rest = *text;
  while (!rest.empty() || ids.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (ids.size() == kMaxNoradIds) {
      fail(Errc::bad_request, "parameter 'norad_ids': at most {} ids per request", kMaxNoradIds);
    }
    ids.push_back(parse_norad("norad_ids", item));
    if (comma == std::string_view::npos) {
      break;
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace detail

std::string group_names() {
  std::string names;
  for (const std::string_view group : kGroups) {
    names += names.empty() ? "" : ", ";
    names += group;
  }
  return names;
}

std::int32_t bind_norad_id(std::string_view text) {
  return parse_norad("norad_id", text);
}

std::optional<TimePoint> bind_as_of(const Params& params) {
  return bind_date(params, "as_of");
}

void refuse_as_of(const Params& params, std::string_view what, std::string_view instead) {
  if (params.contains("as_of")) {
    fail(Errc::bad_request, "parameter 'as_of' does not apply to {} yet; {}", what, instead);
  }
}

BoundRequest<std::int32_t> bind_latest(std::string_view norad_id, const Params& params,
                                       FrontEnd end) {
  const std::int32_t id = bind_norad_id(norad_id);
  refuse_filters_except(params, {}, "the latest set of one object",
                        "drop the NORAD id to search, or ask nearest for the set at an epoch");
  const Format format = bind_format(params, end, kSetFormats);
  return {id,
          format,
          {},
          bind_tle_layout(params),
          bind_include(params, format, detail::kIncludesQuality).quality};
}

BoundRequest<GpFilter> bind_gp_search(const Params& params, FrontEnd end) {
  // The CLI's `gp --epoch` is the snapshot; over HTTP that is its own endpoint, and /gp given
  // an epoch would answer the current sets as if it were the catalog then.
  if (end == FrontEnd::http && params.contains("epoch")) {
    fail(Errc::bad_request,
         "parameter 'epoch' does not apply to /gp; ask /gp/epoch for the catalog at an epoch "
         "(filtered by object_type and orbit_regime)");
  }
  BoundRequest<GpFilter> bound;
  bound.query.search = bind_text(params, "search");
  bound.query.group = bind_group(params);
  bound.query.intdes = bind_intdes(params);
  bound.query.norad_ids = bind_norad_list(params);
  bound.query.orbit_regime = bind_regime(params);
  bound.query.object_type = bind_object_type(params);
  if (const std::string* decay = find_param(params, "decay")) {
    bound.query.include_decayed = parse_bool("decay", *decay);
  }
  bound.format = bind_format(params, end, kSetFormats);
  bound.tle_layout = bind_tle_layout(params);
  const IncludeOffer included = bind_include(params, bound.format, detail::kIncludesBoth);
  bound.quality = included.quality;
  bound.coverage = included.coverage;
  bound.paging = bind_paging(params, end, kNarrowFilters);
  return bound;
}

BoundRequest<SnapshotQuery> bind_snapshot(const Params& params, FrontEnd end) {
  refuse_filters_except(params, {"epoch", "object_type", "orbit_regime"}, "a snapshot",
                        "a snapshot filters only by object_type and orbit_regime");
  BoundRequest<SnapshotQuery> bound;
  bound.query.epoch = bind_date(params, "epoch");
  bound.query.object_type = bind_object_type(params);
  bound.query.orbit_regime = bind_regime(params);
  bound.format = bind_format(params, end, kSetFormats);
  bound.tle_layout = bind_tle_layout(params);
  const IncludeOffer included = bind_include(params, bound.format, detail::kIncludesBoth);
  bound.quality = included.quality;
  bound.coverage = included.coverage;
  bound.paging = bind_paging(params, end, kNarrowFilters);
  return bound;
}

BoundRequest<HistoryQuery> bind_history(std::string_view norad_id, const Params& params,
                                        FrontEnd end) {
  BoundRequest<HistoryQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  bound.query.start = bind_date(params, "start");
  bound.query.end = bind_date(params, "end");
  if (bound.query.start && bound.query.end && *bound.query.start > *bound.query.end) {
    fail(Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  }
  bound.query.source = bind_source(params);
  bound.format = bind_format(params, end, kSetFormats);
  bound.tle_layout = bind_tle_layout(params);
  bound.quality = bind_include(params, bound.format, detail::kIncludesQuality).quality;
  bound.paging = bind_paging(params, end, "narrow the range with start and end");
  return bound;
}

BoundRequest<NearestQuery> bind_nearest(std::string_view norad_id, const Params& params,
                                        FrontEnd end) {
  BoundRequest<NearestQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  bound.query.epoch = require_date(params, "epoch");
  bound.query.source = bind_source(params);
  bound.format = bind_format(params, end, kSetFormats);
  bound.tle_layout = bind_tle_layout(params);
  bound.quality = bind_include(params, bound.format, detail::kIncludesQuality).quality;
  return bound;
}

BoundRequest<AdjacentQuery> bind_adjacent(std::string_view norad_id, const Params& params,
                                          FrontEnd end) {
  BoundRequest<AdjacentQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  bound.query.epoch = require_date(params, "epoch");
  bound.format = bind_format(params, end, {Format::json});
  bound.quality = bind_include(params, bound.format, detail::kIncludesQuality).quality;
  return bound;
}

BoundRequest<std::int32_t> bind_range(std::string_view norad_id, const Params& params,
                                      FrontEnd end) {
  return {bind_norad_id(norad_id), bind_format(params, end, {Format::json}), {}};
}

BoundRequest<std::int32_t> bind_catalog_record(std::string_view norad_id, const Params& params,
                                               FrontEnd end) {
  return {bind_norad_id(norad_id), bind_format(params, end, {Format::json, Format::csv}), {}};
}

Format bind_status_format(const Params& params, FrontEnd end) {
  return bind_format(params, end, {Format::json});
}

Format bind_keys_format(const Params& params, FrontEnd end) {
  return bind_format(params, end, {Format::json, Format::csv});
}

BoundRequest<CatalogFilter> bind_catalog_search(const Params& params, FrontEnd end) {
  BoundRequest<CatalogFilter> bound;
  bound.query.search = bind_text(params, "search");
  bound.query.owner = bind_text(params, "owner");
  bound.query.object_type = bind_object_type(params);
  if (const std::string* year = find_param(params, "launch_year")) {
    const auto value = parse_whole(*year);
    if (!value || *value < 1957 || *value > 2200) {
      fail(Errc::bad_request, "parameter 'launch_year': '{}' must be a year from 1957 to 2200",
           excerpt(*year));
    }
    bound.query.launch_year = static_cast<int>(*value);
  }
  if (const std::string* active = find_param(params, "active_only")) {
    bound.query.active_only = parse_bool("active_only", *active);
  }
  bound.format = bind_format(params, end, {Format::json, Format::csv});
  bound.coverage = bind_include(params, bound.format, detail::kIncludesCoverage).coverage;
  bound.paging = bind_paging(params, end, kNarrowFilters);
  return bound;
}

}  // namespace gpq
