// A realistic archive of element sets built from real current sets: for every object a
// history going back a number of days, with the cadence real objects have (LEO ~2-3 sets a
// day, GEO ~1, debris irregular with gaps), elements evolving at their secular rates (mean
// anomaly, RAAN and argument of perigee from J2, mean motion drifting with drag), occasional
// manoeuvres, epochs at realistic fractions of a day, and objects launched or decayed within
// the span. Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "gpq/element_set.h"

namespace gpq::bench {

// A manoeuvre the generator put in: from the set at `epoch` on, the object's mean motion is
// `delta_mean_motion` rev/day off its drag line (the truth docs/EVENTS.md scores against).
struct InjectedManoeuvre {
  std::int32_t norad_id = 0;
  TimePoint epoch;
  double delta_mean_motion = 0;
};

struct ArchiveOptions {
  std::int64_t target_sets = 1'000'000;  // the span in days is chosen to come close to it
  std::uint64_t seed = 2026;
  TimePoint end;  // the newest epochs fall before this (default: the newest real epoch)
  // Told of every manoeuvre, when set; the sets generated are the same either way.
  std::function<void(const InjectedManoeuvre&)> on_manoeuvre;
};

// Calls `emit` for every generated set, object by object, each object's sets in epoch order.
// Returns the number of sets emitted and the span chosen, in days.
struct ArchiveShape {
  std::int64_t sets = 0;
  double days = 0;
  std::int64_t objects = 0;
};
ArchiveShape generate_archive(const std::vector<ElementSet>& current, const ArchiveOptions& options,
                              const std::function<void(const ElementSet&)>& emit);

}  // namespace gpq::bench
