// The detectors on made-up histories whose events are known: a LEO object decaying by drag
// with noise, and the steps, bad sets, re-issues, gaps and decay each test adds.
#include "events/detect_events.h"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "events/distinct_sets.h"
#include "events/step_finder.h"

namespace gpq::events {
namespace {

constexpr double kMeanMotion = 15.5;  // rev/day, about 420 km up

// Sets every `step_hours`, mean motion rising by drag and noisy like real sets.
std::vector<ElementSet> drag_history(int count, double step_hours = 8, std::uint64_t seed = 7) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> noise(0, 1);
  std::vector<ElementSet> sets;
  for (int k = 0; k < count; ++k) {
    ElementSet set;
    set.norad_id = 25544;
    const double days = k * step_hours / 24;
    set.epoch = TimePoint::from_unix_micros(1'780'000'000'000'000 +
                                            static_cast<std::int64_t>(days * kMicrosPerDay));
    set.mean_motion = kMeanMotion + 2e-4 * days + 2e-6 * noise(random);
    set.eccentricity = 0.0005 + 2e-6 * noise(random);
    set.inclination = 51.64 + 2e-4 * noise(random);
    set.element_set_no = k + 1;
    sets.push_back(set);
  }
  return sets;
}

// Raises the orbit from set `from` on by lowering the mean motion (a reboost).
void reboost(std::vector<ElementSet>& sets, std::size_t from, double dn) {
  for (std::size_t k = from; k < sets.size(); ++k) {
    sets[k].mean_motion -= dn;
  }
}

std::vector<OrbitEvent> of_kind(const Detection& found, EventKind kind) {
  std::vector<OrbitEvent> events;
  for (const OrbitEvent& event : found.events) {
    if (event.kind == kind) {
      events.push_back(event);
    }
  }
  return events;
}

TEST(DetectEventsTest, QuietDragHistoryHasNoEvents) {
  const Detection found = detect_events(drag_history(200));
  EXPECT_TRUE(found.events.empty()) << to_string(found.events.front().element);
  EXPECT_GT(found.noise.semi_major_axis_km, 0);
  EXPECT_NEAR(found.noise.median_interval_days, 1.0 / 3, 1e-9);
}

TEST(DetectEventsTest, FindsAReboostBetweenItsTwoSets) {
  std::vector<ElementSet> sets = drag_history(200);
  reboost(sets, 120, 0.004);  // about +1.2 km
  const Detection found = detect_events(sets);
  const auto manoeuvres = of_kind(found, EventKind::manoeuvre);
  ASSERT_EQ(manoeuvres.size(), 1U);
  EXPECT_EQ(manoeuvres[0].element, EventElement::semi_major_axis);
  EXPECT_EQ(manoeuvres[0].before.epoch, sets[119].epoch);
  EXPECT_EQ(manoeuvres[0].after.epoch, sets[120].epoch);
  EXPECT_NEAR(manoeuvres[0].size, 1.16, 0.1);
  EXPECT_GT(manoeuvres[0].sigmas, 8);
}

TEST(DetectEventsTest, ABadSetIsNotAManoeuvre) {
  std::vector<ElementSet> sets = drag_history(200);
  sets[80].mean_motion -= 0.004;  // one set off, the next back on the line
  const Detection found = detect_events(sets);
  EXPECT_TRUE(of_kind(found, EventKind::manoeuvre).empty());
  // It is dropped as an outlier, the one the quality flag names.
  EXPECT_EQ(found.outliers, std::vector<TimePoint>{sets[80].epoch});
}

TEST(DetectEventsTest, AQuietHistoryHasNoOutlier) {
  EXPECT_TRUE(detect_events(drag_history(200)).outliers.empty());
}

TEST(DetectEventsTest, ARegeneratedSetOfTheSameEpochIsMerged) {
  std::vector<ElementSet> sets = drag_history(100);
  ElementSet again = sets[50];
  again.mean_motion += 1e-5;  // a re-fit: the same epoch, slightly other elements
  sets.insert(sets.begin() + 51, again);
  const Detection found = detect_events(sets);
  EXPECT_EQ(found.distinct, 100);
  EXPECT_TRUE(found.events.empty());
}

TEST(DetectEventsTest, ConsecutiveRaisesAreOneManoeuvre) {
  std::vector<ElementSet> sets = drag_history(200);
  for (std::size_t k = 100; k < 106; ++k) {
    reboost(sets, k, 0.003);
  }
  const auto manoeuvres = of_kind(detect_events(sets), EventKind::manoeuvre);
  ASSERT_EQ(manoeuvres.size(), 1U);
  EXPECT_EQ(manoeuvres[0].before.epoch, sets[99].epoch);
  EXPECT_EQ(manoeuvres[0].after.epoch, sets[105].epoch);
}

TEST(DetectEventsTest, FindsAPlaneChange) {
  std::vector<ElementSet> sets = drag_history(200);
  for (std::size_t k = 60; k < sets.size(); ++k) {
    sets[k].inclination += 0.05;
  }
  const auto manoeuvres = of_kind(detect_events(sets), EventKind::manoeuvre);
  ASSERT_EQ(manoeuvres.size(), 1U);
  EXPECT_EQ(manoeuvres[0].element, EventElement::inclination);
  EXPECT_NEAR(manoeuvres[0].size, 0.05, 0.002);
}

TEST(DetectEventsTest, ReportsAGapLongerThanTheCadence) {
  std::vector<ElementSet> sets = drag_history(200);
  sets.erase(sets.begin() + 100, sets.begin() + 112);  // four days without a set
  const auto gaps = of_kind(detect_events(sets), EventKind::gap);
  ASSERT_EQ(gaps.size(), 1U);
  EXPECT_NEAR(gaps[0].size, 13.0 / 3, 1e-6);
  EXPECT_EQ(gaps[0].before.epoch, sets[99].epoch);
  EXPECT_EQ(gaps[0].after.epoch, sets[100].epoch);
}

TEST(DetectEventsTest, AStepAcrossALongGapIsOnlyTheGap) {
  std::vector<ElementSet> sets = drag_history(200);
  for (std::size_t k = 100; k < sets.size(); ++k) {  // 30 days later, the plane has moved
    sets[k].epoch = TimePoint::from_unix_micros(sets[k].epoch.unix_micros() + 30 * kMicrosPerDay);
    sets[k].inclination += 0.05;
  }
  const Detection found = detect_events(sets);
  EXPECT_TRUE(of_kind(found, EventKind::manoeuvre).empty());
  ASSERT_EQ(of_kind(found, EventKind::gap).size(), 1U);
}

TEST(DetectEventsTest, ADecayingObjectGetsAReentryWindow) {
  std::vector<ElementSet> sets = drag_history(60, 6);
  // Perigee from about 250 km down to about 150: mean motion climbing faster and faster.
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const double days = static_cast<double>(k) / 4;
    sets[k].mean_motion = 15.95 + 0.0025 * days * days;
    sets[k].eccentricity = 0.0004;
  }
  const auto decays = of_kind(detect_events(sets), EventKind::decay);
  ASSERT_EQ(decays.size(), 1U);
  EXPECT_LT(derive(sets.back()).perigee_km, kDecayPerigeeKm);
  EXPECT_LT(decays[0].size, 0);
  ASSERT_TRUE(decays[0].reentry_earliest && decays[0].reentry_latest);
  EXPECT_LE(*decays[0].reentry_earliest, *decays[0].reentry_latest);
  EXPECT_GE(*decays[0].reentry_earliest, sets.back().epoch);
  EXPECT_GE(derive(sets[decays[0].before.element_set_no - 1]).perigee_km, kDecayPerigeeKm);
}

TEST(DetectEventsTest, TooFewSetsGiveNoManoeuvres) {
  std::vector<ElementSet> sets = drag_history(5);
  reboost(sets, 3, 0.01);
  EXPECT_TRUE(of_kind(detect_events(sets), EventKind::manoeuvre).empty());
  EXPECT_TRUE(detect_events({}).events.empty());
}

TEST(StepFinderTest, NoiseIsTheSpreadOfTheStepsAfterTheTrend) {
  std::vector<double> days;
  std::vector<double> values;
  for (int k = 0; k < 100; ++k) {
    days.push_back(k);
    values.push_back(-0.1 * k + (k % 2 == 0 ? 0.01 : -0.01));
  }
  const StepResult steps = find_steps(days, values, {0.001, 8, 0.0});
  EXPECT_NEAR(steps.noise, 0.0, 0.03);
  EXPECT_TRUE(steps.runs.empty());
}

}  // namespace
}  // namespace gpq::events
