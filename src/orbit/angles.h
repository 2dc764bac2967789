// Angle arithmetic SGP4 spends most of its time in, done cheaply: sine and cosine of an angle
// a little away from one whose sine and cosine are known (a Newton step of Kepler's equation,
// the J2 short-period terms of the argument of latitude and the inclination turn by small
// corrections), and the reduction of an angle to one turn. libm's sin, cos, atan2 and fmod were
// most of a propagation's time.
#pragma once

#include <cmath>
#include <numbers>

namespace gpq::orbit {

// fmod(angle, 2 pi) as the reference reduces angles (the sign of `angle`, magnitude under one
// turn), by one division and one product instead of fmod's exact long division: the result is
// off by about one unit in the last place of `angle` (1e-13 rad for a thousand radians, a
// nanometre at LEO radius), which is what the reference's own sums carry anyway.
inline double reduce_to_turn(double angle) noexcept {
  constexpr double kTurn = 2.0 * std::numbers::pi;
  return angle - kTurn * std::trunc(angle / kTurn);
}

struct SinCos {
  double sin = 0;
  double cos = 1;
};

inline SinCos sin_cos(double angle) noexcept {
  return {std::sin(angle), std::cos(angle)};
}

// Steps up to this size use the series below: its first term left out, delta^10/10!, is under
// 3e-24 there, far below a double's rounding of the result.
inline constexpr double kSmallAngle = 1.0e-2;

// sin and cos of `angle + delta` given `at` = sin_cos(angle) and |delta| <= kSmallAngle: the
// angle-addition formulas with the Taylor series of sin(delta) and cos(delta). Agrees with
// sin_cos(angle + delta) to a few units in the last place.
inline SinCos turn_small(SinCos at, double delta) noexcept {
  const double d2 = delta * delta;
  const double sin_d =
      delta * (1.0 - d2 / 6.0 * (1.0 - d2 / 20.0 * (1.0 - d2 / 42.0 * (1.0 - d2 / 72.0))));
  const double cos_d =
      1.0 -
      d2 / 2.0 * (1.0 - d2 / 12.0 * (1.0 - d2 / 30.0 * (1.0 - d2 / 56.0 * (1.0 - d2 / 90.0))));
  return {at.sin * cos_d + at.cos * sin_d, at.cos * cos_d - at.sin * sin_d};
}

inline bool is_small_angle(double delta) noexcept {
  return std::fabs(delta) <= kSmallAngle;
}

// sin and cos of `angle + delta`, given `at` = sin_cos(angle): turn_small() when the step is
// small, else sin and cos of the sum (also for a NaN, which stays NaN).
inline SinCos turn_by(SinCos at, double angle, double delta) noexcept {
  return is_small_angle(delta) ? turn_small(at, delta) : sin_cos(angle + delta);
}

}  // namespace gpq::orbit
