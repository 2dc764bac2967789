#include "orbit/look_angles.h"

#include <cmath>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kDegrees = std::numbers::pi / 180.0;

double dot(const Vector3& a, const Vector3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

}  // namespace

Observer::Observer(const Geodetic& site) noexcept : position_km_(geodetic_to_itrf(site)) {
  const double sin_lat = std::sin(site.latitude_deg * kDegrees);
  const double cos_lat = std::cos(site.latitude_deg * kDegrees);
  const double sin_lon = std::sin(site.longitude_deg * kDegrees);
  const double cos_lon = std::cos(site.longitude_deg * kDegrees);
  east_ = {-sin_lon, cos_lon, 0.0};
  north_ = {-sin_lat * cos_lon, -sin_lat * sin_lon, cos_lat};
  up_ = {cos_lat * cos_lon, cos_lat * sin_lon, sin_lat};
}

LookAngles Observer::look_at(const ItrfState& satellite) const noexcept {
  const Vector3& r = satellite.position_km;
  const Vector3 rho = {r[0] - position_km_[0], r[1] - position_km_[1], r[2] - position_km_[2]};
  const double east = dot(rho, east_);
  const double north = dot(rho, north_);
  const double up = dot(rho, up_);
  LookAngles out;
  out.range_km = std::sqrt(dot(rho, rho));
  double azimuth = std::atan2(east, north) / kDegrees;
  if (azimuth < 0.0) {
    azimuth += 360.0;
  }
  if (azimuth >= 360.0) {
    azimuth -= 360.0;
  }
  out.azimuth_deg = azimuth;
  out.elevation_deg = std::atan2(up, std::hypot(east, north)) / kDegrees;
  // The observer does not move in the Earth-fixed frame: the range changes with the
  // satellite's Earth-fixed velocity along the line of sight.
  out.range_rate_km_s = out.range_km > 0.0 ? dot(rho, satellite.velocity_km_s) / out.range_km : 0.0;
  return out;
}

}  // namespace gpq::orbit
