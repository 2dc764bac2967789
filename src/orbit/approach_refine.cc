#include "orbit/approach_refine.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace gpq::orbit {
namespace {

constexpr double kBracketSeconds = 1e-4;
constexpr int kMaxSteps = 200;

double distance(const TemeState& a, const TemeState& b) {
  double sum = 0;
  for (int k = 0; k < 3; ++k) {
    const double d = b.position_km[k] - a.position_km[k];
    sum += d * d;
  }
  return std::sqrt(sum);
}

}  // namespace

double closing_product(const TemeState& a, const TemeState& b) {
  double sum = 0;
  for (int k = 0; k < 3; ++k) {
    sum += (b.position_km[k] - a.position_km[k]) * (b.velocity_km_s[k] - a.velocity_km_s[k]);
  }
  return sum;
}

bool tca_order(const Approach& a, const Approach& b) {
  return std::tie(a.tca, a.first, a.second) < std::tie(b.tca, b.first, b.second);
}

PairTrajectory::PairTrajectory(std::span<const ScreeningObject> objects, std::uint32_t first,
                               std::uint32_t second, TimePoint origin)
    : a_(objects[first]),
      b_(objects[second]),
      first_(first),
      second_(second),
      a_offset_minutes_(minutes_between(origin, objects[first].epoch)),
      b_offset_minutes_(minutes_between(origin, objects[second].epoch)) {}

bool PairTrajectory::states(double seconds, TemeState& first, TemeState& second) const {
  const Sgp4Result a = a_.propagator->propagate(a_offset_minutes_ + seconds / 60);
  const Sgp4Result b = b_.propagator->propagate(b_offset_minutes_ + seconds / 60);
  if (a.error != Sgp4Error::none || b.error != Sgp4Error::none) {
    return false;
  }
  first = a.state;
  second = b.state;
  return true;
}

std::optional<double> PairTrajectory::closing(double seconds) const {
  TemeState a;
  TemeState b;
  if (!states(seconds, a, b)) {
    return std::nullopt;
  }
  return closing_product(a, b);
}

std::optional<Approach> refine_approach(const PairTrajectory& pair, TimePoint origin, double lo,
                                        double hi, double closing_lo, double closing_hi,
                                        double threshold_km) {
  // Illinois: a side kept twice in a row has its value halved, so that false position does
  // not crawl from one end; a step that lands outside the bracket bisects.
  int kept = 0;  // -1: lo kept last, +1: hi kept last
  for (int step = 0; step < kMaxSteps && hi - lo > kBracketSeconds; ++step) {
    double s = hi - closing_hi * (hi - lo) / (closing_hi - closing_lo);
    if (!(s > lo && s < hi) || step % 8 == 7) {
      s = 0.5 * (lo + hi);
    }
    const std::optional<double> f = pair.closing(s);
    if (!f) {
      return std::nullopt;
    }
    if (*f < 0) {
      lo = s;
      closing_lo = *f;
      if (kept == 1) {
        closing_hi *= 0.5;
      }
      kept = 1;
    } else {
      hi = s;
      closing_hi = *f;
      if (kept == -1) {
        closing_lo *= 0.5;
      }
      kept = -1;
    }
  }
  const double tca = 0.5 * (lo + hi);
  Approach approach;
  if (!pair.states(tca, approach.first_state, approach.second_state)) {
    return std::nullopt;
  }
  approach.miss_km = distance(approach.first_state, approach.second_state);
  if (!(approach.miss_km < threshold_km)) {
    return std::nullopt;
  }
  approach.first = pair.first();
  approach.second = pair.second();
  approach.tca = TimePoint::from_unix_micros(origin.unix_micros() +
                                             static_cast<std::int64_t>(std::llround(tca * 1e6)));
  return approach;
}

std::optional<Approach> approach_in_bracket(std::span<const ScreeningObject> objects,
                                            std::uint32_t first, std::uint32_t second,
                                            const ScreeningWindow& window, double lo, double hi) {
  // Only where both sets are current (each object's whole window but when following the
  // archive).
  lo = std::max({lo, objects[first].from_seconds, objects[second].from_seconds});
  hi = std::min({hi, objects[first].to_seconds, objects[second].to_seconds});
  if (!(lo < hi)) {
    return std::nullopt;
  }
  const PairTrajectory pair(objects, first, second, window.from);
  const std::optional<double> f_lo = pair.closing(lo);
  const std::optional<double> f_hi = pair.closing(hi);
  if (!f_lo || !f_hi || !(*f_lo < 0 && *f_hi >= 0)) {
    return std::nullopt;
  }
  return refine_approach(pair, window.from, lo, hi, *f_lo, *f_hi, window.threshold_km);
}

}  // namespace gpq::orbit
