// The TLE line writer without the 99999 output limit, for the import round-trip
// checks that must also reproduce Alpha-5 lines. Front ends use gpq/tle.h.
#pragma once

#include <cstdint>
#include <string>

#include "gpq/element_set.h"

namespace gpq::detail {

// Throws Error{bad_request} when norad_id > 99999 (TLE output refuses it).
void require_tle_catalog_number(std::int32_t norad_id);

// Canonical CelesTrak layout; ids 100000..339999 as Alpha-5. Throws Error{bad_request} above.
std::string format_line1_unchecked(const ElementSet& set);
std::string format_line2_unchecked(const ElementSet& set);

}  // namespace gpq::detail
