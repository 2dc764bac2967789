// Greenwich sidereal angle at an element set's epoch: SDP4's resonance terms are phased by it.
#pragma once

#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// Radians in 0..2pi. Improved mode: IAU-82 GMST of the Julian date (UT1 taken as UTC).
// AFSPC mode: STR#3's THETAG, a linear day count from 1970 with a quadratic term.
double sidereal_angle_at_epoch(double days_since_1950, OperationMode mode) noexcept;

}  // namespace gpq::orbit
