#include "orbit/short_period.h"

#include <cmath>

#include "orbit/angles.h"

namespace gpq::orbit {
namespace {

// Kepler's equation for E + omega in the long-period-corrected variables axN = e cos omega,
// ayN (STR#3): Newton-Raphson steps limited to 0.95 rad, at most ten, until a step under
// 1e-12. The sine and cosine returned are those of the iterate the last step started from.
struct KeplerSolution {
  double sin_eo;
  double cos_eo;
};

KeplerSolution solve_kepler(double u, double axn, double ayn) {
  double eo = u;
  SinCos at = sin_cos(eo);
  double step = 9999.9;
  KeplerSolution s{0.0, 0.0};
  for (int iteration = 1; std::fabs(step) >= 1.0e-12 && iteration <= 10; ++iteration) {
    if (iteration > 1) {
      at = turn_by(at, eo - step, step);  // the previous step's iterate, turned by the step
    }
    s.sin_eo = at.sin;
    s.cos_eo = at.cos;
    step = 1.0 - s.cos_eo * axn - s.sin_eo * ayn;
    step = (u - ayn * s.cos_eo + axn * s.sin_eo - eo) / step;
    if (std::fabs(step) >= 0.95) {
      step = step > 0.0 ? 0.95 : -0.95;
    }
    eo = eo + step;
  }
  return s;
}

// Unit vectors along the position (u) and the along-track direction (v) for the argument of
// latitude, node and inclination given by their sines and cosines.
void orientation(SinCos arg_latitude, SinCos node, SinCos inclination, std::array<double, 3>& u,
                 std::array<double, 3>& v) {
  const double xmx = -node.sin * inclination.cos;
  const double xmy = node.cos * inclination.cos;
  u = {xmx * arg_latitude.sin + node.cos * arg_latitude.cos,
       xmy * arg_latitude.sin + node.sin * arg_latitude.cos, inclination.sin * arg_latitude.sin};
  v = {xmx * arg_latitude.cos - node.cos * arg_latitude.sin,
       xmy * arg_latitude.cos - node.sin * arg_latitude.sin, inclination.sin * arg_latitude.cos};
}

}  // namespace

Sgp4Error osculating_state(const OsculatingInput& in, const GravityConstants& g,
                           TemeState& state) noexcept {
  const double a = in.semi_major_axis;
  const double e = in.eccentricity;
  // Long-period terms.
  const double axn = e * std::cos(in.perigee);
  double temp = 1.0 / (a * (1.0 - e * e));
  const double ayn = e * std::sin(in.perigee) + temp * in.aycof;
  const double longitude = in.mean_anomaly + in.perigee + in.node + temp * in.xlcof * axn;

  const double u = reduce_to_turn(longitude - in.node);
  const KeplerSolution k = solve_kepler(u, axn, ayn);

  // Short-period preliminaries.
  const double ecos_e = axn * k.cos_eo + ayn * k.sin_eo;
  const double esin_e = axn * k.sin_eo - ayn * k.cos_eo;
  const double el2 = axn * axn + ayn * ayn;
  const double p = a * (1.0 - el2);
  if (p < 0.0) {
    return Sgp4Error::semi_latus_rectum;
  }
  const double r = a * (1.0 - ecos_e);
  const double rdot = std::sqrt(a) * esin_e / r;
  const double rfdot = std::sqrt(p) / r;
  const double beta = std::sqrt(1.0 - el2);
  temp = esin_e / (1.0 + beta);
  const double sin_u = a / r * (k.sin_eo - ayn - axn * temp);
  const double cos_u = a / r * (k.cos_eo - axn + ayn * temp);
  // The argument of latitude u itself is never needed, only its sine and cosine after the
  // short-period correction: (sin_u, cos_u) scaled to one turn by that correction, in place of
  // atan2 and then sin and cos.
  const double to_unit = 1.0 / std::sqrt(sin_u * sin_u + cos_u * cos_u);
  const SinCos u_at{sin_u * to_unit, cos_u * to_unit};
  const double sin2u = (cos_u + cos_u) * sin_u;
  const double cos2u = 1.0 - 2.0 * sin_u * sin_u;
  temp = 1.0 / p;
  const double temp1 = 0.5 * g.j2 * temp;
  const double temp2 = temp1 * temp;

  // Short-period terms (J2).
  const double radius = r * (1.0 - 1.5 * temp2 * beta * in.con41) + 0.5 * temp1 * in.x1mth2 * cos2u;
  const double du = -0.25 * temp2 * in.x7thm1 * sin2u;
  const SinCos arg_latitude =
      is_small_angle(du) ? turn_small(u_at, du) : sin_cos(std::atan2(sin_u, cos_u) + du);
  const SinCos node = sin_cos(in.node + 1.5 * temp2 * in.cos_inclination * sin2u);
  const SinCos inclination = turn_by({in.sin_inclination, in.cos_inclination}, in.inclination,
                                     1.5 * temp2 * in.cos_inclination * in.sin_inclination * cos2u);
  const double radial_rate = rdot - in.mean_motion * temp1 * in.x1mth2 * sin2u / g.xke;
  const double transverse_rate =
      rfdot + in.mean_motion * temp1 * (in.x1mth2 * cos2u + 1.5 * in.con41) / g.xke;

  std::array<double, 3> uv;
  std::array<double, 3> vv;
  orientation(arg_latitude, node, inclination, uv, vv);
  for (int i = 0; i < 3; ++i) {
    state.position_km[i] = radius * uv[i] * g.radius_km;
    state.velocity_km_s[i] = (radial_rate * uv[i] + transverse_rate * vv[i]) * g.km_s_per_unit;
  }
  return radius < 1.0 ? Sgp4Error::decayed : Sgp4Error::none;
}

}  // namespace gpq::orbit
