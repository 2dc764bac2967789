// The membership rules of docs/DECISIONS.md "Groups": who belongs to a group before its
// upstream list has been synced. Pure functions of the object's current set and catalog
// record, so storage's index and the tests ask the same rules.
#pragma once

#include <cstdint>
#include <string_view>

#include "gpq/catalog.h"
#include "gpq/time.h"

namespace gpq {

// What the rules look at for one object.
struct GroupSubject {
  std::string_view name_upper;  // OBJECT_NAME, ASCII upper-cased
  std::int32_t norad_id = 0;
  double mean_motion = 0;  // rev/day, for the orbit regime
  double eccentricity = 0;
  const CatalogRecord* catalog = nullptr;  // null when the catalog lacks the object
};

// True when the record says the object had decayed before `t`; false without a record.
bool decayed_before(const CatalogRecord* record, TimePoint t);

// True when the rules put `subject` in `group` at `now`; false for a group with no rule.
bool in_group_by_rule(std::string_view group, const GroupSubject& subject, TimePoint now);

}  // namespace gpq
