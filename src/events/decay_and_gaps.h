// The events that are not steps: a decay (perigee below kDecayPerigeeKm and falling, with a
// rough re-entry window) and gaps (no set for much longer than the object's usual spacing).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/event_query.h"

namespace gpq::events {

// A gap is reported when two sets are more than this many times the median interval apart,
// and at least kMinGapDays.
inline constexpr double kGapFactor = 4.0;
inline constexpr double kMinGapDays = 1.0;
// The perigee trend is fitted over the newest sets within this many days.
inline constexpr double kDecayFitDays = 5.0;
// Below this perigee altitude re-entry follows within a revolution or two.
inline constexpr double kReentryPerigeeKm = 120.0;

// `sets`: distinct_sets() of the history. At most one event: at the set from which the
// perigee stays below kDecayPerigeeKm to the end, when it falls over the newest sets.
std::optional<OrbitEvent> find_decay(std::span<const ElementSet> sets);

// Gaps, oldest first; `median_interval_days` receives the median spacing (0 for < 2 sets).
std::vector<OrbitEvent> find_gaps(std::span<const ElementSet> sets, double& median_interval_days);

SetRef set_ref(const ElementSet& set);
TimePoint halfway(TimePoint a, TimePoint b);

}  // namespace gpq::events
