#include "archive_generator.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace gpq::bench {
namespace {

constexpr double kJ2 = 1.08262668e-3;

enum class Cadence { leo, geo, other, debris };

Cadence cadence_of(const ElementSet& set) {
  if (set.object_name.find(" DEB") != std::string::npos ||
      set.object_name.find("R/B") != std::string::npos) {
    return Cadence::debris;
  }
  switch (orbit_regime(set.mean_motion, set.eccentricity)) {
    case OrbitRegime::leo:
      return Cadence::leo;
    case OrbitRegime::geo:
      return Cadence::geo;
    default:
      return Cadence::other;
  }
}

double sets_per_day(Cadence cadence) {
  switch (cadence) {
    case Cadence::leo:
      return 2.5;
    case Cadence::geo:
      return 1.0;
    case Cadence::other:
      return 1.5;
    case Cadence::debris:
      return 1.2;  // with gaps, below
  }
  return 1.0;
}

double wrap360(double degrees) {
  const double wrapped = std::fmod(degrees, 360.0);
  return wrapped < 0 ? wrapped + 360.0 : wrapped;
}

// Rounded to `decimals` places as the nearest double to that decimal (an integer divided by
// an exact power of ten), so that it prints and stores as the short decimal it is.
double round_to(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

// Secular J2 rates in degrees per day for the set's orbit.
struct Rates {
  double raan;
  double perigee;
};
Rates j2_rates(const ElementSet& set) {
  const double n_rad_per_day = set.mean_motion * 2 * std::numbers::pi;
  const double a = derive(set).semi_major_axis_km;
  const double p = a * (1 - set.eccentricity * set.eccentricity);
  const double factor = 1.5 * n_rad_per_day * kJ2 * std::pow(kEarthRadiusKm / p, 2);
  const double cos_i = std::cos(set.inclination * std::numbers::pi / 180);
  const double to_deg = 180 / std::numbers::pi;
  return {-factor * cos_i * to_deg, 0.5 * factor * (5 * cos_i * cos_i - 1) * to_deg};
}

}  // namespace

ArchiveShape generate_archive(const std::vector<ElementSet>& current, const ArchiveOptions& options,
                              const std::function<void(const ElementSet&)>& emit) {
  ArchiveShape shape;
  double per_day = 0;
  for (const ElementSet& set : current) {
    per_day += sets_per_day(cadence_of(set));
  }
  shape.days = std::max(1.0, static_cast<double>(options.target_sets) / std::max(1.0, per_day));
  TimePoint end = options.end;
  if (end == TimePoint()) {
    for (const ElementSet& set : current) {
      end = std::max(end, set.epoch);
    }
  }
  std::mt19937_64 random(options.seed);
  std::uniform_real_distribution<double> unit(0, 1);
  const double span_us = shape.days * static_cast<double>(kMicrosPerDay);
  for (const ElementSet& now : current) {
    if (now.mean_motion <= 0.05) {
      continue;
    }
    ++shape.objects;
    const Cadence cadence = cadence_of(now);
    const Rates rates = j2_rates(now);
    // 5% launched within the span, 3% decayed within it (their history stops early).
    const double roll = unit(random);
    const double first_us = roll < 0.05 ? span_us * unit(random) : 0;
    const double last_us = roll > 0.97 ? span_us * (0.3 + 0.6 * unit(random)) : span_us;
    const double step_days = 1 / sets_per_day(cadence);
    double manoeuvre_dn = 0;
    std::vector<ElementSet> history;
    for (double t_us = first_us; t_us < last_us;) {
      // Debris: now and then a gap of days with no set.
      if (cadence == Cadence::debris && unit(random) < 0.05) {
        t_us += (2 + 8 * unit(random)) * static_cast<double>(kMicrosPerDay);
        continue;
      }
      const std::int64_t epoch_us =
          end.unix_micros() - static_cast<std::int64_t>(span_us) + static_cast<std::int64_t>(t_us);
      const double dt_days = static_cast<double>(epoch_us - now.epoch.unix_micros()) /
                             static_cast<double>(kMicrosPerDay);
      if (cadence != Cadence::debris && unit(random) < 0.004) {
        const double dn = (unit(random) - 0.5) * 2e-3 * now.mean_motion / 15;
        manoeuvre_dn += dn;
        if (options.on_manoeuvre) {
          options.on_manoeuvre({now.norad_id, TimePoint::from_unix_micros(epoch_us), dn});
        }
      }
      ElementSet set = now;
      set.epoch = TimePoint::from_unix_micros(epoch_us);
      // Mean motion drifts with drag (the TLE's ndot/2 is half the rate of change).
      set.mean_motion = round_to(
          std::max(0.05, now.mean_motion + 2 * now.mean_motion_dot * dt_days + manoeuvre_dn), 8);
      set.mean_anomaly = round_to(wrap360(now.mean_anomaly + 360 * now.mean_motion * dt_days), 4);
      set.ra_of_asc_node = round_to(wrap360(now.ra_of_asc_node + rates.raan * dt_days), 4);
      set.arg_of_pericenter = round_to(wrap360(now.arg_of_pericenter + rates.perigee * dt_days), 4);
      set.eccentricity = round_to(
          std::clamp(now.eccentricity * (1 + 0.01 * (unit(random) - 0.5)), 0.0, 0.9999999), 7);
      set.rev_at_epoch = static_cast<std::int32_t>(std::max(
          0.0, std::fmod(now.rev_at_epoch + now.mean_motion * dt_days + 100000.0, 100000.0)));
      set.element_set_no = static_cast<std::int32_t>(history.size() % 999) + 1;
      history.push_back(std::move(set));
      // The next epoch: the cadence's step, jittered by +-40%.
      t_us += step_days * (0.6 + 0.8 * unit(random)) * static_cast<double>(kMicrosPerDay);
    }
    for (const ElementSet& set : history) {
      emit(set);
      ++shape.sets;
    }
  }
  return shape;
}

}  // namespace gpq::bench
