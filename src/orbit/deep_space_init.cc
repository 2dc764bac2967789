#include "orbit/deep_space_init.h"

#include <cmath>
#include <numbers>

#include "orbit/resonance_init.h"
#include "orbit/third_body.h"

namespace gpq::orbit {
namespace {

// One body's contribution to the secular rates of e, i, L (mean anomaly), omega + cos(i)
// Omega, and sin(i) Omega.
struct BodyRates {
  double e;
  double i;
  double l;
  double gh;
  double h;
};

BodyRates rates_of(const ThirdBodyGeometry& g, double mean_motion, double e2) {
  return {g.s1 * mean_motion * g.s5, g.s2 * mean_motion * (g.z11 + g.z13),
          -mean_motion * g.s3 * (g.z1 + g.z3 - 14.0 - 6.0 * e2),
          g.s4 * mean_motion * (g.z31 + g.z33 - 6.0), -mean_motion * g.s2 * (g.z21 + g.z23)};
}

DeepSecularRates secular_rates(const LunarSolarSetup& setup, const EpochElements& el) {
  const double e2 = el.eccentricity * el.eccentricity;
  const double sin_i = std::sin(el.inclination);
  const double cos_i = std::cos(el.inclination);
  const BodyRates sun = rates_of(setup.sun_geometry, kSunMeanMotion, e2);
  const BodyRates moon = rates_of(setup.moon_geometry, kMoonMeanMotion, e2);
  // Within 3 degrees of the equator (prograde or retrograde) the node terms are dropped:
  // they divide by sin i.
  constexpr double kNearEquatorial = 5.2359877e-2;
  const bool equatorial =
      el.inclination < kNearEquatorial || el.inclination > std::numbers::pi - kNearEquatorial;
  double sun_h = equatorial ? 0.0 : sun.h;
  const double moon_h = equatorial ? 0.0 : moon.h;
  if (sin_i != 0.0) {
    sun_h = sun_h / sin_i;
  }
  DeepSecularRates r;
  r.eccentricity = sun.e + moon.e;
  r.inclination = sun.i + moon.i;
  r.mean_anomaly = sun.l + moon.l;
  r.perigee = sun.gh - cos_i * sun_h + moon.gh;
  r.node = sun_h;
  if (sin_i != 0.0) {
    r.perigee = r.perigee - cos_i / sin_i * moon_h;
    r.node = r.node + moon_h / sin_i;
  }
  return r;
}

}  // namespace

DeepSpaceTerms deep_space_init(const GravityConstants& gravity, const EpochElements& elements,
                               const NearEarthTerms& near, double gsto) noexcept {
  const LunarSolarSetup setup = lunar_solar_setup(elements);
  DeepSpaceTerms terms;
  terms.sun = setup.sun;
  terms.moon = setup.moon;
  terms.rates = secular_rates(setup, elements);
  terms.resonance = resonance_init(gravity, elements, near, terms.rates, gsto);
  return terms;
}

}  // namespace gpq::orbit
