#include "orbit/third_body.h"

#include <cmath>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr double kSunEccentricity = 0.01675;
constexpr double kMoonEccentricity = 0.05490;

// A body's orbit seen from the equator: cos/sin of its argument of perigee (g), inclination
// (i) and node (h) relative to the satellite's node, and its strength C.
struct BodyOrbit {
  double cos_g;
  double sin_g;
  double cos_i;
  double sin_i;
  double cos_h;
  double sin_h;
  double strength;
};

// The satellite's orbit at epoch, as DSCOM uses it.
struct SatelliteOrbit {
  double cos_i;
  double sin_i;
  double cos_w;  // argument of perigee
  double sin_w;
  double e;
  double e2;
  double beta2;  // 1 - e^2
  double beta;
  double inverse_mean_motion;
};

ThirdBodyGeometry geometry_of(const BodyOrbit& b, const SatelliteOrbit& o) {
  const double a1 = b.cos_g * b.cos_h + b.sin_g * b.cos_i * b.sin_h;
  const double a3 = -b.sin_g * b.cos_h + b.cos_g * b.cos_i * b.sin_h;
  const double a7 = -b.cos_g * b.sin_h + b.sin_g * b.cos_i * b.cos_h;
  const double a8 = b.sin_g * b.sin_i;
  const double a9 = b.sin_g * b.sin_h + b.cos_g * b.cos_i * b.cos_h;
  const double a10 = b.cos_g * b.sin_i;
  const double a2 = o.cos_i * a7 + o.sin_i * a8;
  const double a4 = o.cos_i * a9 + o.sin_i * a10;
  const double a5 = -o.sin_i * a7 + o.cos_i * a8;
  const double a6 = -o.sin_i * a9 + o.cos_i * a10;

  const double x1 = a1 * o.cos_w + a2 * o.sin_w;
  const double x2 = a3 * o.cos_w + a4 * o.sin_w;
  const double x3 = -a1 * o.sin_w + a2 * o.cos_w;
  const double x4 = -a3 * o.sin_w + a4 * o.cos_w;
  const double x5 = a5 * o.sin_w;
  const double x6 = a6 * o.sin_w;
  const double x7 = a5 * o.cos_w;
  const double x8 = a6 * o.cos_w;

  ThirdBodyGeometry g;
  g.z31 = 12.0 * x1 * x1 - 3.0 * x3 * x3;
  g.z32 = 24.0 * x1 * x2 - 6.0 * x3 * x4;
  g.z33 = 12.0 * x2 * x2 - 3.0 * x4 * x4;
  g.z1 = 3.0 * (a1 * a1 + a2 * a2) + g.z31 * o.e2;
  g.z2 = 6.0 * (a1 * a3 + a2 * a4) + g.z32 * o.e2;
  g.z3 = 3.0 * (a3 * a3 + a4 * a4) + g.z33 * o.e2;
  g.z11 = -6.0 * a1 * a5 + o.e2 * (-24.0 * x1 * x7 - 6.0 * x3 * x5);
  g.z12 =
      -6.0 * (a1 * a6 + a3 * a5) + o.e2 * (-24.0 * (x2 * x7 + x1 * x8) - 6.0 * (x3 * x6 + x4 * x5));
  g.z13 = -6.0 * a3 * a6 + o.e2 * (-24.0 * x2 * x8 - 6.0 * x4 * x6);
  g.z21 = 6.0 * a2 * a5 + o.e2 * (24.0 * x1 * x5 - 6.0 * x3 * x7);
  g.z22 =
      6.0 * (a4 * a5 + a2 * a6) + o.e2 * (24.0 * (x2 * x5 + x1 * x6) - 6.0 * (x4 * x7 + x3 * x8));
  g.z23 = 6.0 * a4 * a6 + o.e2 * (24.0 * x2 * x6 - 6.0 * x4 * x8);
  g.z1 = g.z1 + g.z1 + o.beta2 * g.z31;
  g.z2 = g.z2 + g.z2 + o.beta2 * g.z32;
  g.z3 = g.z3 + g.z3 + o.beta2 * g.z33;
  g.s3 = b.strength * o.inverse_mean_motion;
  g.s2 = -0.5 * g.s3 / o.beta;
  g.s4 = g.s3 * o.beta;
  g.s1 = -15.0 * o.e * g.s4;
  g.s5 = x1 * x3 + x2 * x4;
  g.s6 = x2 * x3 + x1 * x4;
  g.s7 = x2 * x4 - x1 * x3;
  return g;
}

