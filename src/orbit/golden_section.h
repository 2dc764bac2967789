// The argument of the largest value of a function that is unimodal on an interval, by
// golden-section search: the passes' culmination and the collision probability's dilution
// threshold both ask for it.
#pragma once

namespace gpq::orbit {

// Narrows [low, high] until it is narrower than `tolerance` and returns its middle.
template <typename Function>
double golden_section_maximum(const Function& f, double low, double high, double tolerance) {
  constexpr double kRatio = 0.6180339887498949;  // (sqrt 5 - 1) / 2
  double a = high - kRatio * (high - low);
  double b = low + kRatio * (high - low);
  double fa = f(a);
  double fb = f(b);
  while (high - low > tolerance) {
    if (fa < fb) {
      low = a;
      a = b;
      fa = fb;
      b = low + kRatio * (high - low);
      fb = f(b);
    } else {
      high = b;
      b = a;
      fb = fa;
      a = high - kRatio * (high - low);
      fa = f(a);
    }
  }
  return 0.5 * (low + high);
}

}  // namespace gpq::orbit
