// What the two sweeps of screen() share: the samples that tile the window, what a part of the
// window yields, and the sweeps themselves. The grid sweep (grid_sweep.cc) looks at every
// object at every sample and finds pairs through cells; the primary sweep (primary_sweep.cc)
// looks at every primary at every sample and at each other object only when it can be within
// reach of one. Both refine the same brackets the same way.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "orbit/approach_refine.h"
#include "orbit/radial_band.h"
#include "orbit/screening.h"

namespace gpq::orbit {

// The step of each sweep, in seconds: a shorter one means more samples, but smaller cells and
// fewer pairs to look at in each. The grid sweep's samples cost little each (states
// interpolated between SGP4 nodes), so it takes fewer, larger steps: 30 s screened the full
// catalog for 7 days in 115 s where 20 s took 135 s (docs/PERFORMANCE.md).
inline constexpr double kGridStepSeconds = 30;
inline constexpr double kPrimaryStepSeconds = 20;

// Samples h seconds apart from the window's start. Sample k stands for [kh - h/2, kh + h/2]
// cut to the window (the intervals tile it) and is taken at kh, or at the window's edge where
// that is outside.
class SampleGrid {
 public:
  SampleGrid(const ScreeningWindow& window, double step_seconds)
      : step_(step_seconds),
        length_seconds_(static_cast<double>(window.to.unix_micros() - window.from.unix_micros()) /
                        1e6) {}

  double step() const { return step_; }

  std::uint32_t count() const {
    const double beyond_first = length_seconds_ - step_ / 2;
    return beyond_first <= 0 ? 1 : static_cast<std::uint32_t>(std::ceil(beyond_first / step_)) + 1;
  }
  // Seconds after the window's start.
  double lower(std::uint32_t k) const {
    return std::clamp(k * step_ - step_ / 2, 0.0, length_seconds_);
  }
  double upper(std::uint32_t k) const {
    return std::clamp(k * step_ + step_ / 2, 0.0, length_seconds_);
  }
  double at(std::uint32_t k) const { return std::clamp(k * step_, lower(k), upper(k)); }
  // The sample whose interval holds `seconds` (0 before the window; saturating far after it).
  std::uint32_t sample_holding(double seconds) const {
    const double k = std::floor((seconds + step_ / 2) / step_);
    return k <= 0 ? 0
                  : static_cast<std::uint32_t>(
                        std::min(k, double{std::numeric_limits<std::uint32_t>::max()}));
  }

 private:
  double step_;
  double length_seconds_;
};

// A pair that passed a sample's filters, its bracket still to refine (first < second).
struct Candidate {
  std::uint32_t first;
  std::uint32_t second;
};

// What the samples [begin, end) of a sweep yield.
struct SweepPart {
  std::vector<Approach> approaches;
  std::vector<std::uint32_t> failed;  // objects SGP4 gave no state for at some sample
  std::uint64_t candidates = 0;
};

// Refines the brackets of sample k's `pending` pairs into `part` and empties `pending`.
inline void refine_pending(std::span<const ScreeningObject> objects, const ScreeningWindow& window,
                           const SampleGrid& grid, std::uint32_t k, std::vector<Candidate>& pending,
                           SweepPart& part) {
  part.candidates += pending.size();
  for (const Candidate& c : pending) {
    if (auto approach =
            approach_in_bracket(objects, c.first, c.second, window, grid.lower(k), grid.upper(k))) {
      part.approaches.push_back(*approach);
    }
  }
  pending.clear();
}

// `bands[i]` is objects[i]'s radial band; pairs whose bands are farther apart than the
// threshold are never looked at.
SweepPart sweep_by_grid(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
                        const ScreeningWindow& window, std::uint32_t begin, std::uint32_t end);
SweepPart sweep_from_primaries(std::span<const ScreeningObject> objects,
                               std::span<const RadialBand> bands, const ScreeningWindow& window,
                               std::uint32_t begin, std::uint32_t end);

}  // namespace gpq::orbit
