// The apogee/perigee filter's bands (src/orbit/radial_band.h) hold every radius SGP4 gives, and
// their speed bounds (sweep_bounds.h) every speed: real sets of Space-Track's whole catalog (one
// in 16 near-earth sets, one in 4 deep-space ones), a 7-day window starting up to 20 days after
// each epoch, sampled every minute.
#include "orbit/radial_band.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/element_set.h"

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

}  // namespace
}  // namespace gpq::test
