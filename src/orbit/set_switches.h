// Following the archive through a window: which of one object's sets is its trajectory at each
// instant (the nearest epoch, docs/DECISIONS.md "Nearest set"), as the parts of the window
// where each set is current. Conjunction screening with --follow-archive screens each part as
// an object of its own.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gpq/element_set.h"

namespace gpq::orbit {

struct CurrentPart {
  std::size_t set = 0;  // index into the object's sets
  // Seconds after the window's start, [from, to).
  double from_seconds = 0;
  double to_seconds = 0;
};

// The parts of [from, to) where each of `sets` (one object's, ascending by epoch) is the nearest,
// switching halfway between neighbouring epochs (parts are half-open, so the midpoint instant
// itself is the later set's where `gpq ephemeris` gives it to the earlier: an instant of no
// length, which moves no approach), each cut to the instants within
// `max_age_micros` of its set's epoch: where the nearest set is older than that, the object has
// no trajectory. Parts are in time order and never empty.
std::vector<CurrentPart> current_parts(std::span<const ElementSet> sets, TimePoint from,
                                       TimePoint to, std::int64_t max_age_micros);

}  // namespace gpq::orbit
