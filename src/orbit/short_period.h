// The last stage of SGP4: long-period (J3) terms, Kepler's equation, the short-period (J2)
// terms, and the position and velocity in TEME.
#pragma once

#include "orbit/gravity.h"
#include "orbit/sgp4.h"

namespace gpq::orbit {

// Mean elements with their periodic corrections so far, and the inclination functions of the
// inclination they carry.
struct OsculatingInput {
  double semi_major_axis = 0;  // earth radii
  double mean_motion = 0;      // rad/min
  double eccentricity = 0;
  double inclination = 0;
  double node = 0;
  double perigee = 0;
  double mean_anomaly = 0;
  double sin_inclination = 0;
  double cos_inclination = 0;
  double aycof = 0;
  double xlcof = 0;
  double con41 = 0;
  double x1mth2 = 0;
  double x7thm1 = 0;
};

// The state, or Sgp4Error::semi_latus_rectum (p < 0) or Sgp4Error::decayed (r < 1 radius;
// `state` is filled then too).
Sgp4Error osculating_state(const OsculatingInput& in, const GravityConstants& gravity,
                           TemeState& state) noexcept;

}  // namespace gpq::orbit
