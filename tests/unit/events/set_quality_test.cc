// The quality flags of sets, each rule on a small mirror whose answer is known by
// construction (docs/DECISIONS.md "Quality").
#include "events/set_quality.h"

#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/query_service.h"

#include "storage/sqlite_store.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

using events::SetQualityJudge;

constexpr std::int32_t kSteady = 60001;     // a set every 8 hours, one of them off and back
constexpr std::int32_t kFallen = 60002;     // SATCAT decay 2026-02-10
constexpr std::int32_t kFalling = 60003;    // perigee under 200 km and falling, no SATCAT decay
constexpr std::int32_t kRefitted = 60004;   // one epoch published twice (CREATION_DATE)
constexpr std::int32_t kPredicted = 60005;  // epoch after its CREATION_DATE
constexpr std::int32_t kXp = 60006;         // EPHEMERIS_TYPE 4
constexpr std::int32_t kSgp = 60007;        // EPHEMERIS_TYPE 1
constexpr std::int32_t kAnalyst = 81011;
constexpr std::int32_t kAnalystAlpha5 = 270449;
constexpr std::size_t kOffSet = 20;  // kSteady's set that steps out and straight back

TimePoint at_hours(TimePoint origin, double hours) {
  return TimePoint::from_unix_micros(origin.unix_micros() +
                                     static_cast<std::int64_t>(hours * 3.6e9));
}

// rev/day of a circular orbit `height_km` above the equatorial radius.
double mean_motion_at(double height_km) {
  const double a = kEarthRadiusKm + height_km;
  return std::sqrt(kEarthGm / (a * a * a)) * 86400 / (2 * std::numbers::pi);
}

class SetQualityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureDb fixture(dir_.path() / "gpq.db");
    const TimePoint origin = iso("2026-02-01T00:00:00Z");
    std::vector<ElementSet> sets;
    for (std::size_t k = 0; k < 60; ++k) {
      ElementSet set = make_set(kSteady, "STEADY", at_hours(origin, 8.0 * static_cast<double>(k)));
      set.element_set_no = static_cast<std::int32_t>(k + 1);
      if (k == kOffSet) {
        set.mean_motion -= 0.004;  // about a kilometre up, then back on the line
      }
      sets.push_back(set);
    }
    sets.push_back(make_set(kFallen, "FALLEN", iso("2026-02-08T00:00:00Z")));
    for (int k = 0; k < 10; ++k) {  // 190 km down to 150 km over three days
      ElementSet set = make_set(kFalling, "FALLING", at_hours(origin, 8.0 * k));
      set.mean_motion = mean_motion_at(190.0 - 4.0 * k);
      set.eccentricity = 0.0001;
      sets.push_back(set);
    }
    ElementSet first = make_set(kRefitted, "REFITTED", iso("2026-02-05T00:00:00Z"));
    first.creation_date = iso("2026-02-05T03:00:00Z");
    sets.push_back(first);
    ElementSet predicted = make_set(kPredicted, "PREDICTED", iso("2026-02-20T00:00:00Z"));
    predicted.creation_date = iso("2026-02-18T00:00:00Z");
    sets.push_back(predicted);
    ElementSet xp = make_set(kXp, "XP", iso("2026-02-05T00:00:00Z"));
    xp.ephemeris_type = kSgp4XpEphemerisType;
    sets.push_back(xp);
    ElementSet sgp = make_set(kSgp, "SGP", iso("2026-02-05T00:00:00Z"));
    sgp.ephemeris_type = 1;
    sets.push_back(sgp);
    sets.push_back(make_set(kAnalyst, "UNKNOWN", iso("2026-02-05T00:00:00Z")));
    sets.push_back(make_set(kAnalystAlpha5, "UNKNOWN", iso("2026-02-05T00:00:00Z")));
    const std::vector<CatalogRecord> records = {make_catalog(kFallen, "FALLEN", ObjectType::debris,
                                                             "US", iso("2025-01-01T00:00:00Z"),
                                                             iso("2026-02-10T00:00:00Z"))};
    fixture.write(sets, records);
    // The refit: the same epoch published again three hours later, other numbers.
    ElementSet refit = first;
    refit.mean_motion += 0.001;
    refit.creation_date = iso("2026-02-05T06:00:00Z");
    fixture.write(std::vector<ElementSet>{refit});
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_);
  }

  // The object's sets as the archive gives them (publication times read back).
  std::vector<ElementSet> history(std::int32_t norad_id) const {
    HistoryQuery query;
    query.norad_id = norad_id;
    query.end = iso("2026-12-31T00:00:00Z");
    Paging every;
    every.all = true;
    std::vector<ElementSet> sets;
    core_->history(
        query, every, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);
    return sets;
  }

  static std::string names(const QualityFlags& flags) { return flags.joined(" "); }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
};

TEST_F(SetQualityTest, AnOrdinarySetHasNoFlag) {
  SetQualityJudge judge(*core_, iso("2026-02-05T00:00:00Z"));
  const std::vector<ElementSet> sets = history(kSteady);
  EXPECT_EQ(names(judge.flags(sets[5])), "");
}

