#include "core/gp_filter_rules.h"

#include <algorithm>

#include "core/group_rules.h"
#include "core/text.h"

namespace gpq {

bool set_passes(const ElementSet& set, std::string_view name_upper, const GpFilter& filter) {
  if (!filter.norad_ids.empty() &&
      !std::binary_search(filter.norad_ids.begin(), filter.norad_ids.end(), set.norad_id)) {
    return false;
  }
  if (filter.search && name_upper.find(to_upper(*filter.search)) == std::string_view::npos) {
    return false;
  }
  if (filter.intdes) {
    const bool launch_only = filter.intdes->size() == 8;
    if (launch_only ? !set.object_id.starts_with(*filter.intdes)
                    : set.object_id != *filter.intdes) {
      return false;
    }
  }
  return !filter.orbit_regime ||
         orbit_regime(set.mean_motion, set.eccentricity) == *filter.orbit_regime;
}

bool record_passes(const CatalogRecord* record, const GpFilter& filter, TimePoint now) {
  if (!filter.include_decayed && decayed_before(record, now)) {
    return false;
  }
  return !filter.object_type || (record != nullptr && record->object_type == filter.object_type);
}

}  // namespace gpq
