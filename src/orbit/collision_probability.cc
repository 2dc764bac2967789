#include "orbit/collision_probability.h"

#include <cmath>
#include <numbers>

#include "orbit/golden_section.h"

namespace gpq::orbit {
namespace {

// Simpson's rule over this many strips of the angle below: the integrand is smooth there, and
// the closed forms of the tests (a centred miss, a small far disc) agree to 1e-12.
constexpr int kStrips = 200;

}  // namespace

double disc_probability(double miss_km, double radius_km, double sigma_km) {
  if (radius_km <= 0 || sigma_km <= 0) {
    return 0;
  }
  // Chords of the disc across the miss direction, at x = R sin(theta): the Gaussian along the
  // miss direction times the mass of the chord, erf(R cos(theta) / (sqrt 2 sigma)), with
  // dx = R cos(theta) dtheta. In x the chord's square root made Simpson's rule converge slowly
  // at the disc's edges; in theta the integrand is smooth.
  const double norm = radius_km / (std::sqrt(2 * std::numbers::pi) * sigma_km);
  const auto f = [&](double theta) {
    const double c = std::cos(theta);
    const double along = miss_km + radius_km * std::sin(theta);
    return norm * c * std::exp(-along * along / (2 * sigma_km * sigma_km)) *
           std::erf(radius_km * c / (std::numbers::sqrt2 * sigma_km));
  };
  const double h = std::numbers::pi / kStrips;
  double sum = f(-std::numbers::pi / 2) + f(std::numbers::pi / 2);
  for (int i = 1; i < kStrips; ++i) {
    sum += (i % 2 == 1 ? 4 : 2) * f(-std::numbers::pi / 2 + i * h);
  }
  return std::min(1.0, sum * h / 3);
}

MaximumProbability maximum_probability(double miss_km, double radius_km) {
  if (radius_km <= 0) {
    return {};
  }
  if (miss_km <= radius_km) {
    return {1.0, 0.0};
  }
  // Over log sigma, around the small-disc optimum miss / sqrt 2.
  const double log_sigma = golden_section_maximum(
      [&](double x) { return disc_probability(miss_km, radius_km, std::exp(x)); },
      std::log(miss_km / 20), std::log(miss_km * 5), 1e-9);
  const double sigma = std::exp(log_sigma);
  return {disc_probability(miss_km, radius_km, sigma), sigma};
}

}  // namespace gpq::orbit
