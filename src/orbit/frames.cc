#include "orbit/frames.h"

#include <cmath>
#include <cstdint>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kDegrees = std::numbers::pi / 180.0;
constexpr double kUnixEpochJulianDate = 2440587.5;
constexpr double kJ2000 = 2451545.0;
constexpr double kEccentricitySquared = kWgs84Flattening * (2.0 - kWgs84Flattening);

}  // namespace

double gmst_1982(TimePoint ut1) noexcept {
  const std::int64_t micros = ut1.unix_micros();
  std::int64_t days = micros / kMicrosPerDay;
  std::int64_t rest = micros % kMicrosPerDay;
  if (rest < 0) {
    days -= 1;
    rest += kMicrosPerDay;
  }
  const double fraction = static_cast<double>(rest) / static_cast<double>(kMicrosPerDay);
  // Julian centuries of UT1 from J2000.0 (JD 2451545.0 = 2000-01-01 12:00).
  const double day_start = kUnixEpochJulianDate + static_cast<double>(days) - kJ2000;
  const double centuries = (day_start + fraction) / 36525.0;
  // GMST in seconds is 67310.54841 + (876600 h + 8640184.812866 s) T + 0.093104 T^2
  // - 6.2e-6 T^3. The 876600 h T term is 86400 s per day since J2000.0: modulo a day it is the
  // time since the last 12:00, (0.5 + fraction) of a day, as the day starts at a .5 date.
  const double seconds =
      67310.54841 + (8640184.812866 + (0.093104 - 6.2e-6 * centuries) * centuries) * centuries;
  double turns = std::fmod(0.5 + fraction + seconds / 86400.0, 1.0);
  if (turns < 0.0) {
    turns += 1.0;
  }
  return turns * 2.0 * std::numbers::pi;
}

ItrfState teme_to_itrf(const TemeState& teme, TimePoint ut1) noexcept {
  const double theta = gmst_1982(ut1);
  const double c = std::cos(theta);
  const double s = std::sin(theta);
  const Vector3& r = teme.position_km;
  const Vector3& v = teme.velocity_km_s;
  ItrfState out;
  // R3(theta): the Greenwich meridian becomes the x axis.
  out.position_km = {c * r[0] + s * r[1], -s * r[0] + c * r[1], r[2]};
  const Vector3 rotated_v = {c * v[0] + s * v[1], -s * v[0] + c * v[1], v[2]};
  // v_fixed = R3(theta) v - omega x r_fixed, omega = (0, 0, kEarthRotationRadPerS).
  const Vector3& p = out.position_km;
  out.velocity_km_s = {rotated_v[0] + kEarthRotationRadPerS * p[1],
                       rotated_v[1] - kEarthRotationRadPerS * p[0], rotated_v[2]};
  return out;
}

Geodetic itrf_to_geodetic(const Vector3& position_km) noexcept {
  const double x = position_km[0];
  const double y = position_km[1];
  const double z = position_km[2];
  const double p = std::hypot(x, y);
  double latitude = std::atan2(z, p * (1.0 - kEccentricitySquared));
  for (int i = 0; i < 20; ++i) {
    const double sin_lat = std::sin(latitude);
    const double n = kWgs84RadiusKm / std::sqrt(1.0 - kEccentricitySquared * sin_lat * sin_lat);
    const double next = std::atan2(z + kEccentricitySquared * n * sin_lat, p);
    const bool converged = std::fabs(next - latitude) < 1e-12;
    latitude = next;
    if (converged) {
      break;
    }
  }
  const double sin_lat = std::sin(latitude);
  const double cos_lat = std::cos(latitude);
  Geodetic out;
  out.latitude_deg = latitude / kDegrees;
  double longitude = p == 0.0 ? 0.0 : std::atan2(y, x) / kDegrees;
  if (longitude >= 180.0) {
    longitude -= 360.0;
  }
  out.longitude_deg = longitude;
  // Well conditioned at every latitude, the poles included.
  out.height_km = p * cos_lat + z * sin_lat -
                  kWgs84RadiusKm * std::sqrt(1.0 - kEccentricitySquared * sin_lat * sin_lat);
  return out;
}

Vector3 geodetic_to_itrf(const Geodetic& point) noexcept {
  const double latitude = point.latitude_deg * kDegrees;
  const double longitude = point.longitude_deg * kDegrees;
  const double sin_lat = std::sin(latitude);
  const double cos_lat = std::cos(latitude);
  const double n = kWgs84RadiusKm / std::sqrt(1.0 - kEccentricitySquared * sin_lat * sin_lat);
  const double along_equator = (n + point.height_km) * cos_lat;
  return {along_equator * std::cos(longitude), along_equator * std::sin(longitude),
          (n * (1.0 - kEccentricitySquared) + point.height_km) * sin_lat};
}

}  // namespace gpq::orbit
