#include "events/decay_and_gaps.h"

#include "events/distinct_sets.h"
#include "events/robust_stats.h"

namespace gpq::events {
namespace {

// Least-squares slope of perigee altitude (km/day) over the newest sets within kDecayFitDays
// of the last one (at least the last three).
double perigee_slope(std::span<const ElementSet> sets) {
  const TimePoint last = sets.back().epoch;
  std::size_t first = sets.size() >= 3 ? sets.size() - 3 : 0;
  while (first > 0 && days_since(sets[first - 1].epoch, last) <= kDecayFitDays) {
    --first;
  }
  double mean_t = 0;
  double mean_h = 0;
  const auto count = static_cast<double>(sets.size() - first);
  for (std::size_t k = first; k < sets.size(); ++k) {
    mean_t += days_since(last, sets[k].epoch) / count;
    mean_h += derive(sets[k]).perigee_km / count;
  }
  double covariance = 0;
  double variance = 0;
  for (std::size_t k = first; k < sets.size(); ++k) {
    const double dt = days_since(last, sets[k].epoch) - mean_t;
    covariance += dt * (derive(sets[k]).perigee_km - mean_h);
    variance += dt * dt;
  }
  return variance > 0 ? covariance / variance : 0.0;
}

TimePoint after_days(TimePoint t, double days) {
  return TimePoint::from_unix_micros(t.unix_micros() +
                                     static_cast<std::int64_t>(days * kMicrosPerDay));
}

}  // namespace

SetRef set_ref(const ElementSet& set) {
  return {set.epoch, set.source, set.element_set_no};
}

TimePoint halfway(TimePoint a, TimePoint b) {
  return TimePoint::from_unix_micros(a.unix_micros() + (b.unix_micros() - a.unix_micros()) / 2);
}

std::optional<OrbitEvent> find_decay(std::span<const ElementSet> sets) {
  if (sets.size() < 2 || derive(sets.back()).perigee_km >= kDecayPerigeeKm) {
    return std::nullopt;
  }
  std::size_t crossed = sets.size() - 1;
  while (crossed > 0 && derive(sets[crossed - 1]).perigee_km < kDecayPerigeeKm) {
    --crossed;
  }
  const double slope = perigee_slope(sets);
  if (slope >= 0) {
    return std::nullopt;  // low but not falling: a transfer orbit's perigee, not a decay
  }
  OrbitEvent event;
  event.time = sets[crossed].epoch;
  event.kind = EventKind::decay;
  event.element = EventElement::perigee;
  event.size = slope;
  event.before = set_ref(sets[crossed > 0 ? crossed - 1 : 0]);
  event.after = set_ref(sets[crossed]);
  // A straight line gives the latest re-entry (the fall speeds up as the air thickens); half
  // of it is the earliest.
  const double perigee = derive(sets.back()).perigee_km;
  const double remaining = std::max(0.0, (perigee - kReentryPerigeeKm) / -slope);
  event.reentry_earliest = after_days(sets.back().epoch, remaining / 2);
  event.reentry_latest = after_days(sets.back().epoch, remaining);
  return event;
}

std::vector<OrbitEvent> find_gaps(std::span<const ElementSet> sets, double& median_interval_days) {
  std::vector<OrbitEvent> gaps;
  median_interval_days = 0;
  if (sets.size() < 2) {
    return gaps;
  }
  std::vector<double> intervals;
  intervals.reserve(sets.size() - 1);
  for (std::size_t k = 1; k < sets.size(); ++k) {
    intervals.push_back(days_since(sets[k - 1].epoch, sets[k].epoch));
  }
  median_interval_days = median(intervals);
  const double longest_usual = std::max(kGapFactor * median_interval_days, kMinGapDays);
  for (std::size_t k = 1; k < sets.size(); ++k) {
    if (intervals[k - 1] > longest_usual) {
      OrbitEvent gap;
      gap.time = halfway(sets[k - 1].epoch, sets[k].epoch);
      gap.kind = EventKind::gap;
      gap.element = EventElement::interval;
      gap.size = intervals[k - 1];
      gap.before = set_ref(sets[k - 1]);
      gap.after = set_ref(sets[k]);
      gaps.push_back(gap);
    }
  }
  return gaps;
}

}  // namespace gpq::events
