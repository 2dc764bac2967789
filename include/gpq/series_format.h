// An object's sets as columns (/gp/{id}/series): one array a field, the page's plots read
// them straight into their data. Field names: docs/SERVE.md, "The page".
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "gpq/element_set.h"

namespace gpq {

// {"data":{"EPOCH_UNIX":[...],"DATA_SOURCE":[...],...},"meta":{"norad_id","object_name",
// "points"}}: EPOCH_UNIX in seconds (to the millisecond), the derived altitudes in km.
void write_series_json(std::int32_t norad_id, std::span<const ElementSet> sets, std::string& out);

}  // namespace gpq
