// screen() against screen_every_pair(), the filterless reference: the same approaches, TCA
// within a millisecond and miss distance within a metre, over shells where orbits cross at
// every relative speed (polar against inclined, retrograde against prograde, an eccentric
// orbit through them), and the filters' rules (primaries, groups, failed objects).
#include "orbit/screening.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/time.h"

#include "orbit/collision_probability.h"
#include "orbit/radial_band.h"
#include "orbit/set_switches.h"

namespace gpq::orbit {
namespace {

TimePoint utc(const char* text) {
  return parse_iso8601(text).value_or(TimePoint());
}

// A near-circular set at `altitude_km` (mean motion from Kepler's third law), random angles.
ElementSet shell_set(std::int32_t norad_id, double altitude_km, double inclination,
                     std::mt19937& random, double eccentricity = 0.0005) {
  std::uniform_real_distribution<double> angle(0, 360);
  const double a = 6378.135 + altitude_km;
  const double n_rad_s = std::sqrt(398600.8 / (a * a * a));
  ElementSet set;
  set.norad_id = norad_id;
  set.epoch = utc("2026-06-10T00:00:00Z");
  set.mean_motion = n_rad_s * 86400 / (2 * std::numbers::pi);
  set.eccentricity = eccentricity;
  set.inclination = inclination;
  set.ra_of_asc_node = angle(random);
  set.arg_of_pericenter = angle(random);
  set.mean_anomaly = angle(random);
  set.bstar = 1e-4;
  return set;
}

struct Catalog {
  std::vector<ElementSet> sets;
  std::vector<Sgp4Propagator> propagators;
  std::vector<ScreeningObject> objects;

