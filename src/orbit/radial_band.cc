#include "orbit/radial_band.h"

#include <algorithm>
#include <cmath>

#include "orbit/deep_space_input.h"
#include "orbit/secular.h"

namespace gpq::orbit {
namespace {

// Rounding and the last digits of the constants: a band never needs to be tighter than this.
constexpr double kMarginKm = 0.01;
// The deep-space mean elements are sampled this often (the resonance integrator's half step).
constexpr double kDeepSampleMinutes = 360;

struct Interval {
  double lo;
  double hi;
};

Interval operator+(Interval a, Interval b) {
  return {a.lo + b.lo, a.hi + b.hi};
}

Interval times(Interval a, double c) {
  return c >= 0 ? Interval{c * a.lo, c * a.hi} : Interval{c * a.hi, c * a.lo};
}

// t^k for t in [t0, t1].
Interval power_over(double t0, double t1, int k) {
  const double a = std::pow(t0, k);
  const double b = std::pow(t1, k);
  Interval r{std::min(a, b), std::max(a, b)};
  if (k % 2 == 0 && t0 < 0 && t1 > 0) {
    r.lo = 0;
  }
  return r;
}

// What the osculating stage (short_period.h) can make of mean elements within these ranges.
struct MeanRanges {
  Interval semi_major_axis;  // earth radii
  Interval eccentricity;
  double aycof = 0;   // |J3's long-period coefficient| at most
  Interval con41;     // 3 cos^2 i - 1
  double x1mth2 = 0;  // 1 - cos^2 i at most
};

// The long-period terms move the eccentricity vector (axN, ayN) by at most |aycof| / p; r is
// a(1 - e cos E) with |e cos E| <= that eccentricity; the short-period terms scale r by
// 1 - 1.5 J2/2 beta/p^2 con41 and add at most J2/4 x1mth2 / p.
RadialBand osculating_band(const GravityConstants& g, const MeanRanges& m) {
  const Interval a = m.semi_major_axis;
  const Interval e = m.eccentricity;
  if (!(e.hi < 1.0) || !(a.lo > 0.0)) {
    return {};
  }
  const double shift = m.aycof / (a.lo * (1.0 - e.hi * e.hi));
  const Interval long_e{std::max(0.0, e.lo - shift), e.hi + shift};
  if (!(long_e.hi < 1.0)) {
    return {};
  }
  const Interval p{a.lo * (1.0 - long_e.hi * long_e.hi), a.hi * (1.0 - long_e.lo * long_e.lo)};
  const Interval beta{std::sqrt(1.0 - long_e.hi * long_e.hi),
                      std::sqrt(1.0 - long_e.lo * long_e.lo)};
  const Interval scale{0.5 * g.j2 * beta.lo / (p.hi * p.hi), 0.5 * g.j2 * beta.hi / (p.lo * p.lo)};
  double factor_lo = 1e9;
  double factor_hi = -1e9;
  for (const double x : {scale.lo, scale.hi}) {
    for (const double c : {m.con41.lo, m.con41.hi}) {
      const double factor = 1.0 - 1.5 * x * c;
      factor_lo = std::min(factor_lo, factor);
      factor_hi = std::max(factor_hi, factor);
    }
  }
  const double wobble = 0.25 * g.j2 / p.lo * m.x1mth2;
  const double low = a.lo * (1.0 - long_e.hi) * factor_lo - wobble;
  const double high = a.hi * (1.0 + long_e.hi) * factor_hi + wobble;
  // Below one earth radius SGP4 gives no state (decayed): the band then starts at 0.
  return {std::max(low * g.radius_km - kMarginKm, 0.0), high * g.radius_km + kMarginKm};
}

// SGP4: a = a0'' (1 - C1 t - D2 t^2 - D3 t^3 - D4 t^4)^2 and e = e0 - B* C4 t - B* C5 (sin M' -
// sin M0) (STR#3), each monomial bounded over the window and sin M' by [-1, 1].
RadialBand near_earth_band(const Sgp4Terms& terms, double t0, double t1) {
  const NearEarthTerms& k = terms.near;
  const EpochElements& el = terms.epoch;
  const Interval t = power_over(t0, t1, 1);
  Interval drag_a = Interval{1, 1} + times(t, -k.c1);
  Interval drag_e = times(t, el.bstar * k.c4);
  if (!k.simplified_drag) {
    drag_a = drag_a + times(power_over(t0, t1, 2), -k.d2) + times(power_over(t0, t1, 3), -k.d3) +
             times(power_over(t0, t1, 4), -k.d4);
    drag_e = drag_e +
             times(Interval{-1.0 - k.sin_mean_anomaly, 1.0 - k.sin_mean_anomaly}, el.bstar * k.c5);
  }
  if (!(drag_a.lo > 0.0)) {
    return {};
  }
  MeanRanges m;
  m.semi_major_axis = {el.semi_major_axis * drag_a.lo * drag_a.lo,
                       el.semi_major_axis * drag_a.hi * drag_a.hi};
  const Interval e{el.eccentricity - drag_e.hi, el.eccentricity - drag_e.lo};
  if (e.lo < -0.001) {
    return {};  // SGP4 stops at such an eccentricity
  }
  m.eccentricity = {std::max(e.lo, 1.0e-6), std::max(e.hi, 1.0e-6)};
  m.aycof = std::fabs(k.aycof);
  m.con41 = {k.con41, k.con41};
  m.x1mth2 = k.x1mth2;
  return osculating_band(terms.gravity, m);
}

// SDP4: the mean a and e (resonance, lunar-solar secular rates, drag) sampled, widened by the
// largest change between neighbours; the lunar-solar periodics add at most (|e2| + |e3|) / 4
// per body to e (|f2|, |f3| <= 1/4); the inclination they leave is any.
RadialBand deep_space_band(const Sgp4Terms& terms, double t0, double t1) {
  Interval a{1e300, -1e300};
  Interval e{1e300, -1e300};
  double a_step = 0;
  double e_step = 0;
  double last_a = 0;
  double last_e = 0;
  ResonanceCursor cursor;
  const int steps = std::max(1, static_cast<int>(std::ceil((t1 - t0) / kDeepSampleMinutes)));
  for (int s = 0; s <= steps; ++s) {
    const double t = t0 + (t1 - t0) * s / steps;
    MeanState mean = near_earth_secular(terms, t);
    add_deep_space_secular(terms, t, mean, &cursor);
    double semi_major_axis = 0;
    if (static_cast<Sgp4Error>(finish_mean(terms, mean, semi_major_axis)) != Sgp4Error::none) {
      return {};
    }
    a = {std::min(a.lo, semi_major_axis), std::max(a.hi, semi_major_axis)};
    e = {std::min(e.lo, mean.eccentricity), std::max(e.hi, mean.eccentricity)};
    if (s > 0) {
      a_step = std::max(a_step, std::fabs(semi_major_axis - last_a));
      e_step = std::max(e_step, std::fabs(mean.eccentricity - last_e));
    }
    last_a = semi_major_axis;
    last_e = mean.eccentricity;
  }
  const auto periodic = [](const ThirdBodyPeriodics& body) {
    return 0.25 * (std::fabs(body.e2) + std::fabs(body.e3));
  };
  const double pe = periodic(terms.deep.sun) + periodic(terms.deep.moon);
  MeanRanges m;
  m.semi_major_axis = {a.lo - a_step, a.hi + a_step};
  m.eccentricity = {std::max(0.0, e.lo - e_step - pe), e.hi + e_step + pe};
  m.aycof = 0.5 * std::fabs(terms.gravity.j3_over_j2);
  m.con41 = {-1, 2};
  m.x1mth2 = 1;
  return osculating_band(terms.gravity, m);
}

}  // namespace

RadialBand radial_band(const Sgp4Propagator& propagator, double from_minutes, double to_minutes) {
  if (!propagator.in_theory()) {
    return {};
  }
  const double t0 = std::min(from_minutes, to_minutes);
  const double t1 = std::max(from_minutes, to_minutes);
  return propagator.deep_space() ? deep_space_band(propagator.terms(), t0, t1)
                                 : near_earth_band(propagator.terms(), t0, t1);
}

}  // namespace gpq::orbit
