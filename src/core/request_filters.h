// The filters of set lists (object type, orbit regime, group) bound once for every question
// that takes them: /gp and /gp/epoch (request.cc) and the catalog's states (request_orbit.cc).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/request.h"

namespace gpq::detail {

// Each throws Error{bad_request} naming the parameter and the values it takes; none when
// the parameter is absent.
std::optional<ObjectType> bind_object_type(const Params& params);
std::optional<OrbitRegime> bind_regime(const Params& params);
std::optional<std::string> bind_group(const Params& params);  // a name of kGroups
// A boolean parameter's text: true, 1, yes or false, 0, no (any case); Error{bad_request}
// naming `parameter` otherwise (src/core/request.cc).
bool parse_bool(std::string_view parameter, std::string_view text);
// `norad_ids`: comma-separated ids, sorted and without repeats; empty when absent
// (src/core/request.cc).
std::vector<std::int32_t> bind_norad_list(const Params& params);

// Refuses (Error{bad_request}) any filter of /gp that `applies` does not name: a form that
// cannot apply a filter must not answer more than was asked. The message names the parameter
// and `form`, then gives `hint`.
void refuse_filters_except(const Params& params, std::initializer_list<std::string_view> applies,
                           std::string_view form, std::string_view hint);

}  // namespace gpq::detail
