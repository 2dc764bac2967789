// SGP4's initialisation for every orbit: the Brouwer mean motion and the near-earth terms.
#pragma once

#include "orbit/gravity.h"
#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// Recovers the Brouwer mean motion n0'' from the element set's Kozai mean motion (on entry in
// `elements.mean_motion`, replaced on return) and derives the secular rates, the drag
// coefficients and the J3 long-period coefficients. Requires 0 <= e < 1 and n > 0.
NearEarthTerms near_earth_init(const GravityConstants& gravity, EpochElements& elements) noexcept;

// J3's long-period coefficients aycof and xlcof for an inclination (SDP4 sets them again from
// the perturbed inclination at each time). Within 1.5e-12 of 180 degrees the reference divides
// by 1.5e-12 instead of 1 + cos i.
void set_long_period_coefficients(const GravityConstants& gravity, double sin_i, double cos_i,
                                  NearEarthTerms& terms) noexcept;

}  // namespace gpq::orbit
