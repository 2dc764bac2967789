// The order of the catalog's states when a `sort` field is asked (docs/ORBIT.md, "The whole
// catalog at an instant").
#pragma once

#include <vector>

#include "gpq/orbit_query.h"

namespace gpq::orbit {

// Sorts rows by the field, ascending or descending; rows without a value for it (no state)
// come last either way, and ties keep their order (the snapshot's: NORAD_CAT_ID).
void sort_rows(std::vector<CatalogStateRow>& rows, StateOrder order);

}  // namespace gpq::orbit
