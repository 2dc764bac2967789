// Steps in one element's series beyond the object's own noise: the manoeuvre detector
// (docs/EVENTS.md "Manoeuvres").
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace gpq::events {

struct StepRule {
  double floor = 0;   // the smallest step reported, whatever the noise (the data's rounding)
  double sigmas = 8;  // a step must exceed this many robust standard deviations
  // The fastest rise the trend may follow, per day: drag only lowers a semi-major axis, and
  // what raises it naturally (radiation pressure, third bodies, a fit's drift) is slow, so a
  // faster rise is thrust even when it lasts for days (an orbit raise).
  double max_rise_per_day = std::numeric_limits<double>::infinity();
};

// A run of consecutive steps of one sign, between the sets first - 1 and last.
struct StepRun {
  std::size_t first = 0;
  std::size_t last = 0;
  double size = 0;    // the change beyond the trend, summed over the run
  double sigmas = 0;  // |size| over the noise (at least the floor over StepRule::sigmas)
};

struct StepResult {
  double noise = 0;  // robust standard deviation of a step beyond the trend
  std::vector<StepRun> runs;
  // Sets that stepped out and straight back (a bad set, no step): their indices, in order.
  std::vector<std::size_t> out_and_back;
};

// Sets closer than this in a series are too few for a noise estimate.
inline constexpr std::size_t kMinSetsForSteps = 6;

// `days` strictly increasing, `values` beside them. Each successive difference loses the
// local trend (the median rate of the steps around it, times its interval); what is left is
// flagged when beyond max(rule.sigmas x noise, rule.floor). A lone set off both neighbours
// (a step out and straight back) is a bad set, not two manoeuvres.
StepResult find_steps(std::span<const double> days, std::span<const double> values,
                      const StepRule& rule);

}  // namespace gpq::events
