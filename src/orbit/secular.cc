#include "orbit/secular.h"

#include <cmath>

#include "orbit/angles.h"

namespace gpq::orbit {

MeanState near_earth_secular(const Sgp4Terms& terms, double minutes) noexcept {
  const double t = minutes;
  const NearEarthTerms& k = terms.near;
  const EpochElements& el = terms.epoch;
  const double mean_anomaly = el.mean_anomaly + k.mean_anomaly_rate * t;
  const double perigee = el.perigee + k.perigee_rate * t;
  const double node = el.node + k.node_rate * t;
  const double t2 = t * t;

  MeanState m;
  m.mean_anomaly = mean_anomaly;
  m.perigee = perigee;
  m.node = node + k.node_drag * t2;
  m.drag_a = 1.0 - k.c1 * t;
  m.drag_e = el.bstar * k.c4 * t;
  m.drag_l = k.t2cof * t2;
  if (!k.simplified_drag) {
    const double perigee_drag = k.omgcof * t;
    const SinCos at = sin_cos(mean_anomaly);
    const double delm_base = 1.0 + k.eta * at.cos;
    const double mean_anomaly_drag = k.xmcof * (delm_base * delm_base * delm_base - k.delmo);
    const double shift = perigee_drag + mean_anomaly_drag;
    m.mean_anomaly = mean_anomaly + shift;
    m.perigee = perigee - shift;
    const double t3 = t2 * t;
    const double t4 = t3 * t;
    m.drag_a = m.drag_a - k.d2 * t2 - k.d3 * t3 - k.d4 * t4;
    // sin(M + shift) from sin and cos of M (one call fewer): the drag shift is small.
    const double sin_shifted = turn_by(at, mean_anomaly, shift).sin;
    m.drag_e = m.drag_e + el.bstar * k.c5 * (sin_shifted - k.sin_mean_anomaly);
    m.drag_l = m.drag_l + k.t3cof * t3 + t4 * (k.t4cof + t * k.t5cof);
  }
  m.mean_motion = el.mean_motion;
  m.eccentricity = el.eccentricity;
  m.inclination = el.inclination;
  return m;
}

}  // namespace gpq::orbit
