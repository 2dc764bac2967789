// The membership rules of docs/DECISIONS.md "Groups": who belongs to a group before its
// upstream list has been synced. Pure functions of the object's current set and catalog
// record, so storage's index and the tests ask the same rules.
#pragma once

#include <cstdint>
#include <optional>
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

// The one decay rule (docs/ORBIT.md, "Decayed objects"): SATCAT's DECAY_DATE is a UTC day, and
// the object counts as in orbit through that day, decayed from the next day's 00:00 UTC on, the
// instant decayed_from() gives. The snapshot (/gp/epoch, the catalog's states), /gp's `decay`,
// the catalog's `active_only`, the `active` group and one object's state all ask this.
TimePoint decayed_from(TimePoint decay_date);
// True when `decay_date` is set and `t` is at or after decayed_from(*decay_date).
bool decayed_before(const std::optional<TimePoint>& decay_date, TimePoint t);
// As above, for the record's DECAY_DATE; false without a record.
bool decayed_before(const CatalogRecord* record, TimePoint t);

// True when the record's object is in orbit at `t`: launched by then (or no launch date) and not
// decayed before it. What an answer's coverage counts as the catalog in orbit.
bool in_orbit_at(const CatalogRecord& record, TimePoint t);

// An analyst object's catalog number (80000-89999, or 270000 and above): a track Space-Track
// publishes before it is identified. The `analyst` group's rule and the `analyst` quality flag.
constexpr bool is_analyst_id(std::int32_t norad_id) noexcept {
  return (norad_id >= 80000 && norad_id <= 89999) || norad_id >= 270000;
}

// True when the rules put `subject` in `group` at `now`; false for a group with no rule.
bool in_group_by_rule(std::string_view group, const GroupSubject& subject, TimePoint now);

}  // namespace gpq
