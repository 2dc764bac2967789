#include "orbit/pass_finder.h"

#include <cmath>

namespace gpq::orbit {
namespace {

constexpr double kToleranceSeconds = 1e-3;

// Times are seconds after the window's start, as doubles (1e-3 s is far above their
// resolution); instants are rounded to the microsecond.
class Sampler {
 public:
  Sampler(const LookFunction& look, TimePoint start, double min_elevation)
      : look_(look), start_(start), min_(min_elevation) {}

  TimePoint instant(double s) const {
    return TimePoint::from_unix_micros(start_.unix_micros() +
                                       static_cast<std::int64_t>(std::llround(s * 1e6)));
  }
  LookAngles at(double s) const { return look_(instant(s)); }
  double elevation(double s) const { return at(s).elevation_deg; }
  bool above(double s) const { return elevation(s) >= min_; }

  // The crossing of the minimum in [low, high], where above(low) != above(high).
  double crossing(double low, double high) const {
    const bool low_above = above(low);
    while (high - low > kToleranceSeconds) {
      const double mid = 0.5 * (low + high);
      (above(mid) == low_above ? low : high) = mid;
    }
    return 0.5 * (low + high);
  }

  // The highest elevation in [low, high] (unimodal there), by golden-section search.
  double maximum(double low, double high) const {
    constexpr double kRatio = 0.6180339887498949;
    double a = high - kRatio * (high - low);
    double b = low + kRatio * (high - low);
    double fa = elevation(a);
    double fb = elevation(b);
    while (high - low > kToleranceSeconds) {
      if (fa < fb) {
        low = a;
        a = b;
        fa = fb;
        b = low + kRatio * (high - low);
        fb = elevation(b);
      } else {
        high = b;
        b = a;
        fb = fa;
        a = high - kRatio * (high - low);
        fa = elevation(a);
      }
    }
    return 0.5 * (low + high);
  }

  double min_elevation() const { return min_; }

 private:
  const LookFunction& look_;
  TimePoint start_;
  double min_;
};

struct Culmination {
  double time = 0;
  double elevation = -1e9;
};

// A crossing of the minimum elevation, when there is one (the window may begin or end with
// the object above it). A struct rather than std::optional<double>: g++ 12 warns falsely about
// the latter at -O2.
struct Crossing {
  bool found = false;
  double time = 0;
};

Crossing at(double time) {
  return {true, time};
}

// The pass between rise (none: above at the start) and set (none: above at the end).
Pass make_pass(const Sampler& sampler, Crossing rise, Crossing set, const Culmination& peak) {
  Pass pass;
  if (rise.found) {
    pass.rise = sampler.instant(rise.time);
    pass.rise_azimuth_deg = sampler.at(rise.time).azimuth_deg;
  }
  const LookAngles top = sampler.at(peak.time);
  pass.culmination = sampler.instant(peak.time);
  pass.culmination_azimuth_deg = top.azimuth_deg;
  pass.culmination_elevation_deg = top.elevation_deg;
  pass.culmination_range_km = top.range_km;
  if (set.found) {
    pass.set = sampler.instant(set.time);
    pass.set_azimuth_deg = sampler.at(set.time).azimuth_deg;
  }
  return pass;
}

}  // namespace

std::vector<Pass> find_passes(const LookFunction& look, TimePoint start, TimePoint end,
                              double min_elevation_deg, std::int64_t step_micros) {
  const Sampler sampler(look, start, min_elevation_deg);
  const double span = static_cast<double>(end.unix_micros() - start.unix_micros()) / 1e6;
  const double step = static_cast<double>(step_micros) / 1e6;
  std::vector<double> times;
  for (std::int64_t i = 0; static_cast<double>(i) * step < span; ++i) {
    times.push_back(static_cast<double>(i) * step);
  }
  times.push_back(span);
  std::vector<double> elevations;
  elevations.reserve(times.size());
  for (const double s : times) {
    elevations.push_back(sampler.elevation(s));
  }
  const std::size_t last = times.size() - 1;
  const auto is_above = [&](std::size_t k) { return elevations[k] >= min_elevation_deg; };
  // A local maximum of the samples (the window's ends count when they are not lower than
  // their one neighbour), refined over the interval around it.
  const auto peak_near = [&](std::size_t k) {
    const double low = k == 0 ? times[0] : times[k - 1];
    const double high = k == last ? times[last] : times[k + 1];
    Culmination peak;
    peak.time = sampler.maximum(low, high);
    peak.elevation = sampler.elevation(peak.time);
    // The window's ends and the sample itself may be higher than what the search settled on.
    for (const double s : {low, times[k], high}) {
      const double e = sampler.elevation(s);
      if (e > peak.elevation) {
        peak = {s, e};
      }
    }
    return peak;
  };
  const auto local_maximum = [&](std::size_t k) {
    return (k == 0 || elevations[k] >= elevations[k - 1]) &&
           (k == last || elevations[k] >= elevations[k + 1]) && last > 0;
  };

  std::vector<Pass> passes;
  std::size_t k = 0;
  while (k <= last) {
    if (is_above(k)) {
      // A run of samples above the minimum: rise before it, set after it.
      const std::size_t first = k;
      while (k + 1 <= last && is_above(k + 1)) {
        ++k;
      }
      const Crossing rise =
          first == 0 ? Crossing() : at(sampler.crossing(times[first - 1], times[first]));
      const Crossing set = k == last ? Crossing() : at(sampler.crossing(times[k], times[k + 1]));
      Culmination peak;
      for (std::size_t j = first; j <= k; ++j) {
        if (local_maximum(j) || j == first || j == k) {
          const Culmination candidate =
              local_maximum(j) ? peak_near(j) : Culmination{times[j], elevations[j]};
          if (candidate.elevation > peak.elevation) {
            peak = candidate;
          }
        }
      }
      passes.push_back(make_pass(sampler, rise, set, peak));
      ++k;
      continue;
    }
    if (local_maximum(k)) {
      // Below the minimum at every sample here, but the curve may peak above it in between.
      const Culmination peak = peak_near(k);
      if (peak.elevation >= min_elevation_deg) {
        const double low = k == 0 ? times[0] : times[k - 1];
        const double high = k == last ? times[last] : times[k + 1];
        const Crossing rise =
            sampler.above(low) ? Crossing() : at(sampler.crossing(low, peak.time));
        const Crossing set =
            sampler.above(high) ? Crossing() : at(sampler.crossing(peak.time, high));
        passes.push_back(make_pass(sampler, rise, set, peak));
      }
    }
    ++k;
  }
  return passes;
}

}  // namespace gpq::orbit
