// An object's history as the detectors read it: one set per epoch, in time order.
#pragma once

#include <span>
#include <vector>

#include "gpq/element_set.h"

namespace gpq::events {

// Sets within this of the previous one are a regenerated set of the same epoch (a second
// source, a re-issue): their differences are fitting noise, not motion.
inline constexpr std::int64_t kSameEpochMicros = 60 * kMicrosPerSecond;

// `sets` in EPOCH order (as the history gives them); of sets within kSameEpochMicros of each
// other the last is kept, so a re-issue replaces what it corrects.
std::vector<ElementSet> distinct_sets(std::span<const ElementSet> sets);

// Days since `origin`, the time axis of the detectors.
inline double days_since(TimePoint origin, TimePoint t) {
  return static_cast<double>(t.unix_micros() - origin.unix_micros()) /
         static_cast<double>(kMicrosPerDay);
}

}  // namespace gpq::events
