// The mean elements at a time: SGP4's secular gravity and drag terms, the drag's effect on a, e
// and L (and, for deep-space orbits, the lunar-solar secular rates and the resonance
// integration, resonance.cc). The near-earth stages are templates over Real (lanes.h) and over
// where they read the set's terms: Sgp4Terms for one set, four sets' terms side by side for a
// batch (sgp4_batch.cc); both read the same field names.
#pragma once

#include "orbit/angles.h"
#include "orbit/lanes.h"
#include "orbit/sgp4.h"
#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// An Sgp4Error as the code of every lane.
template <typename Real>
GPQ_LANES IntOf<Real> error_code(Sgp4Error error) {
  return splat_int<Real>(static_cast<std::int64_t>(error));
}

// Mean elements at a time, and the drag factors still to apply to a, e and L.
template <typename Real>
struct MeanStateOf {
  Real mean_anomaly;
  Real perigee;
  Real node;
  Real eccentricity;
  Real inclination;
  Real mean_motion;
  Real drag_a;  // tempa: a = a0'' (n0''/n)^(2/3) * tempa^2
  Real drag_e;  // tempe: subtracted from e
  Real drag_l;  // templ: times n0'', added to M
};
using MeanState = MeanStateOf<double>;

// Secular J2/J4 and drag terms `minutes` after epoch (STR#3 section 6, before the
// long-period terms).
template <typename Real, typename Terms>
GPQ_LANES MeanStateOf<Real> near_earth_mean(const Terms& terms, Real minutes) {
  const Real t = minutes;
  const auto& k = terms.near;
  const auto& el = terms.epoch;
  const Real mean_anomaly = el.mean_anomaly + k.mean_anomaly_rate * t;
  const Real perigee = el.perigee + k.perigee_rate * t;
  const Real node = el.node + k.node_rate * t;
  const Real t2 = t * t;

  MeanStateOf<Real> m;
  m.mean_anomaly = mean_anomaly;
  m.perigee = perigee;
  m.node = node + k.node_drag * t2;
  m.drag_a = 1.0 - k.c1 * t;
  m.drag_e = el.bstar * k.c4 * t;
  m.drag_l = k.t2cof * t2;
  if (!all(k.simplified_drag)) {
    // The full drag model, for the sets (lanes) whose perigee is above 220 km.
    const Real perigee_drag = k.omgcof * t;
    const SinCosOf<Real> at = sin_cos(mean_anomaly);
    const Real delm_base = 1.0 + k.eta * at.cos;
    const Real mean_anomaly_drag = k.xmcof * (delm_base * delm_base * delm_base - k.delmo);
    const Real shift = perigee_drag + mean_anomaly_drag;
    const Real t3 = t2 * t;
    const Real t4 = t3 * t;
    // sin(M + shift) from sin and cos of M (one call fewer): the drag shift is small.
    const Real sin_shifted = turn_by(at, shift, [&] { return mean_anomaly + shift; }).sin;
    const auto simple = k.simplified_drag;
    m.mean_anomaly = select(simple, m.mean_anomaly, mean_anomaly + shift);
    m.perigee = select(simple, m.perigee, perigee - shift);
    m.drag_a = select(simple, m.drag_a, m.drag_a - k.d2 * t2 - k.d3 * t3 - k.d4 * t4);
    m.drag_e =
        select(simple, m.drag_e, m.drag_e + el.bstar * k.c5 * (sin_shifted - k.sin_mean_anomaly));
    m.drag_l = select(simple, m.drag_l, m.drag_l + k.t3cof * t3 + t4 * (k.t4cof + t * k.t5cof));
  }
  m.mean_motion = el.mean_motion;
  m.eccentricity = el.eccentricity;
  m.inclination = el.inclination;
  return m;
}

// The mean elements once drag has acted on a, e and L, angles reduced to one turn, and the
// semi-major axis. Returns Sgp4Error codes: mean_motion when the mean motion is not above 0,
// mean_eccentricity when the eccentricity leaves -0.001 .. < 1 (the other values are then
// meaningless), else none.
template <typename Real, typename Terms>
GPQ_LANES IntOf<Real> finish_mean(const Terms& terms, MeanStateOf<Real>& m, Real& semi_major_axis) {
  constexpr double kTwoThirds = 2.0 / 3.0;
  const auto bad_motion = m.mean_motion <= 0.0;
  const auto xke = terms.gravity.xke;
  // Unless a resonance changed the mean motion, (ke / n)^(2/3) is the one of epoch.
  const auto unchanged = m.mean_motion == terms.epoch.mean_motion;
  Real undragged = terms.epoch.semi_major_axis;
  if (!all(unchanged)) {
    undragged = select(unchanged, undragged, power(xke / m.mean_motion, kTwoThirds));
  }
  semi_major_axis = undragged * m.drag_a * m.drag_a;
  m.mean_motion = xke / (semi_major_axis * root(semi_major_axis));  // a^1.5
  m.eccentricity = m.eccentricity - m.drag_e;
  const auto bad_eccentricity = m.eccentricity >= 1.0 || m.eccentricity < -0.001;
  m.eccentricity = select(m.eccentricity < 1.0e-6, splat<Real>(1.0e-6), m.eccentricity);
  m.mean_anomaly = m.mean_anomaly + terms.epoch.mean_motion * m.drag_l;
  const Real longitude = reduce_to_turn(m.mean_anomaly + m.perigee + m.node);
  m.node = reduce_to_turn(m.node);
  m.perigee = reduce_to_turn(m.perigee);
  m.mean_anomaly = reduce_to_turn(longitude - m.perigee - m.node);
  return select(bad_motion, error_code<Real>(Sgp4Error::mean_motion),
                select(bad_eccentricity, error_code<Real>(Sgp4Error::mean_eccentricity),
                       error_code<Real>(Sgp4Error::none)));
}

// One set's near-earth mean elements (near_earth_mean for a double), for the deep-space path,
// which adds its own secular terms before finish_mean.
MeanState near_earth_secular(const Sgp4Terms& terms, double minutes) noexcept;

// Adds the sun's and the moon's secular rates and, in resonance, replaces the mean motion and
// mean anomaly by the integrated ones (STR#3's DSSEC). With a `cursor` (may be null), the
// integration continues from where the cursor's last call left it when `minutes` lies beyond
// it on the same side of epoch, as the reference keeps its integrator in the satellite
// record, and the cursor moves on; the steps are the same, so is the result, to the bit.
void add_deep_space_secular(const Sgp4Terms& terms, double minutes, MeanState& state,
                            ResonanceCursor* cursor) noexcept;

}  // namespace gpq::orbit
