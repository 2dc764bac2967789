#include "orbit/pass_finder.h"

#include <cmath>
#include <optional>
#include <vector>

#include "orbit/golden_section.h"

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
    return golden_section_maximum([this](double s) { return elevation(s); }, low, high,
                                  kToleranceSeconds);
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

// The elevation sampled every step over the window, and what is read from the samples.
class ElevationSamples {
 public:
  ElevationSamples(const Sampler& sampler, double span, double step, double min_elevation_deg)
      : sampler_(sampler), min_elevation_deg_(min_elevation_deg) {
    for (std::int64_t i = 0; static_cast<double>(i) * step < span; ++i) {
      times_.push_back(static_cast<double>(i) * step);
    }
    times_.push_back(span);
    elevations_.reserve(times_.size());
    for (const double s : times_) {
      elevations_.push_back(sampler_.elevation(s));
    }
    last_ = times_.size() - 1;
  }

  std::size_t last() const { return last_; }
  bool is_above(std::size_t k) const { return elevations_[k] >= min_elevation_deg_; }

  // A local maximum of the samples (the window's ends count when they are not lower than
  // their one neighbour).
  bool local_maximum(std::size_t k) const {
    return (k == 0 || elevations_[k] >= elevations_[k - 1]) &&
           (k == last_ || elevations_[k] >= elevations_[k + 1]) && last_ > 0;
  }

  // The local maximum at sample k, refined over the interval around it.
  Culmination peak_near(std::size_t k) const {
    const double low = before(k);
    const double high = after(k);
    Culmination peak;
    peak.time = sampler_.maximum(low, high);
    peak.elevation = sampler_.elevation(peak.time);
    // The window's ends and the sample itself may be higher than what the search settled on.
    for (const double s : {low, times_[k], high}) {
      const double e = sampler_.elevation(s);
      if (e > peak.elevation) {
        peak = {s, e};
      }
    }
    return peak;
  }

  // A run of samples first..end above the minimum: rise before it, set after it, and the
  // highest of its local maxima and ends.
  Pass pass_over(std::size_t first, std::size_t end) const {
    const Crossing rise =
        first == 0 ? Crossing() : at(sampler_.crossing(times_[first - 1], times_[first]));
    const Crossing set =
        end == last_ ? Crossing() : at(sampler_.crossing(times_[end], times_[end + 1]));
    Culmination peak;
    for (std::size_t j = first; j <= end; ++j) {
      if (local_maximum(j) || j == first || j == end) {
        const Culmination candidate =
            local_maximum(j) ? peak_near(j) : Culmination{times_[j], elevations_[j]};
        if (candidate.elevation > peak.elevation) {
          peak = candidate;
        }
      }
    }
    return make_pass(sampler_, rise, set, peak);
  }

  // Sample k is a local maximum below the minimum: the curve may still peak above it between
  // the samples around k.
  std::optional<Pass> pass_between(std::size_t k) const {
    const Culmination peak = peak_near(k);
    if (peak.elevation < min_elevation_deg_) {
      return std::nullopt;
    }
    const double low = before(k);
    const double high = after(k);
    const Crossing rise = sampler_.above(low) ? Crossing() : at(sampler_.crossing(low, peak.time));
    const Crossing set = sampler_.above(high) ? Crossing() : at(sampler_.crossing(peak.time, high));
    return make_pass(sampler_, rise, set, peak);
  }

 private:
  double before(std::size_t k) const { return k == 0 ? times_[0] : times_[k - 1]; }
  double after(std::size_t k) const { return k == last_ ? times_[last_] : times_[k + 1]; }

  const Sampler& sampler_;
  double min_elevation_deg_;
  std::vector<double> times_;
  std::vector<double> elevations_;
  std::size_t last_ = 0;
};

}  // namespace

std::vector<Pass> find_passes(const LookFunction& look, TimePoint start, TimePoint end,
                              double min_elevation_deg, std::int64_t step_micros) {
  const Sampler sampler(look, start, min_elevation_deg);
  const double span = static_cast<double>(end.unix_micros() - start.unix_micros()) / 1e6;
  const double step = static_cast<double>(step_micros) / 1e6;
  const ElevationSamples samples(sampler, span, step, min_elevation_deg);
  std::vector<Pass> passes;
  std::size_t k = 0;
  while (k <= samples.last()) {
    if (samples.is_above(k)) {
      const std::size_t first = k;
      while (k + 1 <= samples.last() && samples.is_above(k + 1)) {
        ++k;
      }
      passes.push_back(samples.pass_over(first, k));
    } else if (samples.local_maximum(k)) {
      if (std::optional<Pass> pass = samples.pass_between(k)) {
        passes.push_back(std::move(*pass));
      }
    }
    ++k;
  }
  return passes;
}

}  // namespace gpq::orbit
