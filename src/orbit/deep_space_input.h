// An SDP4 propagation up to the osculating stage: the secular terms with the lunar-solar rates
// and the resonance integration, the drag, the lunar-solar periodics. Sgp4Propagator::propagate
// finishes it with one osculating_state, propagate_batch four at a time in vector lanes.
#pragma once

#include "orbit/sgp4.h"
#include "orbit/short_period.h"

namespace gpq::orbit {

// `terms` of a deep-space set (Sgp4Terms::deep_space) in theory. Fills `in` and returns
// Sgp4Error::none, or returns the error that stops the propagation before the osculating
// stage (`in` then meaningless). `cursor` (may be null): see Sgp4Propagator::propagate.
Sgp4Error deep_space_input(const Sgp4Terms& terms, double minutes, ResonanceCursor* cursor,
                           OsculatingInput& in) noexcept;

}  // namespace gpq::orbit
