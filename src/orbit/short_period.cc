#include "orbit/short_period.h"

#include <cmath>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Kepler's equation for E + omega in the long-period-corrected variables axN = e cos omega,
// ayN (STR#3): Newton-Raphson steps limited to 0.95 rad, at most ten, until a step under
// 1e-12. The sine and cosine returned are those of the iterate the last step started from.
struct KeplerSolution {
  double sin_eo;
  double cos_eo;
};

KeplerSolution solve_kepler(double u, double axn, double ayn) {
  double eo = u;
  double step = 9999.9;
  KeplerSolution s{0.0, 0.0};
  for (int iteration = 1; std::fabs(step) >= 1.0e-12 && iteration <= 10; ++iteration) {
    s.sin_eo = std::sin(eo);
    s.cos_eo = std::cos(eo);
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
// latitude, node and inclination.
void orientation(double arg_latitude, double node, double inclination, std::array<double, 3>& u,
                 std::array<double, 3>& v) {
  const double sin_su = std::sin(arg_latitude);
  const double cos_su = std::cos(arg_latitude);
  const double sin_node = std::sin(node);
  const double cos_node = std::cos(node);
  const double sin_i = std::sin(inclination);
  const double cos_i = std::cos(inclination);
  const double xmx = -sin_node * cos_i;
  const double xmy = cos_node * cos_i;
  u = {xmx * sin_su + cos_node * cos_su, xmy * sin_su + sin_node * cos_su, sin_i * sin_su};
  v = {xmx * cos_su - cos_node * sin_su, xmy * cos_su - sin_node * sin_su, sin_i * cos_su};
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

  const double u = std::fmod(longitude - in.node, kTwoPi);
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
  double arg_latitude = std::atan2(sin_u, cos_u);
  const double sin2u = (cos_u + cos_u) * sin_u;
  const double cos2u = 1.0 - 2.0 * sin_u * sin_u;
  temp = 1.0 / p;
  const double temp1 = 0.5 * g.j2 * temp;
  const double temp2 = temp1 * temp;

  // Short-period terms (J2).
  const double radius = r * (1.0 - 1.5 * temp2 * beta * in.con41) + 0.5 * temp1 * in.x1mth2 * cos2u;
  arg_latitude = arg_latitude - 0.25 * temp2 * in.x7thm1 * sin2u;
  const double node = in.node + 1.5 * temp2 * in.cos_inclination * sin2u;
  const double inclination =
      in.inclination + 1.5 * temp2 * in.cos_inclination * in.sin_inclination * cos2u;
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
