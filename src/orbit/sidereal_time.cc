#include "orbit/sidereal_time.h"

#include <cmath>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr double kJulianDate1950 = 2433281.5;  // 1949-12-31 00:00 UT, SGP4's day zero

// GMST (IAU 1982) in seconds of time as a cubic in Julian centuries of UT1 from J2000.
double gmst_iau82(double julian_date) {
  const double centuries = (julian_date - 2451545.0) / 36525.0;
  const double seconds = -6.2e-6 * centuries * centuries * centuries +
                         0.093104 * centuries * centuries +
                         (876600.0 * 3600 + 8640184.812866) * centuries + 67310.54841;
  // 240 seconds of time per degree.
  double angle = std::fmod(seconds * (std::numbers::pi / 180.0) / 240.0, kTwoPi);
  if (angle < 0.0) {
    angle += kTwoPi;
  }
  return angle;
}

// STR#3's THETAG: the angle at 1970-01-01 0h plus whole days and the day's fraction at their
// own rates, and a quadratic term.
double thetag_str3(double days_since_1950) {
  constexpr double kAngle1970 = 1.7321343856509374;
  constexpr double kPerDay = 1.72027916940703639e-2;  // rad/day beyond whole turns
  constexpr double kQuadratic = 5.07551419432269442e-15;
  const double days_since_1970 = days_since_1950 - 7305.0;
  const double whole_days = std::floor(days_since_1970 + 1.0e-8);
  const double fraction = days_since_1970 - whole_days;
  double angle = std::fmod(kAngle1970 + kPerDay * whole_days + (kPerDay + kTwoPi) * fraction +
                               days_since_1970 * days_since_1970 * kQuadratic,
                           kTwoPi);
  if (angle < 0.0) {
    angle += kTwoPi;
  }
  return angle;
}

}  // namespace

double sidereal_angle_at_epoch(double days_since_1950, OperationMode mode) noexcept {
  return mode == OperationMode::afspc ? thetag_str3(days_since_1950)
                                      : gmst_iau82(days_since_1950 + kJulianDate1950);
}

}  // namespace gpq::orbit
