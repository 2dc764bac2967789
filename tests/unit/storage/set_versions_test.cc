// Re-published sets keep their earlier versions, each with its publication time; the version
// that answers is the one the de-duplication rules pick, as before versions were kept.
#include "storage/set_versions.h"

#include <cstdint>
#include <optional>
#include <vector>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

struct Version {
  ElementSet set;
  TimePoint published;
};

class SetVersionsTest : public StorageTest {
 protected:
  std::vector<Version> versions(std::int32_t norad_id) {
    std::vector<Version> found;
    reader().superseded_versions(norad_id, at(0), at(kEpoch2024 * 2), [&](const ElementSet& set) {
      found.push_back({set, set.published_at});
    });
    return found;
  }

  // A run of its own, started (and published, unless told) at `started`.
  WriteCounts write_in_run(const std::vector<ElementSet>& sets, std::int64_t started,
                           std::optional<std::int64_t> published = std::nullopt) {
    const std::int64_t run = runs_.start_run(
        "file", at(started), published ? std::optional(at(*published)) : std::nullopt);
    return writer_.write_batch(sets, {}, run);
  }
};

TEST_F(SetVersionsTest, ARepublishedSetKeepsTheVersionItReplaced) {
  const ElementSet first = make_set(25544, kEpoch2024);
  ElementSet regenerated = first;
  regenerated.eccentricity = 0.0004384;
  write({first});
  EXPECT_EQ(write_in_run({regenerated}, kRunStart + 3'600'000'000).updated, 1U);

  EXPECT_EQ(history(25544).at(0).eccentricity, 0.0004384) << "the later version answers";
  EXPECT_EQ(history(25544).at(0).published_at, at(kRunStart + 3'600'000'000));
  const std::vector<Version> kept = versions(25544);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].set.eccentricity, 0.0004383);
  EXPECT_EQ(kept[0].set.epoch, first.epoch);
  EXPECT_EQ(kept[0].published, at(kRunStart)) << "collected by the first run";
  EXPECT_EQ(kept[0].set.collected_at, at(kRunStart));
  EXPECT_EQ(kept[0].set.object_name, "ISS (ZARYA)");
  EXPECT_EQ(reader().total_versions(), 1);
  EXPECT_EQ(reader().total_sets(), 1) << "a version is not a set of its own";
}

TEST_F(SetVersionsTest, TheSameValuesAgainKeepNoVersion) {
  const ElementSet set = make_set(25544, kEpoch2024);
  write({set});
  write_in_run({set}, kRunStart + 1);
  EXPECT_TRUE(versions(25544).empty());
}

TEST_F(SetVersionsTest, AVersionWithACreationDateIsPublishedThen) {
  ElementSet older = make_set(5, kEpoch2024, DataSource::spacetrack);
  older.creation_date = at(kEpoch2024 + 1'000'000);
  ElementSet newer = older;
  newer.creation_date = at(kEpoch2024 + 2'000'000);
  newer.rev_at_epoch = 43235;
  write({older});
  write_in_run({newer}, kRunStart + 1);
  const std::vector<Version> kept = versions(5);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].published, *older.creation_date);
  EXPECT_EQ(history(5).at(0).rev_at_epoch, 43235);
}

TEST_F(SetVersionsTest, AnEarlierVersionImportedLateIsKeptAndDoesNotAnswer) {
  ElementSet newer = make_set(5, kEpoch2024, DataSource::spacetrack);
  newer.creation_date = at(kEpoch2024 + 2'000'000);
  ElementSet older = newer;
  older.creation_date = at(kEpoch2024 + 1'000'000);
  older.rev_at_epoch = 1;
  write({newer});
  EXPECT_EQ(write_in_run({older}, kRunStart + 1).unchanged, 1U);
  EXPECT_EQ(history(5).at(0).creation_date, newer.creation_date);
  const std::vector<Version> kept = versions(5);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].set.rev_at_epoch, 1);
  EXPECT_EQ(kept[0].published, *older.creation_date);
}

TEST_F(SetVersionsTest, SnapshotsImportedOutOfOrderAnswerByPublication) {
  // Day 2's snapshot is imported first, then day 1's: day 2's version answers.
  const std::int64_t day = 86'400'000'000;
  ElementSet day1 = make_set(25544, kEpoch2024);
  ElementSet day2 = day1;
  day2.mean_anomaly = 314.2534;
  write_in_run({day2}, kRunStart + 10 * day, kRunStart + 2 * day);
  EXPECT_EQ(write_in_run({day1}, kRunStart + 11 * day, kRunStart + day).unchanged, 1U);
  EXPECT_EQ(history(25544).at(0).mean_anomaly, 314.2534);
  std::vector<Version> kept = versions(25544);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].set.mean_anomaly, 314.2533);
  EXPECT_EQ(kept[0].published, at(kRunStart + day)) << "--published-at, not the run's start";
  EXPECT_EQ(kept[0].set.collected_at, at(kRunStart + 11 * day));

  // In order, day 3 replaces day 2, which joins the versions.
  ElementSet day3 = day1;
  day3.mean_anomaly = 314.2535;
  EXPECT_EQ(write_in_run({day3}, kRunStart + 12 * day, kRunStart + 3 * day).updated, 1U);
  kept = versions(25544);
  ASSERT_EQ(kept.size(), 2U);
  EXPECT_EQ(kept[0].published, at(kRunStart + day));
  EXPECT_EQ(kept[1].published, at(kRunStart + 2 * day));
  EXPECT_EQ(kept[1].set.mean_anomaly, 314.2534);
}

TEST_F(SetVersionsTest, RepeatsWithinABatchAreKeptToo) {
  // A gp_history file holds every version of a refit: both are kept, the newest answers.
  ElementSet first = make_set(5, kEpoch2024, DataSource::spacetrack);
  first.creation_date = at(kEpoch2024 + 1'000'000);
  ElementSet refit = first;
  refit.creation_date = at(kEpoch2024 + 5'000'000);
  refit.bstar = 0.2e-3;
  ElementSet stale = first;
  stale.creation_date = at(kEpoch2024 + 3'000'000);
  stale.bstar = 0.1e-3;
  write({first, refit, stale});
  EXPECT_EQ(history(5).at(0).creation_date, refit.creation_date);
  const std::vector<Version> kept = versions(5);
  ASSERT_EQ(kept.size(), 2U);
  EXPECT_EQ(kept[0].published, *first.creation_date);
  EXPECT_EQ(kept[1].published, *stale.creation_date);
}

TEST_F(SetVersionsTest, AFailedBatchKeepsNoVersion) {
  const ElementSet first = make_set(1, kEpoch2024);
  write({first});
  ElementSet regenerated = first;  // object 1 sorts first: its version is kept early on
  regenerated.eccentricity = 0.0004384;
  std::vector<ElementSet> batch = {regenerated};
  for (int i = 0; i < 2000; ++i) {
    batch.push_back(make_set(100 + i, kEpoch2024 + i));
  }
  int calls = 0;
  sqlite3_progress_handler(
      db_->connection().getHandle(), 100,
      [](void* counter) { return ++*static_cast<int*>(counter) > 200 ? 1 : 0; }, &calls);
  EXPECT_ANY_THROW(write(batch));
  sqlite3_progress_handler(db_->connection().getHandle(), 0, nullptr, nullptr);
  EXPECT_TRUE(versions(1).empty());
  EXPECT_EQ(history(1).at(0).eccentricity, 0.0004383);
}

}  // namespace
}  // namespace gpq::storage::test
