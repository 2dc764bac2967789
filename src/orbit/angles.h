// Angle arithmetic SGP4 spends most of its time in, for one set or four (lanes.h): sine and
// cosine together, sine and cosine of an angle a little away from one whose sine and cosine are
// known (a Newton step of Kepler's equation, the J2 short-period terms of the argument of
// latitude and the inclination turn by small corrections), and the reduction of an angle to one
// turn. libm's sin, cos, atan2 and fmod were most of a propagation's time, and have no
// four-lane form.
#pragma once

#include <numbers>

#include "orbit/lanes.h"

namespace gpq::orbit {

template <typename Real>
struct SinCosOf {
  Real sin;
  Real cos;
};
using SinCos = SinCosOf<double>;

// sin and cos of `angle` within an ulp or two of libm's: the angle less the nearest multiple of
// pi/2 (pi/2 in three parts of 33 bits, exact products for |angle| < 1.6e6 rad), then the
// polynomials of fdlibm's __kernel_sin and __kernel_cos on [-pi/4, pi/4], then the quadrant.
template <typename Real>
GPQ_LANES SinCosOf<Real> sin_cos(Real angle) {
  constexpr double kTwoOverPi = 6.36619772367581382433e-01;
  constexpr double kPiOver2Part1 = 1.57079632673412561417e+00;
  constexpr double kPiOver2Part2 = 6.07710050630396597660e-11;
  constexpr double kPiOver2Part3 = 2.02226624871116645580e-21;
  constexpr double kS1 = -1.66666666666666324348e-01;
  constexpr double kS2 = 8.33333333332248946124e-03;
  constexpr double kS3 = -1.98412698298579493134e-04;
  constexpr double kS4 = 2.75573137070700676789e-06;
  constexpr double kS5 = -2.50507602534068634195e-08;
  constexpr double kS6 = 1.58969099521155010221e-10;
  constexpr double kC1 = 4.16666666666666019037e-02;
  constexpr double kC2 = -1.38888888888741095749e-03;
  constexpr double kC3 = 2.48015872894767294178e-05;
  constexpr double kC4 = -2.75573143513906633035e-07;
  constexpr double kC5 = 2.08757232129817482790e-09;
  constexpr double kC6 = -1.13596475577881948265e-11;
  const Real shifted = angle * kTwoOverPi + kRoundingShift;
  const Real n = shifted - kRoundingShift;
  const IntOf<Real> quadrant = bits_of(shifted) & 3;
  const Real r = ((angle - n * kPiOver2Part1) - n * kPiOver2Part2) - n * kPiOver2Part3;
  const Real z = r * r;
  const Real s = r + r * z * (kS1 + z * (kS2 + z * (kS3 + z * (kS4 + z * (kS5 + z * kS6)))));
  const Real c =
      1.0 - (0.5 * z - z * (z * (kC1 + z * (kC2 + z * (kC3 + z * (kC4 + z * (kC5 + z * kC6)))))));
  const auto odd = (quadrant & 1) != 0;
  const Real sin_r = select(odd, c, s);
  const Real cos_r = select(odd, s, c);
  return {select((quadrant & 2) != 0, -sin_r, sin_r),
          select(((quadrant + 1) & 2) != 0, -cos_r, cos_r)};
}

// fmod(angle, 2 pi) as the reference reduces angles (the sign of `angle`, magnitude under one
// turn), by two products instead of fmod's exact long division: the result is
// off by about one unit in the last place of `angle` (1e-13 rad for a thousand radians, a
// nanometre at LEO radius), which is what the reference's own sums carry anyway.
template <typename Real>
GPQ_LANES Real reduce_to_turn(Real angle) {
  constexpr double kTurn = 2.0 * std::numbers::pi;
  constexpr double kTurnsPerRadian = 1.0 / kTurn;
  return angle - kTurn * toward_zero(angle * kTurnsPerRadian);
}

// Steps up to this size use the series below: its first term left out, delta^10/10!, is under
// 3e-24 there, far below a double's rounding of the result.
inline constexpr double kSmallAngle = 1.0e-2;

template <typename Real>
GPQ_LANES auto is_small_angle(Real delta) {
  return magnitude(delta) <= kSmallAngle;
}

// sin and cos of `angle + delta` given `at` = sin_cos(angle) and |delta| <= kSmallAngle: the
// angle-addition formulas with the Taylor series of sin(delta) and cos(delta). Agrees with
// sin_cos(angle + delta) to a few units in the last place.
template <typename Real>
GPQ_LANES SinCosOf<Real> turn_small(SinCosOf<Real> at, Real delta) {
  // Products with the reciprocals, not quotients: a division costs as much as eight products
  // in vector lanes, and the series' terms are far below the result's last place anyway.
  constexpr double k1_2 = 1.0 / 2.0, k1_6 = 1.0 / 6.0, k1_12 = 1.0 / 12.0, k1_20 = 1.0 / 20.0;
  constexpr double k1_30 = 1.0 / 30.0, k1_42 = 1.0 / 42.0, k1_56 = 1.0 / 56.0, k1_72 = 1.0 / 72.0;
  constexpr double k1_90 = 1.0 / 90.0;
  const Real d2 = delta * delta;
  const Real sin_d =
      delta * (1.0 - d2 * k1_6 * (1.0 - d2 * k1_20 * (1.0 - d2 * k1_42 * (1.0 - d2 * k1_72))));
  const Real cos_d =
      1.0 -
      d2 * k1_2 * (1.0 - d2 * k1_12 * (1.0 - d2 * k1_30 * (1.0 - d2 * k1_56 * (1.0 - d2 * k1_90))));
  return {at.sin * cos_d + at.cos * sin_d, at.cos * cos_d - at.sin * sin_d};
}

// sin and cos of the angle `turned()` gives, `at` turned by `delta`: turn_small() where the
// step is small, sin_cos(turned()) where it is not (also for a NaN, which stays NaN);
// turned() is evaluated only when some lane needs it.
template <typename Real, typename Turned>
GPQ_LANES SinCosOf<Real> turn_by(SinCosOf<Real> at, Real delta, const Turned& turned) {
  const auto small = is_small_angle(delta);
  const SinCosOf<Real> near = turn_small(at, delta);
  if (all(small)) {
    return near;
  }
  const SinCosOf<Real> far = sin_cos(turned());
  return {select(small, near.sin, far.sin), select(small, near.cos, far.cos)};
}

}  // namespace gpq::orbit
