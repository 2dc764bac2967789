// Medians and the median absolute deviation: noise estimates that a few manoeuvres or a bad
// set do not move, unlike a mean and a standard deviation.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpq::events {

// The median of `values` (taken by value: it is reordered); 0 for none.
inline double median(std::vector<double> values) {
  if (values.empty()) {
    return 0;
  }
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle),
                   values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) {
    return upper;
  }
  const double lower =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
  return (lower + upper) / 2;
}

// 1.4826 x the median absolute deviation from the median: the standard deviation of normal
// noise, and unmoved by up to half the values being outliers.
inline double robust_sigma(const std::vector<double>& values) {
  const double centre = median(values);
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (const double value : values) {
    deviations.push_back(std::fabs(value - centre));
  }
  return 1.4826 * median(std::move(deviations));
}

}  // namespace gpq::events
