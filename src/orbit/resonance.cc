// SDP4's secular step (STR#3's DSSEC): the lunar-solar secular rates, and for resonant orbits
// the mean motion and resonant longitude integrated from epoch in 720-minute steps.
#include <cmath>
#include <numbers>

#include "orbit/angles.h"
#include "orbit/resonance_init.h"
#include "orbit/secular.h"

namespace gpq::orbit {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr double kStep = 720.0;  // minutes
constexpr double kHalfStepSquared = kStep * kStep / 2.0;

// Derivatives of the integrated quantities at one point.
struct Rates {
  double ndot;   // d n / dt
  double nddot;  // d2 n / dt2
  double ldot;   // d lambda / dt
};

// The synchronous resonance: the (2,2), (3,1), (3,3) terms, with their fixed phases.
Rates synchronous_rates(const ResonanceTerms& r, double lambda, double n) {
  constexpr double kPhase31 = 0.13130908;
  constexpr double kPhase22 = 2.8843198;
  constexpr double kPhase33 = 0.37448087;
  const SinCos a31 = sin_cos(lambda - kPhase31);
  const SinCos a22 = sin_cos(2.0 * (lambda - kPhase22));
  const SinCos a33 = sin_cos(3.0 * (lambda - kPhase33));
  Rates rates;
  rates.ndot = r.del1 * a31.sin + r.del2 * a22.sin + r.del3 * a33.sin;
  rates.ldot = n + r.lambda_rate;
  rates.nddot = r.del1 * a31.cos + 2.0 * r.del2 * a22.cos + 3.0 * r.del3 * a33.cos;
  rates.nddot = rates.nddot * rates.ldot;
  return rates;
}

// The half-day resonance: ten terms in the resonant longitude and the argument of perigee
// `w` at the integration time.
Rates half_day_rates(const ResonanceTerms& r, double lambda, double n, double w) {
  constexpr double kG22 = 5.7686396;
  constexpr double kG32 = 0.95240898;
  constexpr double kG44 = 1.8014998;
  constexpr double kG52 = 1.0508330;
  constexpr double kG54 = 4.4108898;
  const double w2 = w + w;
  const double lambda2 = lambda + lambda;
  const SinCos a2201 = sin_cos(w2 + lambda - kG22);
  const SinCos a2211 = sin_cos(lambda - kG22);
  const SinCos a3210 = sin_cos(w + lambda - kG32);
  const SinCos a3222 = sin_cos(-w + lambda - kG32);
  const SinCos a4410 = sin_cos(w2 + lambda2 - kG44);
  const SinCos a4422 = sin_cos(lambda2 - kG44);
  const SinCos a5220 = sin_cos(w + lambda - kG52);
  const SinCos a5232 = sin_cos(-w + lambda - kG52);
  const SinCos a5421 = sin_cos(w + lambda2 - kG54);
  const SinCos a5433 = sin_cos(-w + lambda2 - kG54);
  Rates rates;
  rates.ndot = r.d2201 * a2201.sin + r.d2211 * a2211.sin + r.d3210 * a3210.sin +
               r.d3222 * a3222.sin + r.d4410 * a4410.sin + r.d4422 * a4422.sin +
               r.d5220 * a5220.sin + r.d5232 * a5232.sin + r.d5421 * a5421.sin +
               r.d5433 * a5433.sin;
  rates.ldot = n + r.lambda_rate;
  // Terms in 2 lambda count twice in the derivative.
  rates.nddot =
      r.d2201 * a2201.cos + r.d2211 * a2211.cos + r.d3210 * a3210.cos + r.d3222 * a3222.cos +
      r.d5220 * a5220.cos + r.d5232 * a5232.cos +
      2.0 * (r.d4410 * a4410.cos + r.d4422 * a4422.cos + r.d5421 * a5421.cos + r.d5433 * a5433.cos);
  rates.nddot = rates.nddot * rates.ldot;
  return rates;
}

struct Integrated {
  double mean_motion;
  double lambda;
};

// Second-order Taylor steps of 720 minutes towards `t`, then one partial step: from epoch, or
// from `cursor` when it stopped between epoch and `t` (the reference's rule: not at epoch, on
// the same side, no farther out than `t`). The cursor is left at the last whole step.
Integrated integrate(const Sgp4Terms& terms, double t, ResonanceCursor* cursor) {
  const ResonanceTerms& r = terms.deep.resonance;
  const double step = t > 0.0 ? kStep : -kStep;
  double at = 0.0;
  double n = terms.epoch.mean_motion;
  double lambda = r.lambda0;
  if (cursor != nullptr && cursor->at != 0.0 && t * cursor->at > 0.0 &&
      std::fabs(t) >= std::fabs(cursor->at)) {
    at = cursor->at;
    n = cursor->mean_motion;
    lambda = cursor->lambda;
  }
  for (;;) {
    const Rates rates =
        r.kind == Resonance::synchronous
            ? synchronous_rates(r, lambda, n)
            : half_day_rates(r, lambda, n, terms.epoch.perigee + terms.near.perigee_rate * at);
    if (std::fabs(t - at) < kStep) {
      if (cursor != nullptr) {
        *cursor = {at, n, lambda};
      }
      const double ft = t - at;
      return {n + rates.ndot * ft + rates.nddot * ft * ft * 0.5,
              lambda + rates.ldot * ft + rates.ndot * ft * ft * 0.5};
    }
    lambda = lambda + rates.ldot * step + rates.ndot * kHalfStepSquared;
    n = n + rates.ndot * step + rates.nddot * kHalfStepSquared;
    at = at + step;
  }
}

}  // namespace

void add_deep_space_secular(const Sgp4Terms& terms, double minutes, MeanState& state,
                            ResonanceCursor* cursor) noexcept {
  const double t = minutes;
  MeanState& m = state;
  const DeepSecularRates& rates = terms.deep.rates;
  m.eccentricity = m.eccentricity + rates.eccentricity * t;
  m.inclination = m.inclination + rates.inclination * t;
  m.perigee = m.perigee + rates.perigee * t;
  m.node = m.node + rates.node * t;
  m.mean_anomaly = m.mean_anomaly + rates.mean_anomaly * t;
  const ResonanceTerms& r = terms.deep.resonance;
  if (r.kind == Resonance::none) {
    return;
  }
  const double theta = std::fmod(r.gsto + t * kEarthRotationPerMinute, kTwoPi);
  const Integrated at_t = integrate(terms, t, cursor);
  if (r.kind == Resonance::half_day) {
    m.mean_anomaly = at_t.lambda - 2.0 * m.node + 2.0 * theta;
  } else {
    m.mean_anomaly = at_t.lambda - m.node - m.perigee + theta;
  }
  // The reference's round trip through the change of mean motion, kept for its rounding.
  const double n0 = terms.epoch.mean_motion;
  const double dndt = at_t.mean_motion - n0;
  m.mean_motion = n0 + dndt;
}

}  // namespace gpq::orbit
