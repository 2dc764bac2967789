// The reference screen: no filter, every pair at every step, each bracket cut to where both
// sets are current.
#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>
#include <vector>

#include "orbit/approach_refine.h"
#include "orbit/screening.h"

namespace gpq::orbit {

std::vector<Approach> screen_every_pair(std::span<const ScreeningObject> objects,
                                        const ScreeningWindow& window, double step_seconds) {
  const double length =
      static_cast<double>(window.to.unix_micros() - window.from.unix_micros()) / 1e6;
  std::vector<PairTrajectory> pairs;
  for (std::uint32_t i = 0; i < objects.size(); ++i) {
    for (std::uint32_t j = i + 1; j < objects.size(); ++j) {
      if (pairable(objects[i], objects[j]) &&
          std::max(objects[i].from_seconds, objects[j].from_seconds) <
              std::min(objects[i].to_seconds, objects[j].to_seconds)) {
        pairs.emplace_back(objects, i, j, window.from);
      }
    }
  }
  // Every object's state once a step; each pair's closing speed from them.
  std::vector<std::optional<TemeState>> states(objects.size());
  const auto take_states = [&](double seconds) {
    for (std::size_t i = 0; i < objects.size(); ++i) {
      const double minutes = minutes_between(window.from, objects[i].epoch) + seconds / 60;
      const Sgp4Result result = objects[i].propagator->propagate(minutes);
      states[i] = result.error == Sgp4Error::none ? std::optional(result.state) : std::nullopt;
    }
  };
  const auto closing = [&](const PairTrajectory& pair) -> std::optional<double> {
    const auto& a = states[pair.first()];
    const auto& b = states[pair.second()];
    if (!a || !b) {
      return std::nullopt;
    }
    return std::optional(closing_product(*a, *b));
  };
  std::vector<Approach> approaches;
  std::vector<std::optional<double>> before(pairs.size());
  double previous = 0;
  for (double s = 0;; s = std::min(s + step_seconds, length)) {
    take_states(s);
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      const PairTrajectory& pair = pairs[p];
      const std::optional<double> now = closing(pair);
      const ScreeningObject& a = objects[pair.first()];
      const ScreeningObject& b = objects[pair.second()];
      const double lo = std::max({previous, a.from_seconds, b.from_seconds});
      const double hi = std::min({s, a.to_seconds, b.to_seconds});
      if (lo < hi) {
        const std::optional<double> at_lo = lo == previous ? before[p] : pair.closing(lo);
        const std::optional<double> at_hi = hi == s ? now : pair.closing(hi);
        if (at_lo && at_hi && *at_lo < 0 && *at_hi >= 0) {
          if (auto approach =
                  refine_approach(pair, window.from, lo, hi, *at_lo, *at_hi, window.threshold_km)) {
            approaches.push_back(*approach);
          }
        }
      }
      before[p] = now;
    }
    previous = s;
    if (s >= length) {
      break;
    }
  }
  std::sort(approaches.begin(), approaches.end(), tca_order);
  return approaches;
}

}  // namespace gpq::orbit