// The periodic coefficients of a body whose orbit has eccentricity `body_e`.
ThirdBodyPeriodics periodics_of(const ThirdBodyGeometry& g, double e2, double body_e) {
  ThirdBodyPeriodics p;
  p.eccentricity = body_e;
  p.e2 = 2.0 * g.s1 * g.s6;
  p.e3 = 2.0 * g.s1 * g.s7;
  p.i2 = 2.0 * g.s2 * g.z12;
  p.i3 = 2.0 * g.s2 * (g.z13 - g.z11);
  p.l2 = -2.0 * g.s3 * g.z2;
  p.l3 = -2.0 * g.s3 * (g.z3 - g.z1);
  p.l4 = -2.0 * g.s3 * (-21.0 - 9.0 * e2) * body_e;
  p.gh2 = 2.0 * g.s4 * g.z32;
  p.gh3 = 2.0 * g.s4 * (g.z33 - g.z31);
  p.gh4 = -18.0 * g.s4 * body_e;
  p.h2 = -2.0 * g.s2 * g.z22;
  p.h3 = -2.0 * g.s2 * (g.z23 - g.z21);
  return p;
}

}  // namespace

LunarSolarSetup lunar_solar_setup(const EpochElements& el) noexcept {
  SatelliteOrbit o{};
  o.cos_i = std::cos(el.inclination);
  o.sin_i = std::sin(el.inclination);
  o.cos_w = std::cos(el.perigee);
  o.sin_w = std::sin(el.perigee);
  o.e = el.eccentricity;
  o.e2 = o.e * o.e;
  o.beta2 = 1.0 - o.e2;
  o.beta = std::sqrt(o.beta2);
  o.inverse_mean_motion = 1.0 / el.mean_motion;
  const double sin_node = std::sin(el.node);
  const double cos_node = std::cos(el.node);

  // The moon's orbit at epoch: its node regresses on the ecliptic (days from 1900-01-00.5).
  const double day = el.days_since_1950 + 18261.5;
  const double moon_node = std::fmod(4.5236020 - 9.2422029e-4 * day, kTwoPi);
  const double sin_mn = std::sin(moon_node);
  const double cos_mn = std::cos(moon_node);
  const double cos_il = 0.91375164 - 0.03568096 * cos_mn;
  const double sin_il = std::sqrt(1.0 - cos_il * cos_il);
  const double sin_hl = 0.089683511 * sin_mn / sin_il;
  const double cos_hl = std::sqrt(1.0 - sin_hl * sin_hl);
  const double gamma = 5.8351514 + 0.0019443680 * day;
  double zx = 0.39785416 * sin_mn / sin_il;
  const double zy = cos_hl * cos_mn + 0.91744867 * sin_hl * sin_mn;
  zx = std::atan2(zx, zy);
  zx = gamma + zx - moon_node;

  // The sun's orbit is fixed: the ecliptic's obliquity and perigee.
  const BodyOrbit sun{0.1945905, -0.98088458, 0.91744867,  0.39785416,
                      cos_node,  sin_node,    2.9864797e-6};
  const BodyOrbit moon{std::cos(zx),
                       std::sin(zx),
                       cos_il,
                       sin_il,
                       cos_hl * cos_node + sin_hl * sin_node,
                       sin_node * cos_hl - cos_node * sin_hl,
                       4.7968065e-7};

  LunarSolarSetup setup;
  setup.sun_geometry = geometry_of(sun, o);
  setup.moon_geometry = geometry_of(moon, o);
  setup.sun = periodics_of(setup.sun_geometry, o.e2, kSunEccentricity);
  setup.moon = periodics_of(setup.moon_geometry, o.e2, kMoonEccentricity);
  setup.sun.mean_anomaly_at_epoch = std::fmod(6.2565837 + 0.017201977 * day, kTwoPi);
  setup.moon.mean_anomaly_at_epoch = std::fmod(4.7199672 + 0.22997150 * day - gamma, kTwoPi);
  setup.sun.mean_motion = kSunMeanMotion;
  setup.moon.mean_motion = kMoonMeanMotion;
  return setup;
}

}  // namespace gpq::orbit
