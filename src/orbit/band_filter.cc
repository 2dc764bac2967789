#include "orbit/band_filter.h"

#include <algorithm>
#include <limits>

#include "orbit/approach_refine.h"
#include "orbit/sweep.h"

namespace gpq::orbit {
namespace {

// Bands sorted by their low edge, with the two highest high edges among each prefix: whether a
// band other than a given one reaches up to a radius, among those starting below another.
class BandIndex {
 public:
  BandIndex(std::span<const RadialBand> bands, const std::vector<std::uint32_t>& members)
      : bands_(bands), order_(members) {
    std::sort(order_.begin(), order_.end(),
              [&](std::uint32_t a, std::uint32_t b) { return bands[a].low_km < bands[b].low_km; });
    best_.reserve(order_.size());
    Top top;
    for (const std::uint32_t i : order_) {
      const double high = bands[i].high_km;
      if (high > top.first) {
        top.second = top.first;
        top.first = high;
        top.first_index = i;
      } else if (high > top.second) {
        top.second = high;
      }
      best_.push_back(top);
    }
  }

  // Whether a member other than `self` starts at or below `below` and ends at or above `above`.
  bool reaches(std::uint32_t self, double below, double above) const {
    const auto end =
        std::upper_bound(order_.begin(), order_.end(), below,
                         [&](double v, std::uint32_t i) { return v < bands_[i].low_km; });
    if (end == order_.begin()) {
      return false;
    }
    const Top& top = best_[static_cast<std::size_t>(end - order_.begin()) - 1];
    return (top.first_index != self ? top.first : top.second) >= above;
  }

 private:
  struct Top {
    double first = -std::numeric_limits<double>::infinity();
    double second = -std::numeric_limits<double>::infinity();
    std::uint32_t first_index = std::numeric_limits<std::uint32_t>::max();
  };

  std::span<const RadialBand> bands_;
  std::vector<std::uint32_t> order_;
  std::vector<Top> best_;
};

}  // namespace

std::vector<RadialBand> radial_bands(std::span<const ScreeningObject> objects,
                                     const ScreeningWindow& window) {
  std::vector<RadialBand> bands;
  bands.reserve(objects.size());
  const double length_seconds =
      static_cast<double>(window.to.unix_micros() - window.from.unix_micros()) / 1e6;
  // Half a step either side: a sweep's sample stands for the half-steps around it, and may lie
  // that far outside the part of the window where the set is current.
  const double margin = std::max(kGridStepSeconds, kPrimaryStepSeconds) / 2;
  for (const ScreeningObject& object : objects) {
    const double start = minutes_between(window.from, object.epoch);
    const double from =
        start + (std::clamp(object.from_seconds, 0.0, length_seconds) - margin) / 60;
    const double to = start + (std::clamp(object.to_seconds, 0.0, length_seconds) + margin) / 60;
    bands.push_back(radial_band(*object.propagator, from, std::max(from, to)));
  }
  return bands;
}

std::vector<std::uint32_t> objects_with_partners(std::span<const ScreeningObject> objects,
                                                 std::span<const RadialBand> bands,
                                                 double threshold_km) {
  std::vector<std::uint32_t> all(objects.size());
  std::vector<std::uint32_t> primaries;
  for (std::uint32_t i = 0; i < objects.size(); ++i) {
    all[i] = i;
    if (objects[i].primary) {
      primaries.push_back(i);
    }
  }
  const BandIndex any(bands, all);
  const BandIndex primary(bands, primaries);
  std::vector<std::uint32_t> kept;
  for (std::uint32_t i = 0; i < objects.size(); ++i) {
    const double below = bands[i].high_km + threshold_km;
    const double above = bands[i].low_km - threshold_km;
    if ((objects[i].primary ? any : primary).reaches(i, below, above)) {
      kept.push_back(i);
    }
  }
  return kept;
}

}  // namespace gpq::orbit
