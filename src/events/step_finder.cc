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

// The trend rate at step k (1-based steps: k is the step from k - 1 to k).
std::vector<double> local_trends(const std::vector<double>& rates, bool falls_only) {
  const std::size_t n = rates.size();
  std::vector<double> trends(n, 0.0);
  std::vector<double> window;
  for (std::size_t k = 1; k < n; ++k) {
    const std::size_t low = k > kTrendHalfWindow ? k - kTrendHalfWindow : 1;
    const std::size_t high = std::min(n - 1, k + kTrendHalfWindow);
    window.assign(rates.begin() + static_cast<std::ptrdiff_t>(low),
                  rates.begin() + static_cast<std::ptrdiff_t>(high + 1));
    const double trend = median(window);
    trends[k] = falls_only ? std::min(trend, 0.0) : trend;
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
  const std::vector<double> trends = local_trends(rates, rule.trend_falls);
  std::vector<double> residuals(n, 0.0);
  for (std::size_t k = 1; k < n; ++k) {
    residuals[k] = values[k] - values[k - 1] - trends[k] * (days[k] - days[k - 1]);
  }
  result.noise = robust_sigma(std::vector<double>(residuals.begin() + 1, residuals.end()));
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
    }
  }
  const double noise = std::max(result.noise, 1e-300);
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
