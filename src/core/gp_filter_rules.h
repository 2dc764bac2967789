// The filters of a search of current sets (GpFilter, /gp), as functions of one object's set,
// name and catalog record, so that the index of today's sets and a search as of an instant
// judge alike.
#pragma once

#include <string_view>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/query.h"

namespace gpq {

// The filters read from the set: NORAD ids, name (`name_upper`: its OBJECT_NAME upper-cased),
// international designator (a launch `1998-067` or a piece `1998-067A`), orbit regime.
bool set_passes(const ElementSet& set, std::string_view name_upper, const GpFilter& filter);

// The filters read from the catalog record (null: SATCAT lacks the object): decayed by `now`
// unless include_decayed, object type.
bool record_passes(const CatalogRecord* record, const GpFilter& filter, TimePoint now);

}  // namespace gpq