TEST_F(SetQualityTest, StaleMoreThanThirtyDaysFromTheInstant) {
  const ElementSet set = history(kXp).front();  // 2026-02-05
  SetQualityJudge in_time(*core_, iso("2026-03-07T00:00:00Z"));
  EXPECT_FALSE(in_time.flags(set).has(QualityFlag::stale));
  SetQualityJudge late(*core_, iso("2026-03-07T00:00:01Z"));
  EXPECT_TRUE(late.flags(set).has(QualityFlag::stale));
  SetQualityJudge early(*core_, iso("2026-01-05T00:00:00Z"));  // either way
  EXPECT_TRUE(early.flags(set).has(QualityFlag::stale));
  // A history names no instant: each set at its own epoch, never stale.
  SetQualityJudge history_judge(*core_, std::nullopt);
  EXPECT_FALSE(history_judge.flags(set).has(QualityFlag::stale));
}

TEST_F(SetQualityTest, DecayedFromTheDayAfterTheSatcatDecayDate) {
  const ElementSet set = history(kFallen).front();
  SetQualityJudge on_the_day(*core_, iso("2026-02-10T23:59:59Z"));
  EXPECT_FALSE(on_the_day.flags(set).has(QualityFlag::decayed));
  SetQualityJudge next_day(*core_, iso("2026-02-11T00:00:00Z"));
  EXPECT_EQ(names(next_day.flags(set)), "decayed");
}

TEST_F(SetQualityTest, DecayedAfterTheReentryGpqPredicts) {
  const std::vector<ElementSet> sets = history(kFalling);
  ASSERT_EQ(sets.size(), 10U);
  // 4 km every 8 hours from 154 km: 120 km about 68 hours after the last set.
  SetQualityJudge falling(*core_, sets.back().epoch);
  EXPECT_FALSE(falling.flags(sets.back()).has(QualityFlag::decayed));
  SetQualityJudge after(*core_, at_hours(sets.back().epoch, 72));
  EXPECT_TRUE(after.flags(sets.back()).has(QualityFlag::decayed));
}

TEST_F(SetQualityTest, OutlierIsTheSetOffBothNeighbours) {
  const std::vector<ElementSet> sets = history(kSteady);
  ASSERT_EQ(sets.size(), 60U);
  SetQualityJudge judge(*core_, std::nullopt);
  for (std::size_t k = 0; k < sets.size(); ++k) {
    EXPECT_EQ(judge.flags(sets[k]).has(QualityFlag::outlier), k == kOffSet) << k;
  }
}

TEST_F(SetQualityTest, ReissuedWhenALaterVersionOfTheEpochExists) {
  std::vector<ElementSet> replaced;
  store_->superseded_versions(kRefitted, iso("2026-01-01T00:00:00Z"), iso("2026-12-31T00:00:00Z"),
                              [&](const ElementSet& set) { replaced.push_back(set); });
  ASSERT_EQ(replaced.size(), 1U);
  SetQualityJudge judge(*core_, iso("2026-02-06T00:00:00Z"));
  EXPECT_EQ(names(judge.flags(replaced.front())), "reissued");
  EXPECT_EQ(names(judge.flags(history(kRefitted).front())), "");  // the version answering
}

TEST_F(SetQualityTest, FutureEpochWhenPublishedBeforeItsEpoch) {
  SetQualityJudge judge(*core_, iso("2026-02-19T00:00:00Z"));
  EXPECT_EQ(names(judge.flags(history(kPredicted).front())), "future_epoch");
  // Published after its epoch (CREATION_DATE three hours later): no flag.
  EXPECT_FALSE(judge.flags(history(kRefitted).front()).has(QualityFlag::future_epoch));
}

TEST_F(SetQualityTest, TheoriesSgp4DoesNotPropagate) {
  SetQualityJudge judge(*core_, iso("2026-02-05T00:00:00Z"));
  EXPECT_EQ(names(judge.flags(history(kXp).front())), "sgp4_xp");
  EXPECT_EQ(names(judge.flags(history(kSgp).front())), "not_sgp4");
}

TEST_F(SetQualityTest, AnalystObjectsByTheirCatalogNumber) {
  SetQualityJudge judge(*core_, iso("2026-02-05T00:00:00Z"));
  EXPECT_EQ(names(judge.flags(history(kAnalyst).front())), "analyst");
  EXPECT_EQ(names(judge.flags(history(kAnalystAlpha5).front())), "analyst");
}

TEST(QualityFlagsTest, NamesInTheListsOrder) {
  QualityFlags flags;
  EXPECT_EQ(flags.joined(" "), "");
  std::string json;
  flags.append_json(json);
  EXPECT_EQ(json, "[]");
  flags.add(QualityFlag::analyst);
  flags.add(QualityFlag::stale);
  flags.add(QualityFlag::future_epoch);
  EXPECT_EQ(flags.joined(" "), "stale future_epoch analyst");
  json.clear();
  flags.append_json(json);
  EXPECT_EQ(json, R"(["stale","future_epoch","analyst"])");
  EXPECT_EQ(parse_quality_flag("SGP4_XP"), QualityFlag::sgp4_xp);
  EXPECT_EQ(parse_quality_flag("fresh"), std::nullopt);
}

}  // namespace
}  // namespace gpq::test
