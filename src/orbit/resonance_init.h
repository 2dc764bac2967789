// The geopotential resonance terms of SDP4: which resonance an orbit is in, and the
// coefficients its 720-minute integration uses (STR#3's DSINIT, resonance part).
#pragma once

#include "orbit/gravity.h"
#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// Earth's rotation rate in rad/min (7.29211514668855e-5 rad/s).
inline constexpr double kEarthRotationPerMinute = 4.37526908801129966e-3;

// Resonance::none when the mean motion is in neither band; then nothing else is set.
ResonanceTerms resonance_init(const GravityConstants& gravity, const EpochElements& elements,
                              const NearEarthTerms& near, const DeepSecularRates& rates,
                              double gsto) noexcept;

}  // namespace gpq::orbit
