// Where the sun and the moon stand relative to a deep-space orbit at epoch (STR#3's DSCOM):
// the coefficients both the lunar-solar periodics and the secular rates are built from.
#pragma once

#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// One body's s1..s7 and z1..z33 of STR#3 for the orbit at epoch.
struct ThirdBodyGeometry {
  double s1 = 0;
  double s2 = 0;
  double s3 = 0;
  double s4 = 0;
  double s5 = 0;
  double s6 = 0;
  double s7 = 0;
  double z1 = 0;
  double z2 = 0;
  double z3 = 0;
  double z11 = 0;
  double z12 = 0;
  double z13 = 0;
  double z21 = 0;
  double z22 = 0;
  double z23 = 0;
  double z31 = 0;
  double z32 = 0;
  double z33 = 0;
};

struct LunarSolarSetup {
  ThirdBodyGeometry sun_geometry;
  ThirdBodyGeometry moon_geometry;
  ThirdBodyPeriodics sun;
  ThirdBodyPeriodics moon;
};

// Mean motions of the sun and the moon in SGP4's units (rad/min).
inline constexpr double kSunMeanMotion = 1.19459e-5;
inline constexpr double kMoonMeanMotion = 1.5835218e-4;

// `elements` hold the Brouwer mean motion.
LunarSolarSetup lunar_solar_setup(const EpochElements& elements) noexcept;

}  // namespace gpq::orbit
