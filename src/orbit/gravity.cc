#include "orbit/gravity.h"

#include <cmath>

namespace gpq::orbit {
namespace {

// xke is derived from mu and the radius except in the old WGS-72 set, which fixed it to the
// value Spacetrack Report #3 printed.
GravityConstants make(double mu, double radius, double xke, double j2, double j3, double j4) {
  GravityConstants c;
  c.mu_km3_s2 = mu;
  c.radius_km = radius;
  c.xke = xke > 0 ? xke : 60.0 / std::sqrt(radius * radius * radius / mu);
  c.j2 = j2;
  c.j3 = j3;
  c.j4 = j4;
  c.j3_over_j2 = j3 / j2;
  c.km_s_per_unit = radius * c.xke / 60.0;
  return c;
}

}  // namespace

GravityConstants gravity_constants(GravityModel model) noexcept {
  constexpr double kWgs72J2 = 0.001082616;
  constexpr double kWgs72J3 = -0.00000253881;
  constexpr double kWgs72J4 = -0.00000165597;
  switch (model) {
    case GravityModel::wgs72_old:
      return make(398600.79964, 6378.135, 0.0743669161, kWgs72J2, kWgs72J3, kWgs72J4);
    case GravityModel::wgs84:
      return make(398600.5, 6378.137, 0, 0.00108262998905, -0.00000253215306, -0.00000161098761);
    case GravityModel::wgs72:
      break;
  }
  return make(398600.8, 6378.135, 0, kWgs72J2, kWgs72J3, kWgs72J4);
}

std::string_view to_string(GravityModel model) noexcept {
  switch (model) {
    case GravityModel::wgs72_old:
      return "wgs72old";
    case GravityModel::wgs84:
      return "wgs84";
    case GravityModel::wgs72:
      break;
  }
  return "wgs72";
}

}  // namespace gpq::orbit
