// SDP4's initialisation (STR#3's DSINIT): the secular rates the sun and the moon add, their
// periodic coefficients, and the geopotential resonance terms of 12 h and 24 h orbits.
#pragma once

#include "orbit/gravity.h"
#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// `elements` hold the Brouwer mean motion; `near` the near-earth rates; `gsto` the sidereal
// angle at epoch.
DeepSpaceTerms deep_space_init(const GravityConstants& gravity, const EpochElements& elements,
                               const NearEarthTerms& near, double gsto) noexcept;

}  // namespace gpq::orbit
