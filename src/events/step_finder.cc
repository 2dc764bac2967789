#include "events/step_finder.h"

#include <algorithm>
#include <cmath>

#include "events/robust_stats.h"

namespace gpq::events {
namespace {

// Steps on each side whose median rate is the local trend: about three days of a LEO object's
// sets, short enough to follow a decay that speeds up, long enough that one manoeuvre among
// them does not move the median.
constexpr std::size_t kTrendHalfWindow = 7;

// The trend rate at step k (k is the step from set k - 1 to set k): the median rate of the
// steps around it, moved along the median slope of those rates to k's time (Theil-Sen), so
// that a decay speeding up, and the first and last steps whose window is one-sided, are
// followed too.
std::vector<double> local_trends(std::span<const double> days, const std::vector<double>& rates) {
  const std::size_t n = rates.size();
  std::vector<double> trends(n, 0.0);
  std::vector<double> window;
  std::vector<double> times;
  std::vector<double> slopes;
  const auto middle = [&](std::size_t k) { return (days[k] + days[k - 1]) / 2; };
  for (std::size_t k = 1; k < n; ++k) {
    const std::size_t low = k > kTrendHalfWindow ? k - kTrendHalfWindow : 1;
    const std::size_t high = std::min(n - 1, k + kTrendHalfWindow);
    window.clear();
    times.clear();
    slopes.clear();
    for (std::size_t j = low; j <= high; ++j) {
      window.push_back(rates[j]);
      times.push_back(middle(j));
      for (std::size_t i = low; i < j; ++i) {
        slopes.push_back((rates[j] - rates[i]) / (middle(j) - middle(i)));
      }
    }
    trends[k] = median(window) + median(slopes) * (middle(k) - median(times));
  }
  return trends;
}

}  // namespace

StepResult find_steps(std::span<const double> days, std::span<const double> values,
                      const StepRule& rule) {
  StepResult result;
  const std::size_t n = std::min(days.size(), values.size());
  if (n < kMinSetsForSteps) {
    return result;
  }
  std::vector<double> rates(n, 0.0);
  for (std::size_t k = 1; k < n; ++k) {
    rates[k] = (values[k] - values[k - 1]) / (days[k] - days[k - 1]);
  }
  // The noise is the scatter about the trend as it is; steps are measured from the trend with
  // its rise capped, so that a raise lasting days is thrust however smooth it is.
  const std::vector<double> trends = local_trends(days, rates);
  std::vector<double> scatter;
  scatter.reserve(n - 1);
  std::vector<double> residuals(n, 0.0);
  for (std::size_t k = 1; k < n; ++k) {
    const double step = values[k] - values[k - 1];
    const double dt = days[k] - days[k - 1];
    scatter.push_back(step - trends[k] * dt);
    residuals[k] = step - std::min(trends[k], rule.max_rise_per_day) * dt;
  }
  result.noise = robust_sigma(scatter);
  const double threshold = std::max(rule.sigmas * result.noise, rule.floor);
  std::vector<bool> flagged(n, false);
  for (std::size_t k = 1; k < n; ++k) {
    flagged[k] = std::fabs(residuals[k]) > threshold;
  }
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const bool back_again = flagged[k] && flagged[k + 1] && residuals[k] * residuals[k + 1] < 0 &&
                            std::fabs(residuals[k] + residuals[k + 1]) <= threshold;
    if (back_again) {
      flagged[k] = false;
      flagged[k + 1] = false;
      result.out_and_back.push_back(k);
    }
  }
  // Sigmas against the noise, or against the floor's share of it when the sets are quieter
  // than their printed digits (generated ones): never a division by nothing.
  const double noise = std::max(result.noise, rule.floor / rule.sigmas);
  for (std::size_t k = 1; k < n; ++k) {
    if (!flagged[k]) {
      continue;
    }
    const bool extends = !result.runs.empty() && result.runs.back().last + 1 == k &&
                         (result.runs.back().size > 0) == (residuals[k] > 0);
    if (extends) {
      result.runs.back().last = k;
      result.runs.back().size += residuals[k];
    } else {
      result.runs.push_back({k, k, residuals[k], 0});
    }
  }
  for (StepRun& run : result.runs) {
    run.sigmas = std::fabs(run.size) / noise;
  }
  return result;
}

}  // namespace gpq::events
