// Binding of the conjunctions request: every check of its parameters and its message, for the
// CLI and the HTTP API alike (docs/CONJUNCTIONS.md, "Parameters").
#include <iterator>
#include <string>

#include "gpq/error.h"
#include "gpq/request.h"

#include "core/printable_text.h"
#include "core/request_filters.h"
#include "core/request_output.h"
#include "core/text.h"

namespace gpq {
namespace {

using detail::bind_date;
using detail::bind_format;
using detail::bind_number;
using detail::find_param;

constexpr detail::PageLimits kConjunctionPages = {
    .default_per_page = kDefaultPerPage,
    .max_per_page = kMaxConjunctionPerPage,
    .max_page = 1'000'000,
    .narrow_hint = {},
};

ConjunctionSort bind_sort(const Params& params) {
  const std::string* text = find_param(params, "sort");
  if (text == nullptr) {
    return ConjunctionSort::miss_distance;
  }
  for (std::size_t i = 0; i < std::size(kConjunctionSortNames); ++i) {
    if (iequals(*text, kConjunctionSortNames[i])) {
      return static_cast<ConjunctionSort>(i);
    }
  }
  std::string names;
  for (const std::string_view name : kConjunctionSortNames) {
    names += names.empty() ? "" : ", ";
    names += name;
  }
  fail(Errc::bad_request, "parameter 'sort': '{}' is not an order of conjunctions; use {}",
       excerpt(*text), names);
}

// `primaries`: all (the default: every object against every other) or active (the active
// group, as SOCRATES screens).
void bind_primaries(const Params& params, ConjunctionPrimaries& primaries) {
  primaries.norad_ids = detail::bind_norad_list(params);
  primaries.group = detail::bind_group(params);
  primaries.object_type = detail::bind_object_type(params);
  const std::string* text = find_param(params, "primaries");
  if (text == nullptr || iequals(*text, "all")) {
    return;
  }
  if (!iequals(*text, "active")) {
    fail(Errc::bad_request,
         "parameter 'primaries': '{}' is not a choice of primaries; use all or active (or "
         "choose them by norad_ids, group and object_type)",
         excerpt(*text));
  }
  if (primaries.group && *primaries.group != "active") {
    fail(Errc::bad_request,
         "parameters 'primaries' and 'group' both choose a group; give one of them");
  }
  primaries.group = "active";
}

}  // namespace

BoundRequest<ConjunctionQuery> bind_conjunctions(const Params& params, FrontEnd end,
                                                 std::int64_t max_days) {
  BoundRequest<ConjunctionQuery> bound;
  ConjunctionQuery& query = bound.query;
  query.from = bind_date(params, "from");
  query.to = bind_date(params, "to");
  query.max_days = max_days;
  query.threshold_km =
      bind_number(params, "threshold", 0.001, kMaxConjunctionThresholdKm, "a distance in km")
          .value_or(kDefaultConjunctionThresholdKm);
  bind_primaries(params, query.primaries);
  if (const std::string* exclude = find_param(params, "exclude_same_constellation")) {
    query.exclude_same_constellation = detail::parse_bool("exclude_same_constellation", *exclude);
  }
  if (const std::string* follow = find_param(params, "follow_archive")) {
    query.follow_archive = detail::parse_bool("follow_archive", *follow);
  }
  query.hard_body_radius_m =
      bind_number(params, "hard_body_radius", 0.01, 1000, "a radius in metres")
          .value_or(kDefaultHardBodyRadiusM);
  query.sort = bind_sort(params);
  bound.format = bind_format(params, end, {Format::json, Format::csv, Format::kvn, Format::xml});
  bound.coverage = detail::bind_include(params, bound.format, detail::kIncludesCoverage).coverage;
  bound.paging = detail::bind_paging(params, end, kConjunctionPages);
  return bound;
}

}  // namespace gpq
