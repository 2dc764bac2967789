// The TLE line writer without the 99999 output limit, for the import round-trip
// checks that must also reproduce Alpha-5 lines. Front ends use gpq/tle.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gpq/element_set.h"

namespace gpq::detail {

// Why the values of `set` cannot be written in TLE lines, whatever its catalog number: a
// classification other than U, C or S, an epoch outside 1957..2056, |MEAN_MOTION_DOT| >= 1.
std::optional<std::string> tle_value_problem(const ElementSet& set);

// Canonical CelesTrak layout; ids 100000..339999 as Alpha-5. Throws Error{bad_request} above,
// and for what tle_value_problem() refuses.
std::string format_line1_unchecked(const ElementSet& set);
std::string format_line2_unchecked(const ElementSet& set);

}  // namespace gpq::detail
