#include "orbit/lunar_solar_periodics.h"

#include <cmath>
#include <numbers>

#include "orbit/angles.h"

namespace gpq::orbit {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTwoPi = 2.0 * kPi;

// One body's periodic changes of e, i, L, omega + cos(i) Omega, and sin(i) Omega.
struct Periodics {
  double e;
  double i;
  double l;
  double gh;
  double h;
};

// The body's true anomaly f from its mean anomaly (first order in its eccentricity), then
// the terms in f2 = sin^2 f / 2 - 1/4 and f3 = -sin f cos f / 2.
Periodics periodics_of(const ThirdBodyPeriodics& b, double t) {
  const double mean_anomaly = b.mean_anomaly_at_epoch + b.mean_motion * t;
  const double f = mean_anomaly + 2.0 * b.eccentricity * sin_cos(mean_anomaly).sin;
  const SinCos at_f = sin_cos(f);
  const double sin_f = at_f.sin;
  const double f2 = 0.5 * sin_f * sin_f - 0.25;
  const double f3 = -0.5 * sin_f * at_f.cos;
  return {b.e2 * f2 + b.e3 * f3, b.i2 * f2 + b.i3 * f3, b.l2 * f2 + b.l3 * f3 + b.l4 * sin_f,
          b.gh2 * f2 + b.gh3 * f3 + b.gh4 * sin_f, b.h2 * f2 + b.h3 * f3};
}

// Lyddane: the node and perigee through alpha = sin i sin Omega, beta = sin i cos Omega, and
// the longitude L + omega + cos(i) Omega, which stay regular as i goes to zero.
void add_lyddane(const Periodics& p, double sin_i, double cos_i, OperationMode mode,
                 PeriodicElements& el) {
  const SinCos at_node = sin_cos(el.node);
  const double sin_node = at_node.sin;
  const double cos_node = at_node.cos;
  double alpha = sin_i * sin_node;
  double beta = sin_i * cos_node;
  const double dalpha = p.h * cos_node + p.i * cos_i * sin_node;
  const double dbeta = -p.h * sin_node + p.i * cos_i * cos_node;
  alpha = alpha + dalpha;
  beta = beta + dbeta;
  double node = std::fmod(el.node, kTwoPi);
  if (node < 0.0 && mode == OperationMode::afspc) {
    node = node + kTwoPi;
  }
  double longitude = el.mean_anomaly + el.perigee + cos_i * node;
  const double dlongitude = p.l + p.gh - p.i * node * sin_i;
  longitude = longitude + dlongitude;
  const double old_node = node;
  node = std::atan2(alpha, beta);
  if (node < 0.0 && mode == OperationMode::afspc) {
    node = node + kTwoPi;
  }
  // atan2 gives -pi..pi: stay within half a turn of the node before the periodics.
  if (std::fabs(old_node - node) > kPi) {
    node = node < old_node ? node + kTwoPi : node - kTwoPi;
  }
  el.node = node;
  el.mean_anomaly = el.mean_anomaly + p.l;
  el.perigee = longitude - el.mean_anomaly - cos_i * node;
}

}  // namespace

void add_lunar_solar_periodics(const DeepSpaceTerms& deep, OperationMode mode, double minutes,
                               PeriodicElements& elements) noexcept {
  PeriodicElements& el = elements;
  const Periodics sun = periodics_of(deep.sun, minutes);
  const Periodics moon = periodics_of(deep.moon, minutes);
  Periodics sum{sun.e + moon.e, sun.i + moon.i, sun.l + moon.l, sun.gh + moon.gh, sun.h + moon.h};
  el.inclination = el.inclination + sum.i;
  el.eccentricity = el.eccentricity + sum.e;
  const SinCos inclination = sin_cos(el.inclination);
  const double sin_i = inclination.sin;
  const double cos_i = inclination.cos;
  if (el.inclination >= 0.2) {
    sum.h = sum.h / sin_i;
    sum.gh = sum.gh - cos_i * sum.h;
    el.perigee = el.perigee + sum.gh;
    el.node = el.node + sum.h;
    el.mean_anomaly = el.mean_anomaly + sum.l;
  } else {
    add_lyddane(sum, sin_i, cos_i, mode, el);
  }
}

}  // namespace gpq::orbit
