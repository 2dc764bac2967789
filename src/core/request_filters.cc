// Binding of the filters set lists share (gpq/request.h): object type, orbit regime, group,
// and the refusal of a filter a form cannot apply.
#include "core/request_filters.h"

#include <algorithm>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/request_output.h"
#include "core/text.h"

namespace gpq::detail {

std::optional<ObjectType> bind_object_type(const Params& params) {
  const std::string* text = find_param(params, "object_type");
  if (text == nullptr) {
    return std::nullopt;
  }
  const auto type = parse_object_type(*text);
  if (!type || text->find('/') != std::string::npos) {
    fail(Errc::bad_request, "parameter 'object_type': '{}' is not an object type; use {}",
         excerpt(*text), object_type_names());
  }
  return type;
}

std::optional<OrbitRegime> bind_regime(const Params& params) {
  const std::string* text = find_param(params, "orbit_regime");
  if (text == nullptr) {
    return std::nullopt;
  }
  const auto regime = parse_orbit_regime(*text);
  if (!regime) {
    fail(Errc::bad_request, "parameter 'orbit_regime': '{}' is not an orbit regime; use {}",
         excerpt(*text), orbit_regime_names());
  }
  return regime;
}

std::optional<std::string> bind_group(const Params& params) {
  const std::string* text = find_param(params, "group");
  if (text == nullptr) {
    return std::nullopt;
  }
  for (const std::string_view group : kGroups) {
    if (iequals(*text, group)) {
      return std::string(group);
    }
  }
  fail(Errc::bad_request, "parameter 'group': '{}' is not a group; use one of: {}", excerpt(*text),
       group_names());
}

namespace {

// The filters of /gp, for refuse_filters_except.
constexpr std::string_view kGpFilters[] = {"search",       "group",       "intdes", "norad_ids",
                                           "orbit_regime", "object_type", "decay",  "epoch"};

}  // namespace

void refuse_filters_except(const Params& params, std::initializer_list<std::string_view> applies,
                           std::string_view form, std::string_view hint) {
  for (const std::string_view key : kGpFilters) {
    if (params.contains(key) && std::find(applies.begin(), applies.end(), key) == applies.end()) {
      fail(Errc::bad_request, "parameter '{}' does not apply to {}; {}", key, form, hint);
    }
  }
}

}  // namespace gpq::detail
