// The closest approach of two objects inside a bracket where their range rate goes from
// approach to recession: a root of the relative position's dot product with the relative
// velocity, found on the two SGP4 trajectories themselves (Illinois false position, bisection
// where it stalls) until the bracket is narrower than 0.1 ms.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "orbit/screening.h"

namespace gpq::orbit {

// Minutes from `earlier` to `later`: SGP4's time of an instant after a set's epoch.
inline double minutes_between(TimePoint later, TimePoint earlier) {
  return static_cast<double>(later.unix_micros() - earlier.unix_micros()) / 6e7;
}

// The relative position's dot product with the relative velocity (km^2/s): negative while the
// two close, positive while they recede; its root is the closest approach.
double closing_product(const TemeState& a, const TemeState& b);

// Approaches in time order, then by pair: the order of every screen's answer.
bool tca_order(const Approach& a, const Approach& b);

// Seconds after `origin` on the trajectories of objects[first] and objects[second].
class PairTrajectory {
 public:
  PairTrajectory(std::span<const ScreeningObject> objects, std::uint32_t first,
                 std::uint32_t second, TimePoint origin);
  // Both states at `seconds`; false where SGP4 gives no state for either.
  bool states(double seconds, TemeState& first, TemeState& second) const;
  // The range rate's sign carrier: relative position . relative velocity (km^2/s); nullopt
  // where SGP4 gives no state.
  std::optional<double> closing(double seconds) const;

  std::uint32_t first() const { return first_; }
  std::uint32_t second() const { return second_; }

 private:
  const ScreeningObject& a_;
  const ScreeningObject& b_;
  std::uint32_t first_;
  std::uint32_t second_;
  double a_offset_minutes_;  // origin - epoch
  double b_offset_minutes_;
};

// The approach in [lo, hi] seconds after `origin`, where closing(lo) < 0 <= closing(hi), when
// its miss distance is under `threshold_km`.
std::optional<Approach> refine_approach(const PairTrajectory& pair, TimePoint origin, double lo,
                                        double hi, double closing_lo, double closing_hi,
                                        double threshold_km);

// The bracket [lo, hi] (seconds after window.from) of objects[first] and objects[second]
// (first < second), cut to where both sets are current: its approach, when the range rate turns
// from approach to recession inside (a minimum at an edge belongs to the neighbouring bracket)
// and the miss distance is under the threshold.
std::optional<Approach> approach_in_bracket(std::span<const ScreeningObject> objects,
                                            std::uint32_t first, std::uint32_t second,
                                            const ScreeningWindow& window, double lo, double hi);

}  // namespace gpq::orbit
