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

struct Detection {
  std::vector<OrbitEvent> events;  // in time order
  HistoryNoise noise;
  std::int64_t distinct = 0;  // sets of distinct epochs
};

// `sets` in EPOCH order, of one object.
Detection detect_events(std::span<const ElementSet> sets);

}  // namespace gpq::events
