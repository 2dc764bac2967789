// Passes against a dense sampling: every second of the window propagated, the rise, set and
// culmination read off the samples, and find_passes() within a second of each.
#include "orbit/pass_finder.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "orbit/frames.h"
#include "orbit/sgp4.h"

namespace gpq::orbit {
namespace {

// The ISS set of tests/data/sync/iss_2026-09-23.3le (epoch 2026-09-23 10:22:36 UTC), and a
// geostationary set (EUTELSAT 7C's shape, made up for the test).
constexpr const char* kIss[] = {
    "1 25544U 98067A   26266.43236339  .00008690  00000-0  16429-3 0  9993",
    "2 25544  51.6317 173.8582 0004736 172.3976 187.7085 15.49245192586988"};

ElementSet parsed(const char* line1, const char* line2) {
  ElementSet set;
  std::string error;
  EXPECT_TRUE(parse_tle(line1, line2, set, error)) << error;
  return set;
}

ElementSet geostationary(TimePoint epoch) {
  ElementSet set;
  set.norad_id = 99001;
  set.epoch = epoch;
  set.mean_motion = 1.00270000;
  set.eccentricity = 0.0002;
  set.inclination = 0.05;
  set.ra_of_asc_node = 80.0;
  set.arg_of_pericenter = 270.0;
  set.mean_anomaly = 10.0;
  return set;
}

TimePoint utc(const char* text) {
  return parse_iso8601(text).value_or(TimePoint());
}

TimePoint plus_seconds(TimePoint t, std::int64_t seconds) {
  return TimePoint::from_unix_micros(t.unix_micros() + seconds * kMicrosPerSecond);
}

LookFunction looking_from(const ElementSet& set, const Geodetic& site) {
  return [propagator = Sgp4Propagator(set), observer = Observer(site),
          epoch = set.epoch](TimePoint t) {
    const double minutes = static_cast<double>(t.unix_micros() - epoch.unix_micros()) / 60e6;
    const Sgp4Result result = propagator.propagate(minutes);
    EXPECT_EQ(result.error, Sgp4Error::none);
    return observer.look_at(teme_to_itrf(result.state, t));
  };
}

// A pass as the samples show it: seconds from the window's start.
struct DensePass {
  std::int64_t first = 0;  // first second at or above the minimum (-1: the window's start)
  std::int64_t last = 0;   // last such second (-1: the window's end)
  std::int64_t highest = 0;
  double elevation = 0;
};

std::vector<DensePass> dense_passes(const LookFunction& look, TimePoint start, std::int64_t seconds,
                                    double min_elevation) {
  std::vector<DensePass> found;
  bool inside = false;
  for (std::int64_t s = 0; s <= seconds; ++s) {
    const double e = look(plus_seconds(start, s)).elevation_deg;
    if (e >= min_elevation) {
      if (!inside) {
        found.push_back({s == 0 ? -1 : s, -1, s, e});
        inside = true;
      }
      found.back().last = s == seconds ? -1 : s;
      if (e > found.back().elevation) {
        found.back().highest = s;
        found.back().elevation = e;
      }
    } else {
      inside = false;
    }
  }
  return found;
}

double seconds_after(TimePoint start, TimePoint t) {
  return static_cast<double>(t.unix_micros() - start.unix_micros()) / 1e6;
}

void expect_like_dense(const LookFunction& look, TimePoint start, std::int64_t seconds,
                       double min_elevation, const std::string& name) {
  const std::vector<Pass> passes =
      find_passes(look, start, plus_seconds(start, seconds), min_elevation);
  const std::vector<DensePass> dense = dense_passes(look, start, seconds, min_elevation);
  ASSERT_EQ(passes.size(), dense.size()) << name;
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const Pass& pass = passes[i];
    const DensePass& sampled = dense[i];
    const std::string row = name + " pass " + std::to_string(i);
    ASSERT_EQ(pass.rise.has_value(), sampled.first >= 0) << row;
    if (pass.rise) {
      // The first second above lies within a second after the crossing.
      const double rise = seconds_after(start, *pass.rise);
      EXPECT_LE(rise, static_cast<double>(sampled.first)) << row;
      EXPECT_GT(rise, static_cast<double>(sampled.first) - 1.0) << row;
      EXPECT_NEAR(pass.rise_azimuth_deg, look(plus_seconds(start, sampled.first)).azimuth_deg, 1.0)
          << row;
    }
    ASSERT_EQ(pass.set.has_value(), sampled.last >= 0) << row;
    if (pass.set) {
      const double set = seconds_after(start, *pass.set);
      EXPECT_GE(set, static_cast<double>(sampled.last)) << row;
      EXPECT_LT(set, static_cast<double>(sampled.last) + 1.0) << row;
    }
    EXPECT_NEAR(seconds_after(start, pass.culmination), static_cast<double>(sampled.highest), 1.0)
        << row;
    EXPECT_GE(pass.culmination_elevation_deg, sampled.elevation - 1e-9) << row;
    EXPECT_NEAR(pass.culmination_elevation_deg, sampled.elevation, 0.05) << row;
  }
}

TEST(PassFinderTest, IssOverGreenwichAgreesWithEverySecond) {
  const ElementSet iss = parsed(kIss[0], kIss[1]);
  const LookFunction look = looking_from(iss, {51.4779, -0.0015, 0.046});
  const TimePoint start = utc("2026-09-23T00:00:00");
  for (const double min_elevation : {10.0, 0.0, 45.0}) {
    expect_like_dense(look, start, 3 * 86400, min_elevation,
                      "min " + std::to_string(min_elevation));
  }
  // Passes exist at all (the test is not vacuous): ISS at 51.6 deg over 51.5 N.
  EXPECT_GE(find_passes(look, start, plus_seconds(start, 3 * 86400), 10.0).size(), 8U);
}

TEST(PassFinderTest, AGrazingPassBetweenSamplesIsFound) {
  const ElementSet iss = parsed(kIss[0], kIss[1]);
  const LookFunction look = looking_from(iss, {-33.8688, 151.2093, 0.058});
  const TimePoint start = utc("2026-09-23T00:00:00");
  const TimePoint end = plus_seconds(start, 86400);
  const std::vector<Pass> passes = find_passes(look, start, end, 0.0);
  ASSERT_FALSE(passes.empty());
  // The lowest pass of the day, with the minimum set just under its culmination: above the
  // minimum for a few seconds only, between two of the 30 s samples.
  const Pass* lowest = &passes.front();
  for (const Pass& pass : passes) {
    if (pass.culmination_elevation_deg < lowest->culmination_elevation_deg) {
      lowest = &pass;
    }
  }
  const double grazing = lowest->culmination_elevation_deg - 0.002;
  const std::vector<Pass> again = find_passes(look, start, end, grazing);
  bool found = false;
  for (const Pass& pass : again) {
    if (std::llabs(pass.culmination.unix_micros() - lowest->culmination.unix_micros()) <
        kMicrosPerSecond) {
      found = true;
      ASSERT_TRUE(pass.rise && pass.set);
      EXPECT_LT(pass.set->unix_micros() - pass.rise->unix_micros(), 30 * kMicrosPerSecond);
    }
  }
  EXPECT_TRUE(found);
  expect_like_dense(look, start, 86400, grazing, "grazing");
}

TEST(PassFinderTest, AGeostationaryObjectIsOnePassWithoutRiseOrSet) {
  const TimePoint start = utc("2026-09-23T00:00:00");
  // Over the equator at 10 E, seen from 48 N 11 E: about 35 deg up all day.
  const LookFunction look = looking_from(geostationary(start), {48.0, 11.0, 0.5});
  const double elevation = look(start).elevation_deg;
  ASSERT_GT(elevation, 5.0);
  const std::vector<Pass> up = find_passes(look, start, plus_seconds(start, 86400), 0.0);
  ASSERT_EQ(up.size(), 1U);
  EXPECT_FALSE(up[0].rise);
  EXPECT_FALSE(up[0].set);
  EXPECT_TRUE(find_passes(look, start, plus_seconds(start, 86400), 80.0).empty());
}

}  // namespace
}  // namespace gpq::orbit
