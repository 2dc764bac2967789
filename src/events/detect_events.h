// Every event of one object's history (docs/EVENTS.md): manoeuvres as steps in semi-major
// axis, inclination and eccentricity beyond the object's noise, a decay, gaps. Pure: the
// sets in, the events out; EventService fetches the sets.
#pragma once

#include <span>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/event_query.h"

namespace gpq::events {

// The smallest steps reported whatever the noise: a little above what the TLE's printed
// digits can resolve (mean motion to 1e-8 rev/day is millimetres of semi-major axis).
inline constexpr double kSemiMajorAxisFloorKm = 0.002;
inline constexpr double kInclinationFloorDeg = 0.005;
inline constexpr double kEccentricityFloor = 2e-5;
// The fastest natural rise of a semi-major axis the trend follows (StepRule::max_rise_per_day)
// in low, near-circular orbits (below kDragOrbitKm, e < kDragEccentricity), as a share of the
// axis a day: about 0.7 km/day. There drag only lowers the axis, so a faster rise is thrust
// even when it lasts for days (an orbit raise). Higher and eccentric orbits swing with the
// Moon and the Sun, and their trend is followed whichever way it goes.
inline constexpr double kMaxNaturalRisePerDay = 1e-4;
inline constexpr double kDragOrbitKm = 2000;
inline constexpr double kDragEccentricity = 0.1;

// A step across more than this many times the median interval (and at least
// kMinBlindIntervalDays) is no manoeuvre: over such a gap the elements drift by more than any
// trend of the sets around it says, and only the gap is reported.
inline constexpr double kBlindIntervalFactor = 10.0;
inline constexpr double kMinBlindIntervalDays = 10.0;

struct Detection {
  std::vector<OrbitEvent> events;  // in time order
  HistoryNoise noise;
  std::int64_t distinct = 0;  // sets of distinct epochs
  // Epochs of the sets dropped as out-and-back in any element (StepResult::out_and_back), in
  // time order: the quality flag `outlier`.
  std::vector<TimePoint> outliers;
};

// `sets_read` in EPOCH order, of one object.
Detection detect_events(std::span<const ElementSet> sets_read);

}  // namespace gpq::events
