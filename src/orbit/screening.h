// Conjunction screening: every pair of objects that comes within a threshold of each other in a
// window, with each approach's time of closest approach (TCA) and miss distance exact to SGP4:
// the TCA is the root of the two trajectories' range rate, refined until it moves less than
// a millisecond, never an interpolant's minimum. docs/CONJUNCTIONS.md gives each filter and the
// bound that makes it miss nothing.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "gpq/time.h"

#include "orbit/sgp4.h"

namespace gpq::orbit {

struct ScreeningObject {
  std::int32_t norad_id = 0;
  const Sgp4Propagator* propagator = nullptr;  // prepared from the object's set
  TimePoint epoch;                             // the set's epoch
  bool primary = true;                         // a pair needs at least one primary
  std::int32_t group = -1;                     // two objects of one group (>= 0) are never paired
  // Seconds after the window's start: the part of the window where this set is the object's
  // trajectory, [from, to). Following the archive, an object is one screening object per set,
  // and an approach belongs to the two sets current at its TCA.
  double from_seconds = 0;
  double to_seconds = std::numeric_limits<double>::infinity();

  // Whether the set is the trajectory somewhere in [lo, hi] (seconds after the window's start).
  bool current_within(double lo, double hi) const { return from_seconds < hi && to_seconds > lo; }
};

// Whether two objects are screened as a pair: at least one primary, not both of one group, not
// two sets of one object. `Object`: a ScreeningObject, or what a sweep copies of one.
template <class Object>
bool pairable(const Object& a, const Object& b) {
  return (a.primary || b.primary) && (a.group < 0 || a.group != b.group) &&
         a.norad_id != b.norad_id;
}

struct ScreeningWindow {
  TimePoint from;
  TimePoint to;
  double threshold_km = 5;
};

// One close approach: a local minimum of the distance between two objects, inside the window
// and under the threshold. `first` < `second` index the objects screened.
struct Approach {
  std::uint32_t first = 0;
  std::uint32_t second = 0;
  TimePoint tca;
  double miss_km = 0;
  TemeState first_state;  // at TCA
  TemeState second_state;
};

struct ScreeningCounts {
  std::uint64_t samples = 0;     // instants of the sweep
  std::uint64_t candidates = 0;  // (pair, instant) that passed every filter and were refined
  std::uint64_t screened = 0;    // objects whose radial band meets a partner's: the ones swept
  // Objects SGP4 gave no state for at some instant of the window (decayed in it, or an error):
  // screened until then.
  std::vector<std::uint32_t> failed;
};

// Every approach, sorted by TCA then pair. `threads` 0: as many as the machine has.
std::vector<Approach> screen(std::span<const ScreeningObject> objects,
                             const ScreeningWindow& window, ScreeningCounts* counts = nullptr,
                             unsigned threads = 0);

// The same, with no filter at all: every pair sampled every `step_seconds` and each sign
// change of its range rate from approach to recession refined as screen() refines. Quadratic:
// the reference screen() is tested against.
std::vector<Approach> screen_every_pair(std::span<const ScreeningObject> objects,
                                        const ScreeningWindow& window, double step_seconds = 1);

}  // namespace gpq::orbit
