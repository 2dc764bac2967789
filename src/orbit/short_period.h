// The last stage of SGP4: long-period (J3) terms, Kepler's equation, the short-period (J2)
// terms, and the position and velocity in TEME. A template over Real (lanes.h), for one set or
// four, and over where it reads the earth's constants (GravityConstants, or four sets' side by
// side).
#pragma once

#include <array>

#include "orbit/angles.h"
#include "orbit/gravity.h"
#include "orbit/lanes.h"
#include "orbit/secular.h"
#include "orbit/sgp4.h"

namespace gpq::orbit {

// Mean elements with their periodic corrections so far, and the inclination functions of the
// inclination they carry.
template <typename Real>
struct OsculatingInputOf {
  Real semi_major_axis;  // earth radii
  Real mean_motion;      // rad/min
  Real eccentricity;
  Real inclination;
  Real node;
  Real perigee;
  Real mean_anomaly;
  Real sin_inclination;
  Real cos_inclination;
  Real aycof;
  Real xlcof;
  Real con41;
  Real x1mth2;
  Real x7thm1;
};
using OsculatingInput = OsculatingInputOf<double>;

// The input of the osculating stage from the mean elements (finish_mean) and the semi-major
// axis; the inclination functions are the caller's (epoch's in SGP4, the perturbed
// inclination's in SDP4).
template <typename Real>
GPQ_LANES OsculatingInputOf<Real> from_mean(const MeanStateOf<Real>& mean, Real semi_major_axis) {
  OsculatingInputOf<Real> in;
  in.semi_major_axis = semi_major_axis;
  in.mean_motion = mean.mean_motion;
  in.eccentricity = mean.eccentricity;
  in.inclination = mean.inclination;
  in.node = mean.node;
  in.perigee = mean.perigee;
  in.mean_anomaly = mean.mean_anomaly;
  return in;
}

template <typename Real>
struct StateOf {
  std::array<Real, 3> position_km;
  std::array<Real, 3> velocity_km_s;
};

// Kepler's equation for E + omega in the long-period-corrected variables axN = e cos omega,
// ayN (STR#3): Newton-Raphson steps limited to 0.95 rad, at most ten, until a step under
// 1e-12 (each lane stops on its own). The sine and cosine returned are those of the iterate
// the last step started from; each step turns the previous iterate's by the step.
template <typename Real>
GPQ_LANES SinCosOf<Real> solve_kepler(Real u, Real axn, Real ayn) {
  Real eo = u;
  SinCosOf<Real> at = sin_cos(eo);
  SinCosOf<Real> solution = at;
  Real step = splat<Real>(9999.9);
  for (int iteration = 1; iteration <= 10; ++iteration) {
    const auto active = magnitude(step) >= 1.0e-12;
    if (!any(active)) {
      break;
    }
    if (iteration > 1) {
      const SinCosOf<Real> turned = turn_by(at, step, [&] { return eo; });
      at = {select(active, turned.sin, at.sin), select(active, turned.cos, at.cos)};
    }
    solution = {select(active, at.sin, solution.sin), select(active, at.cos, solution.cos)};
    Real next = 1.0 - solution.cos * axn - solution.sin * ayn;
    next = (u - ayn * solution.cos + axn * solution.sin - eo) / next;
    next = select(magnitude(next) >= 0.95,
                  select(next > 0.0, splat<Real>(0.95), splat<Real>(-0.95)), next);
    step = select(active, next, step);
    eo = select(active, eo + next, eo);
  }
  return solution;
}

// The state. Returns Sgp4Error codes: semi_latus_rectum (p < 0: the state is then
// meaningless), decayed (r < 1 radius: the state is filled), else none.
// One function over 60 lines on purpose: the equations of Spacetrack Report No. 3 in the
// report's order, one stage feeding the next, each intermediate named as there; split, the
// four-lane form would pass a dozen vectors from one part to the next.
template <typename Real, typename Gravity>
GPQ_LANES IntOf<Real> osculating(const OsculatingInputOf<Real>& in, const Gravity& g,
                                 StateOf<Real>& state) {
  const Real a = in.semi_major_axis;
  const Real e = in.eccentricity;
  // Long-period terms.
  const SinCosOf<Real> perigee = sin_cos(in.perigee);
  const Real axn = e * perigee.cos;
  Real temp = 1.0 / (a * (1.0 - e * e));
  const Real ayn = e * perigee.sin + temp * in.aycof;
  const Real longitude = in.mean_anomaly + in.perigee + in.node + temp * in.xlcof * axn;

  const Real u = reduce_to_turn(longitude - in.node);
  const SinCosOf<Real> k = solve_kepler(u, axn, ayn);

  // Short-period preliminaries.
  const Real ecos_e = axn * k.cos + ayn * k.sin;
  const Real esin_e = axn * k.sin - ayn * k.cos;
  const Real el2 = axn * axn + ayn * ayn;
  const Real p = a * (1.0 - el2);
  const auto bad_p = p < 0.0;
  const Real r = a * (1.0 - ecos_e);
  // One quotient by r, then products: a division costs as much as eight products in lanes.
  const Real per_r = 1.0 / r;
  const Real rdot = root(a) * esin_e * per_r;
  const Real rfdot = root(p) * per_r;
  const Real beta = root(1.0 - el2);
  temp = esin_e / (1.0 + beta);
  const Real a_over_r = a * per_r;
  const Real sin_u = a_over_r * (k.sin - ayn - axn * temp);
  const Real cos_u = a_over_r * (k.cos - axn + ayn * temp);
  // The argument of latitude u itself is never needed, only its sine and cosine after the
  // short-period correction: (sin_u, cos_u) scaled to one turn and turned by that correction.
  const Real to_unit = 1.0 / root(sin_u * sin_u + cos_u * cos_u);
  const SinCosOf<Real> u_at{sin_u * to_unit, cos_u * to_unit};
  const Real sin2u = (cos_u + cos_u) * sin_u;
  const Real cos2u = 1.0 - 2.0 * sin_u * sin_u;
  temp = 1.0 / p;
  const Real temp1 = 0.5 * g.j2 * temp;
  const Real temp2 = temp1 * temp;

  // Short-period terms (J2).
  const Real radius = r * (1.0 - 1.5 * temp2 * beta * in.con41) + 0.5 * temp1 * in.x1mth2 * cos2u;
  const Real du = -0.25 * temp2 * in.x7thm1 * sin2u;
  const SinCosOf<Real> arg_latitude =
      turn_by(u_at, du, [&] { return atan2_of(sin_u, cos_u) + du; });
  const SinCosOf<Real> node = sin_cos(in.node + 1.5 * temp2 * in.cos_inclination * sin2u);
  const Real di = 1.5 * temp2 * in.cos_inclination * in.sin_inclination * cos2u;
  const SinCosOf<Real> inclination = turn_by(SinCosOf<Real>{in.sin_inclination, in.cos_inclination},
                                             di, [&] { return in.inclination + di; });
  const Real rate_scale = in.mean_motion * temp1 / g.xke;
  const Real radial_rate = rdot - rate_scale * in.x1mth2 * sin2u;
  const Real transverse_rate = rfdot + rate_scale * (in.x1mth2 * cos2u + 1.5 * in.con41);

  // Unit vectors along the position (u) and the along-track direction (v).
  const Real xmx = -node.sin * inclination.cos;
  const Real xmy = node.cos * inclination.cos;
  const std::array<Real, 3> uv = {xmx * arg_latitude.sin + node.cos * arg_latitude.cos,
                                  xmy * arg_latitude.sin + node.sin * arg_latitude.cos,
                                  inclination.sin * arg_latitude.sin};
  const std::array<Real, 3> vv = {xmx * arg_latitude.cos - node.cos * arg_latitude.sin,
                                  xmy * arg_latitude.cos - node.sin * arg_latitude.sin,
                                  inclination.sin * arg_latitude.cos};
  for (int i = 0; i < 3; ++i) {
    state.position_km[i] = radius * uv[i] * g.radius_km;
    state.velocity_km_s[i] = (radial_rate * uv[i] + transverse_rate * vv[i]) * g.km_s_per_unit;
  }
  return select(bad_p, error_code<Real>(Sgp4Error::semi_latus_rectum),
                select(radius < 1.0, error_code<Real>(Sgp4Error::decayed),
                       error_code<Real>(Sgp4Error::none)));
}

// One set's state from its osculating input (osculating() for a double), for the deep-space
// path, which adds the lunar-solar periodics before it.
Sgp4Error osculating_state(const OsculatingInput& in, const GravityConstants& gravity,
                           TemeState& state) noexcept;

}  // namespace gpq::orbit
