// The earth models SGP4 can run with: WGS-72 (the default, what the element sets are fitted
// with), the older WGS-72 constants of Spacetrack Report #3, and WGS-84.
#pragma once

#include <cstdint>
#include <string_view>

namespace gpq::orbit {

enum class GravityModel : std::uint8_t { wgs72, wgs72_old, wgs84 };

// What SGP4 needs of an earth model, in its own units: distances in earth radii, time in
// minutes.
struct GravityConstants {
  double mu_km3_s2 = 0;  // gravitational parameter
  double radius_km = 0;  // equatorial radius: one distance unit
  double xke = 0;        // sqrt(mu / radius^3) in radii^1.5 per minute
  double j2 = 0;         // zonal harmonics
  double j3 = 0;
  double j4 = 0;
  double j3_over_j2 = 0;
  double km_s_per_unit = 0;  // one radius per (1 / xke) minutes, in km/s
};

GravityConstants gravity_constants(GravityModel model) noexcept;

// "wgs72", "wgs72old", "wgs84".
std::string_view to_string(GravityModel model) noexcept;

}  // namespace gpq::orbit