  void finish() {
    propagators.reserve(sets.size());
    for (const ElementSet& set : sets) {
      propagators.emplace_back(set);
    }
    for (std::size_t i = 0; i < sets.size(); ++i) {
      objects.push_back({sets[i].norad_id, &propagators[i], sets[i].epoch, true, -1});
    }
  }
};

// 36 objects within 20 km of 550 km altitude at 53, 97.6 and 140 degrees, and one eccentric
// orbit (perigee 400 km, apogee 2000 km) crossing the shell.
constexpr int kPerShell = 20;

Catalog crossing_shells() {
  std::mt19937 random(7);
  Catalog catalog;
  std::int32_t id = 1;
  for (const double inclination : {53.0, 97.6, 140.0}) {
    for (int i = 0; i < kPerShell; ++i) {
      catalog.sets.push_back(shell_set(id++, 540 + (i % 5) * 5, inclination, random));
    }
  }
  catalog.sets.push_back(shell_set(id++, 1200, 63.4, random, 0.104));
  catalog.finish();
  return catalog;
}

void expect_same(const std::vector<Approach>& screened, const std::vector<Approach>& reference,
                 double threshold_km) {
  std::size_t matched = 0;
  for (const Approach& want : reference) {
    const auto found = std::find_if(screened.begin(), screened.end(), [&](const Approach& got) {
      return got.first == want.first && got.second == want.second &&
             std::llabs(got.tca.unix_micros() - want.tca.unix_micros()) < 1000;
    });
    if (found == screened.end()) {
      // Only an approach at the threshold itself may fall either side of it.
      EXPECT_NEAR(want.miss_km, threshold_km, 1e-6)
          << "missed " << want.first << "-" << want.second << " at "
          << format_iso8601_millis(want.tca) << ", " << want.miss_km << " km";
      continue;
    }
    ++matched;
    EXPECT_NEAR(found->miss_km, want.miss_km, 1e-3) << want.first << "-" << want.second;
  }
  EXPECT_EQ(screened.size(), matched) << "screen() found approaches the reference did not";
}

TEST(ScreeningTest, FindsWhatEveryPairSampledEverySecondFinds) {
  const Catalog catalog = crossing_shells();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T18:00:00Z"), 60};
  const std::vector<Approach> reference = screen_every_pair(catalog.objects, window, 1);
  ASSERT_GT(reference.size(), 20U) << "the shells must cross often enough to test anything";
  for (const unsigned threads : {1U, 2U, 3U}) {
    ScreeningCounts counts;
    expect_same(screen(catalog.objects, window, &counts, threads), reference, window.threshold_km);
    EXPECT_TRUE(counts.failed.empty());
  }
}

TEST(ScreeningTest, AtFiveKilometresToo) {
  const Catalog catalog = crossing_shells();
  const ScreeningWindow window{utc("2026-06-11T00:00:00Z"), utc("2026-06-12T00:00:00Z"), 5};
  const auto reference = screen_every_pair(catalog.objects, window, 1);
  ASSERT_GE(reference.size(), 3U) << "the shells must come within 5 km often enough";
  expect_same(screen(catalog.objects, window), reference, window.threshold_km);
}

// Objects faster than the cells are sized for (8 km/s: eccentric orbits near perigee) are paired
// through the wider block of cells they can reach: four with perigees in the shells and apogees
// from 3,000 to 20,000 km (8.1 to 9.6 km/s at perigee).
TEST(ScreeningTest, ObjectsFasterThanTheCellsFindWhatEveryPairSampledEverySecondFinds) {
  Catalog catalog;
  std::mt19937 random(11);
  std::int32_t id = 1;
  for (const double inclination : {53.0, 97.6, 140.0}) {
    for (int i = 0; i < kPerShell; ++i) {
      catalog.sets.push_back(shell_set(id++, 540 + (i % 5) * 5, inclination, random));
    }
  }
  const std::int32_t first_eccentric = id;
  for (const double apogee_km : {3000.0, 6000.0, 10000.0, 20000.0}) {
    const double perigee_radius = 6378.135 + 550;
    const double apogee_radius = 6378.135 + apogee_km;
    catalog.sets.push_back(
        shell_set(id++, (perigee_radius + apogee_radius) / 2 - 6378.135, 70, random,
                  (apogee_radius - perigee_radius) / (apogee_radius + perigee_radius)));
  }
  catalog.finish();
  const ScreeningWindow window{utc("2026-06-10T00:00:00Z"), utc("2026-06-11T00:00:00Z"), 100};
  const std::vector<Approach> reference = screen_every_pair(catalog.objects, window, 1);
  const auto with_eccentric =
      std::count_if(reference.begin(), reference.end(), [&](const Approach& approach) {
        return catalog.sets[approach.second].norad_id >= first_eccentric;
      });
  ASSERT_GE(with_eccentric, 3) << "the eccentric orbits must meet the shells often enough";
  expect_same(screen(catalog.objects, window), reference, window.threshold_km);
}

TEST(ScreeningTest, PairsNeedAPrimaryAndNeverJoinOneGroup) {
  Catalog catalog = crossing_shells();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T18:00:00Z"), 60};
  for (std::size_t i = 0; i < catalog.objects.size(); ++i) {
    catalog.objects[i].primary = i < 12;        // the 53-degree shell against everything
    catalog.objects[i].group = i < 6 ? 1 : -1;  // its first six one constellation
  }
  const std::vector<Approach> screened = screen(catalog.objects, window);
  for (const Approach& approach : screened) {
    EXPECT_LT(approach.first, 12U);
    EXPECT_FALSE(approach.first < 6 && approach.second < 6);
  }
  expect_same(screened, screen_every_pair(catalog.objects, window, 1), window.threshold_km);
}

// Up to 32 primaries, the others are looked at only when they can be within reach of one
// (the primary sweep): the eccentric orbit with five of the 140-degree shell, then the whole
// 140-degree shell with it, against the rest.
TEST(ScreeningTest, FewPrimariesAgainstTheRestFindWhatEveryPairSampledEverySecondFinds) {
  Catalog catalog = crossing_shells();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T18:00:00Z"), 60};
  for (const std::size_t first_primary : {std::size_t{55}, std::size_t{40}}) {
    for (std::size_t i = 0; i < catalog.objects.size(); ++i) {
      catalog.objects[i].primary = i >= first_primary;
    }
    const std::vector<Approach> reference = screen_every_pair(catalog.objects, window, 1);
    ASSERT_GT(reference.size(), 5U) << "from " << first_primary;
    for (const unsigned threads : {1U, 2U}) {
      ScreeningCounts counts;
      expect_same(screen(catalog.objects, window, &counts, threads), reference,
                  window.threshold_km);
      EXPECT_TRUE(counts.failed.empty());
    }
  }
}

TEST(ScreeningTest, TheApogeePerigeeFilterDropsOnlyObjectsNothingCanReach) {
  Catalog catalog = crossing_shells();
  std::mt19937 random(13);
  // Above the eccentric orbit's apogee, and far from each other: no partner for either.
  catalog.sets.push_back(shell_set(997, 5000, 30, random));
  catalog.sets.push_back(shell_set(996, 8000, 60, random));
  catalog.propagators.clear();
  catalog.objects.clear();
  catalog.finish();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T12:00:00Z"), 60};
  ScreeningCounts counts;
  const std::vector<Approach> screened = screen(catalog.objects, window, &counts);
  EXPECT_EQ(counts.screened, catalog.objects.size() - 2);
  expect_same(screened, screen_every_pair(catalog.objects, window, 1), window.threshold_km);
  // A near-circular band is a few kilometres wide around the altitude it was made at.
  const RadialBand band = radial_band(catalog.propagators.front(), 360, 720);
  EXPECT_GT(band.low_km, 6378.135 + 520);
  EXPECT_LT(band.high_km, 6378.135 + 570);
}

TEST(ScreeningTest, AnObjectThatDecaysIsScreenedUntilItDoesAndCounted) {
  Catalog catalog = crossing_shells();
  std::mt19937 random(11);
  ElementSet falling = shell_set(999, 150, 53, random, 0.0001);
  falling.bstar = 0.5;  // down within hours
  catalog.sets.push_back(falling);
  catalog.propagators.clear();
  catalog.objects.clear();
  catalog.finish();
  const ScreeningWindow window{utc("2026-06-10T00:00:00Z"), utc("2026-06-12T00:00:00Z"), 30};
  ScreeningCounts counts;
  screen(catalog.objects, window, &counts);
  EXPECT_EQ(counts.failed,
            std::vector<std::uint32_t>{static_cast<std::uint32_t>(catalog.objects.size() - 1)});
}

TEST(ScreeningTest, TheSameSetTwiceIsNeverAnApproach) {
  Catalog catalog = crossing_shells();
  catalog.sets.push_back(catalog.sets.front());  // a docked vehicle shares its station's set
  catalog.sets.back().norad_id = 998;
  catalog.propagators.clear();
  catalog.objects.clear();
  catalog.finish();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T08:00:00Z"), 60};
  for (const Approach& approach : screen(catalog.objects, window)) {
    EXPECT_FALSE(approach.first == 0 && approach.second == catalog.objects.size() - 1);
  }
}

// Following the archive: each object of the shells has a second set, 13 to 32 hours after its
// first, with its mean anomaly moved (a jump of tens of km at the switch), and each set is
// screened over the part of the window where it is the nearest. Both sweeps find what every
// pair does, and each approach lies where both its sets are current.
TEST(ScreeningTest, SetsThatSwitchInTheWindowFindWhatEveryPairSampledEverySecondFinds) {
  const Catalog shells = crossing_shells();
  const ScreeningWindow window{utc("2026-06-10T06:00:00Z"), utc("2026-06-10T18:00:00Z"), 60};
  Catalog catalog;
  std::vector<CurrentPart> parts;
  for (std::size_t i = 0; i < shells.sets.size(); ++i) {
    ElementSet later = shells.sets[i];
    later.epoch = TimePoint::from_unix_micros(
        later.epoch.unix_micros() + static_cast<std::int64_t>(13 + i % 20) * 3'600'000'000);
    later.mean_anomaly =
        std::fmod(later.mean_anomaly + 0.3 + 0.1 * static_cast<double>(i % 7), 360);
    const std::vector<ElementSet> sets{shells.sets[i], later};
    const std::vector<CurrentPart> object_parts =
        current_parts(sets, window.from, window.to, 30 * kMicrosPerDay);
    ASSERT_EQ(object_parts.size(), 2U) << "both sets are current somewhere in the window";
    for (const CurrentPart& part : object_parts) {
      catalog.sets.push_back(sets[part.set]);
      parts.push_back(part);
    }
  }
  catalog.finish();
  for (std::size_t i = 0; i < catalog.objects.size(); ++i) {
    catalog.objects[i].from_seconds = parts[i].from_seconds;
    catalog.objects[i].to_seconds = parts[i].to_seconds;
  }
  for (const std::size_t first_primary : {std::size_t{0}, std::size_t{110}}) {
    for (std::size_t i = 0; i < catalog.objects.size(); ++i) {
      catalog.objects[i].primary = i >= first_primary;
    }
    const std::vector<Approach> reference = screen_every_pair(catalog.objects, window, 1);
    ASSERT_GT(reference.size(), first_primary == 0 ? 20U : 3U);
    const std::vector<Approach> screened = screen(catalog.objects, window, nullptr, 2);
    expect_same(screened, reference, window.threshold_km);
    for (const Approach& approach : screened) {
      const double at =
          static_cast<double>(approach.tca.unix_micros() - window.from.unix_micros()) / 1e6;
      for (const std::uint32_t object : {approach.first, approach.second}) {
        EXPECT_GE(at, parts[object].from_seconds);
        EXPECT_LE(at, parts[object].to_seconds);
      }
      EXPECT_NE(catalog.objects[approach.first].norad_id,
                catalog.objects[approach.second].norad_id);
    }
  }
}

TEST(CurrentPartsTest, EachSetIsCurrentFromHalfwayToItsNeighboursAndWithinItsAge) {
  std::mt19937 random(5);
  ElementSet first = shell_set(1, 550, 53, random);
  first.epoch = utc("2026-06-09T20:00:00Z");
  ElementSet second = first;
  second.epoch = utc("2026-06-10T06:00:00Z");
  ElementSet third = first;
  third.epoch = utc("2026-06-10T08:00:00Z");
  const std::vector<ElementSet> sets{first, second, third};
  const TimePoint from = utc("2026-06-10T00:00:00Z");
  const TimePoint to = utc("2026-06-11T00:00:00Z");
  const std::vector<CurrentPart> parts = current_parts(sets, from, to, 30 * kMicrosPerDay);
  ASSERT_EQ(parts.size(), 3U);
  EXPECT_EQ(parts[0].set, 0U);
  EXPECT_DOUBLE_EQ(parts[0].from_seconds, 0);
  EXPECT_DOUBLE_EQ(parts[0].to_seconds, 1 * 3600);  // halfway from 20:00 the day before to 06:00
  EXPECT_DOUBLE_EQ(parts[1].from_seconds, 1 * 3600);
  EXPECT_DOUBLE_EQ(parts[1].to_seconds, 7 * 3600);
  EXPECT_DOUBLE_EQ(parts[2].from_seconds, 7 * 3600);
  EXPECT_DOUBLE_EQ(parts[2].to_seconds, 24 * 3600);
  // A two-hour age limit: the first set is current nowhere in the window (its part ends at
  // 22:00 the day before), the others only within two hours of their epochs.
  const std::vector<CurrentPart> young = current_parts(sets, from, to, 2 * 3'600'000'000LL);
  ASSERT_EQ(young.size(), 2U);
  EXPECT_EQ(young[0].set, 1U);
  EXPECT_DOUBLE_EQ(young[0].from_seconds, 4 * 3600);
  EXPECT_DOUBLE_EQ(young[0].to_seconds, 7 * 3600);
  EXPECT_DOUBLE_EQ(young[1].from_seconds, 7 * 3600);
  EXPECT_DOUBLE_EQ(young[1].to_seconds, 10 * 3600);
}

// Alfano's maximum for a small disc far from the miss: R^2 / (e d^2) at sigma = d / sqrt 2;
// a miss of zero: 1 - exp(-R^2 / (2 sigma^2)), the Rayleigh distribution's mass.
TEST(CollisionProbabilityTest, SmallDiscsAndCentredMissesHaveClosedForms) {
  const MaximumProbability far = maximum_probability(1.0, 0.01);
  EXPECT_NEAR(far.probability, 1e-4 / std::numbers::e, 1e-8);
  EXPECT_NEAR(far.dilution_sigma_km, 1 / std::numbers::sqrt2, 1e-3);
  for (const double sigma : {0.005, 0.02, 0.1}) {
    EXPECT_NEAR(disc_probability(0, 0.02, sigma), 1 - std::exp(-0.0004 / (2 * sigma * sigma)),
                1e-9);
  }
  EXPECT_EQ(maximum_probability(0.01, 0.02).probability, 1.0);
  EXPECT_LT(disc_probability(1.0, 0.01, 0.1), far.probability);
  EXPECT_LT(disc_probability(1.0, 0.01, 5.0), far.probability);
}

}  // namespace
}  // namespace gpq::orbit
