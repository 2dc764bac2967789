// Passes of a satellite over an observer: the intervals in which its elevation is at least a
// minimum, with rise, culmination and set refined from a coarse sampling.
#pragma once

#include <functional>
#include <vector>

#include "gpq/orbit_query.h"

#include "orbit/look_angles.h"

namespace gpq::orbit {

// The look angles at an instant. May throw; find_passes lets it through.
using LookFunction = std::function<LookAngles(TimePoint)>;

// Samples elevation every `step_micros` from `start` to `end` (both included), then refines:
// a crossing of `min_elevation_deg` by bisection and each local maximum by golden-section
// search, both to 1 ms. A maximum between two samples is refined too, so that a pass that
// rises above the minimum only between samples is found while its elevation curve spans a few
// samples (30 s samples against LEO passes of minutes). The passes come in time order; their
// set_epoch is left for the caller.
std::vector<Pass> find_passes(const LookFunction& look, TimePoint start, TimePoint end,
                              double min_elevation_deg,
                              std::int64_t step_micros = 30 * kMicrosPerSecond);

}  // namespace gpq::orbit
