// The apogee/perigee filter's bands (src/orbit/radial_band.h) hold every radius SGP4 gives, and
// their speed bounds (sweep_bounds.h) every speed: real sets of Space-Track's whole catalog (one
// in 16 near-earth sets, one in 4 deep-space ones), a 7-day window starting up to 20 days after
// each epoch, sampled every minute. The grid sweep's interpolation between SGP4 nodes
// (src/orbit/node_states.h) errs by less than its bounds on the same sets.
#include "orbit/radial_band.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/element_set.h"

#include "orbit/approach_refine.h"
#include "orbit/node_states.h"
#include "orbit/screening.h"
#include "orbit/sgp4.h"
#include "orbit/sweep_bounds.h"
#include "support/collecting_sink.h"
#include "support/temp_dir.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

std::vector<ElementSet> spacetrack_catalog(const fs::path& data) {
  const auto in =
      sync::open_file(data / "history" / "spacetrack_snapshots" / "snap_satcat_2025_03_03.txt.xz");
  sync::LineReader lines(*in);
  CollectingSink sink;
  sync::parse_tle_text(lines, {}, sink);
  return std::move(sink.sets);
}

TEST(RadialBandTest, EverySampledRadiusOfRealSetsLiesInItsBand) {
  const fs::path data = real_data_dir();
  if (data.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  const std::vector<ElementSet> sets = spacetrack_catalog(data);
  ASSERT_GT(sets.size(), 20'000U);
  std::mt19937_64 random(20'261'129);
  std::uniform_real_distribution<double> start_day(0, 20);
  int checked = 0;
  int deep = 0;
  std::size_t near_index = 0;
  std::size_t deep_index = 0;
  double slack_km[2] = {0, 0};  // near-earth, deep-space: sum over the bands
  for (const ElementSet& set : sets) {
    const orbit::Sgp4Propagator propagator(set);
    if (!propagator.in_theory()) {
      continue;
    }
    std::size_t& index = propagator.deep_space() ? deep_index : near_index;
    if (index++ % (propagator.deep_space() ? 4 : 16) != 0) {
      continue;
    }
    const double from = start_day(random) * 1440;
    const double to = from + 7 * 1440;
    const orbit::RadialBand band = orbit::radial_band(propagator, from, to);
    double lowest = 1e300;
    double highest = 0;
    double fastest = 0;
    orbit::ResonanceCursor cursor;
    for (double t = from; t <= to; t += 1) {
      const orbit::Sgp4Result r = propagator.propagate(t, cursor);
      if (r.error != orbit::Sgp4Error::none) {
        continue;
      }
      const auto& p = r.state.position_km;
      const double radius = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      lowest = std::min(lowest, radius);
      highest = std::max(highest, radius);
      const auto& v = r.state.velocity_km_s;
      fastest = std::max(fastest, std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    }
    if (highest == 0) {
      continue;  // decayed before the window
    }
    EXPECT_LE(band.low_km, lowest) << set.norad_id << " from " << from << " min";
    EXPECT_GE(band.high_km, highest) << set.norad_id << " from " << from << " min";
    EXPECT_GE(orbit::speed_bound(band), fastest) << set.norad_id << " from " << from << " min";
    if (std::isfinite(band.high_km)) {
      slack_km[propagator.deep_space() ? 1 : 0] +=
          (lowest - band.low_km) + (band.high_km - highest);
    }
    ++checked;
    deep += propagator.deep_space() ? 1 : 0;
  }
  EXPECT_GT(checked, 1'500);
  EXPECT_GT(deep, 300);
  std::cout << checked << " sets (" << deep << " deep-space); a band's mean slack: near-earth "
            << slack_km[0] / (checked - deep) << " km, deep-space " << slack_km[1] / deep
            << " km\n";
}

// Six hours from 3 days after the catalog's first set's epoch, every 11 s (every 60th sample on a
// node): the interpolated position against SGP4's wherever SGP4 gives one, and the interpolated
// velocity against the rate of SGP4's position (a central difference over one second), which
// is what the sweep's filters bound (SGP4's velocity leaves out its secular rates).
TEST(NodeStatesTest, InterpolationOfRealSetsErrsLessThanItsBounds) {
  const fs::path data = real_data_dir();
  if (data.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  const std::vector<ElementSet> all = spacetrack_catalog(data);
  std::vector<orbit::Sgp4Propagator> propagators;
  std::vector<TimePoint> epochs;
  std::vector<std::int32_t> all_ids;
  propagators.reserve(all.size());
  std::size_t near_index = 0;
  for (const ElementSet& set : all) {
    const orbit::Sgp4Propagator propagator(set);
    if (propagator.in_theory() && (propagator.deep_space() || near_index++ % 16 == 0)) {
      propagators.push_back(propagator);
      epochs.push_back(set.epoch);
      all_ids.push_back(set.norad_id);
    }
  }
  const TimePoint origin =
      TimePoint::from_unix_micros(all.front().epoch.unix_micros() + 3 * kMicrosPerDay);
  std::vector<orbit::ScreeningObject> objects;
  std::vector<std::uint32_t> indices;
  for (std::uint32_t i = 0; i < propagators.size(); ++i) {
    indices.push_back(i);
    objects.push_back({static_cast<std::int32_t>(i), &propagators[i], epochs[i], true, -1});
  }
  std::vector<orbit::RadialBand> bands;
  for (const orbit::ScreeningObject& object : objects) {
    const double start = orbit::minutes_between(origin, object.epoch);
    bands.push_back(orbit::radial_band(*object.propagator, start - 1, start + 6 * 60 + 1));
  }
  orbit::NodeStates nodes(objects, bands, origin);
  double worst_position_km = 0;
  double worst_velocity_km_s = 0;
  std::vector<orbit::ResonanceCursor> cursors(objects.size());
  std::size_t compared = 0;
  std::string worst_at;
  for (double s = 0; s <= 6 * 3600; s += 11) {
    nodes.prepare(indices, s);
    for (std::uint32_t i = 0; i < objects.size(); ++i) {
      const double minutes = orbit::minutes_between(origin, objects[i].epoch) + s / 60;
      const orbit::Sgp4Result exact = objects[i].propagator->propagate(minutes, cursors[i]);
      const orbit::Sgp4Result before = objects[i].propagator->propagate(minutes - 0.5 / 60);
      const orbit::Sgp4Result after = objects[i].propagator->propagate(minutes + 0.5 / 60);
      orbit::TemeState interpolated;
      const bool interpolates = nodes.state(i, s, interpolated);
      if (exact.error != orbit::Sgp4Error::none || before.error != orbit::Sgp4Error::none ||
          after.error != orbit::Sgp4Error::none) {
        continue;
      }
      if (!(bands[i].low_km >= orbit::kEarthRadiusKm && std::isfinite(bands[i].high_km))) {
        continue;  // propagated at every instant (NodeStates), not interpolated
      }
      ++compared;
      ASSERT_TRUE(interpolates) << "NORAD " << objects[i].norad_id << " at " << s << " s";
      double dp = 0;
      double dv = 0;
      for (int k = 0; k < 3; ++k) {
        dp += std::pow(interpolated.position_km[k] - exact.state.position_km[k], 2);
        const double rate = after.state.position_km[k] - before.state.position_km[k];
        dv += std::pow(interpolated.velocity_km_s[k] - rate, 2);
      }
      if (std::sqrt(dp) > worst_position_km) {
        worst_position_km = std::sqrt(dp);
        worst_at = "NORAD " + std::to_string(all_ids[i]) + " at " + std::to_string(s) + " s";
      }
      worst_velocity_km_s = std::max(worst_velocity_km_s, std::sqrt(dv));
    }
  }
  EXPECT_GT(objects.size(), 4'000U);
  EXPECT_GT(compared, 3'000'000U);
  EXPECT_LT(worst_position_km, orbit::kNodePositionErrorKm);
  EXPECT_LT(worst_velocity_km_s, orbit::kNodeVelocityErrorKmS);
  std::cout << objects.size() << " sets: interpolation errs at most " << worst_position_km * 1e3
            << " m and " << worst_velocity_km_s * 1e3 << " m/s (bounds "
            << orbit::kNodePositionErrorKm * 1e3 << " m, " << orbit::kNodeVelocityErrorKmS * 1e3
            << " m/s); the largest for " << worst_at << "\n";
}

}  // namespace
}  // namespace gpq::test
