// The bounds both sweeps filter pairs with (docs/CONJUNCTIONS.md, "How the screen finds every
// approach"): how far an object's acceleration can bend its path within a half-step, whether
// two objects' relative motion, taken as straight and bent by at most that, comes within reach
// of each other inside a sample's interval, and how fast an object in a radial band can move.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "orbit/radial_band.h"

namespace gpq::orbit {

inline constexpr double kMuKm3S2 = 398600.8;  // WGS-72, the sets' own
inline constexpr double kEarthRadiusKm = 6378.135;

// A bound on |acceleration| within `half_step` seconds of a state at `radius_km` moving at
// `speed_km_s`: point-mass gravity at the lowest radius it can reach, with J2's radial and
// latitudinal terms (at most 4.5 J2 (R/r)^2 of it), times 1.5 for what SGP4's short-period
// terms and drag add to Newton's law.
inline double acceleration_bound(double radius_km, double speed_km_s, double half_step) {
  constexpr double kJ2 = 1.082616e-3;
  constexpr double kAccelerationSafety = 1.5;
  const double lowest = std::max(radius_km - speed_km_s * half_step - 1.0, 6000.0);
  const double ratio = kEarthRadiusKm / lowest;
  return kAccelerationSafety * kMuKm3S2 / (lowest * lowest) * (1 + 4.5 * kJ2 * ratio * ratio);
}

// Whether two objects `d` apart (km) with relative velocity `u` (km/s) at a sample can come
// within `threshold_km` between `before` seconds before it and `after` seconds after: the
// straight line's closest point in that span, within the threshold plus the most the two
// acceleration bounds (km/s^2, summed) can bend it. Products only (no root, no quotient): it
// runs for every pair of neighbouring objects at every sample.
inline bool may_come_within(const std::array<double, 3>& d, const std::array<double, 3>& u,
                            double accelerations, double before, double after,
                            double threshold_km) {
  const double half = std::max(before, after);
  const double reach = threshold_km + 0.5 * accelerations * half * half;
  const double reach2 = reach * reach;
  const double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  const double du = d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
  const double u2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
  // The closest instant of d + u t is t = -du / u2; clamped to [-before, after], the distance
  // there squared is d2 + 2 t du + t^2 u2. Inside, times u2 it is |d x u|^2.
  if (-du >= after * u2) {
    return d2 + (2 * du + after * u2) * after <= reach2;
  }
  if (-du <= -before * u2) {
    return d2 - (2 * du - before * u2) * before <= reach2;
  }
  const double cx = d[1] * u[2] - d[2] * u[1];
  const double cy = d[2] * u[0] - d[0] * u[2];
  const double cz = d[0] * u[1] - d[1] * u[0];
  return cx * cx + cy * cy + cz * cz <= reach2 * u2;
}

// The highest speed (km/s) an object whose radius stays in `band` can have where SGP4 gives it
// a state (at one earth radius or more): vis-viva, v^2 = mu (2/r - 1/a), at the lowest such
// radius with the semi-major axis at most 1% above the band's highest radius (the osculating
// apoapsis lies above a, and SGP4's short-period terms move it by well under 1%), plus 1% for
// SGP4's short-period rates. Infinite for a band with no top.
inline double speed_bound(const RadialBand& band) {
  if (!std::isfinite(band.high_km)) {
    return std::numeric_limits<double>::infinity();
  }
  const double lowest = std::max(band.low_km, kEarthRadiusKm);
  const double v2 = kMuKm3S2 * (2 / lowest - 1 / (1.01 * band.high_km));
  return 1.01 * std::sqrt(std::max(v2, 0.0));
}

}  // namespace gpq::orbit
