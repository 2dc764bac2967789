// The apogee/perigee filter applied to a whole screening: the radial band of every object over
// the window, and which objects can be in a pair at all, so that the sweep propagates only
// those.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "orbit/radial_band.h"
#include "orbit/screening.h"

namespace gpq::orbit {

// Each object's band over the part of the window where its set is current, and half a sweep
// step either side.
std::vector<RadialBand> radial_bands(std::span<const ScreeningObject> objects,
                                     const ScreeningWindow& window);

// The indices, ascending, of the objects whose band comes within the threshold of another's
// where at least one of the two is a primary. Groups are not looked at: a kept object may still
// have no pair the sweep screens.
std::vector<std::uint32_t> objects_with_partners(std::span<const ScreeningObject> objects,
                                                 std::span<const RadialBand> bands,
                                                 double threshold_km);

}  // namespace gpq::orbit
