#include "events/detect_events.h"

#include <algorithm>
#include <utility>

#include "events/decay_and_gaps.h"
#include "events/distinct_sets.h"
#include "events/robust_stats.h"
#include "events/step_finder.h"

namespace gpq::events {
namespace {

struct ElementRule {
  EventElement element;
  double (*value)(const ElementSet&);
  StepRule rule;
  double HistoryNoise::*noise;
};

double semi_major_axis(const ElementSet& set) {
  return derive(set).semi_major_axis_km;
}
double inclination(const ElementSet& set) {
  return set.inclination;
}
double eccentricity(const ElementSet& set) {
  return set.eccentricity;
}

constexpr ElementRule kElements[] = {
    {EventElement::semi_major_axis,
     semi_major_axis,
     {kSemiMajorAxisFloorKm, 8},
     &HistoryNoise::semi_major_axis_km},
    {EventElement::inclination,
     inclination,
     {kInclinationFloorDeg, 8},
     &HistoryNoise::inclination_deg},
    {EventElement::eccentricity,
     eccentricity,
     {kEccentricityFloor, 8},
     &HistoryNoise::eccentricity},
};

// Returns the indices of the sets that stepped out and straight back (StepResult).
std::vector<std::size_t> add_manoeuvres(const std::vector<ElementSet>& sets,
                                        const std::vector<double>& days, const ElementRule& element,
                                        double blind_days, Detection& found) {
  std::vector<double> values;
  values.reserve(sets.size());
  for (const ElementSet& set : sets) {
    values.push_back(element.value(set));
  }
  StepRule rule = element.rule;
  if (element.element == EventElement::semi_major_axis) {
    std::vector<double> eccentricities;
    eccentricities.reserve(sets.size());
    for (const ElementSet& set : sets) {
      eccentricities.push_back(set.eccentricity);
    }
    const double axis = median(values);
    if (axis < kEarthRadiusKm + kDragOrbitKm &&
        median(std::move(eccentricities)) < kDragEccentricity) {
      rule.max_rise_per_day = kMaxNaturalRisePerDay * axis;
    }
  }
  const StepResult steps = find_steps(days, values, rule);
  found.noise.*element.noise = steps.noise;
  for (const StepRun& run : steps.runs) {
    bool blind = false;
    for (std::size_t k = run.first; k <= run.last; ++k) {
      blind = blind || days[k] - days[k - 1] > blind_days;
    }
    if (blind) {
      continue;
    }
    OrbitEvent event;
    event.kind = EventKind::manoeuvre;
    event.element = element.element;
    event.size = run.size;
    event.sigmas = run.sigmas;
    event.before = set_ref(sets[run.first - 1]);
    event.after = set_ref(sets[run.last]);
    event.time = halfway(event.before.epoch, event.after.epoch);
    found.events.push_back(event);
  }
  return steps.out_and_back;
}

}  // namespace

Detection detect_events(std::span<const ElementSet> sets_read) {
  Detection found;
  const std::vector<ElementSet> sets = distinct_sets(sets_read);
  found.distinct = static_cast<std::int64_t>(sets.size());
  if (sets.empty()) {
    return found;
  }
  std::vector<double> days;
  days.reserve(sets.size());
  for (const ElementSet& set : sets) {
    days.push_back(days_since(sets.front().epoch, set.epoch));
  }
  found.events = find_gaps(sets, found.noise.median_interval_days);
  const double blind_days =
      std::max(kBlindIntervalFactor * found.noise.median_interval_days, kMinBlindIntervalDays);
  for (const ElementRule& element : kElements) {
    for (const std::size_t k : add_manoeuvres(sets, days, element, blind_days, found)) {
      found.outliers.push_back(sets[k].epoch);
    }
  }
  if (auto decay = find_decay(sets)) {
    found.events.push_back(*decay);
  }
  std::stable_sort(found.events.begin(), found.events.end(),
                   [](const OrbitEvent& a, const OrbitEvent& b) { return a.time < b.time; });
  std::sort(found.outliers.begin(), found.outliers.end());
  found.outliers.erase(std::unique(found.outliers.begin(), found.outliers.end()),
                       found.outliers.end());
  return found;
}

}  // namespace gpq::events
