#include "storage/writer.h"

#include <cstdint>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "storage_test_support.h"
#include "support/expect_error.h"

namespace gpq::storage::test {
namespace {

using WriterTest = StorageTest;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

void expect_counts(const WriteCounts& counts, std::uint64_t added, std::uint64_t updated,
                   std::uint64_t unchanged, const char* row) {
  EXPECT_EQ(counts.added, added) << row;
  EXPECT_EQ(counts.updated, updated) << row;
  EXPECT_EQ(counts.unchanged, unchanged) << row;
}

TEST_F(WriterTest, TheSameSetTwiceChangesNothing) {
  const ElementSet set = make_set(25544, kEpoch2024);
  expect_counts(write({set}), 1, 0, 0, "first import");
  expect_counts(write({set}), 0, 0, 1, "second import");
  EXPECT_EQ(reader().total_sets(), 1);
}

TEST_F(WriterTest, OtherValuesAtTheSameEpochReplaceTheStoredSet) {
  ElementSet set = make_set(25544, kEpoch2024);
  write({set});
  set.eccentricity = 0.0004384;  // CelesTrak's regenerated sets differ in a last digit
  expect_counts(write({set}), 0, 1, 0, "regenerated set");
  EXPECT_EQ(history(25544).at(0).eccentricity, 0.0004384);
  EXPECT_EQ(reader().total_sets(), 1);
}

TEST_F(WriterTest, CreationDatesDecideBetweenTwoVersionsOfASet) {
  struct Case {
    const char* name;
    std::optional<std::int64_t> stored;
    std::optional<std::int64_t> incoming;
    bool replaced;
  };
  const Case cases[] = {
      {"incoming later", 100, 200, true},
      {"incoming earlier", 200, 100, false},
      {"incoming has none", 200, std::nullopt, true},
      {"stored has none", std::nullopt, 100, true},
      {"neither has one", std::nullopt, std::nullopt, true},
  };
  std::int32_t norad_id = 1000;
  for (const Case& c : cases) {
    ElementSet stored = make_set(++norad_id, kEpoch2024, DataSource::spacetrack);
    if (c.stored) {
      stored.creation_date = at(*c.stored);
    }
    ElementSet incoming = stored;
    incoming.creation_date = c.incoming ? std::optional(at(*c.incoming)) : std::nullopt;
    incoming.mean_anomaly = 1.0;
    write({stored});
    const WriteCounts counts = write({incoming});
    EXPECT_EQ(counts.updated, c.replaced ? 1U : 0U) << c.name;
    EXPECT_EQ(counts.unchanged, c.replaced ? 0U : 1U) << c.name;
    EXPECT_EQ(history(norad_id).at(0).mean_anomaly, c.replaced ? 1.0 : 314.2533) << c.name;
  }
}

TEST_F(WriterTest, WithinABatchTheLaterSetWins) {
  ElementSet first = make_set(25544, kEpoch2024);
  ElementSet second = first;
  second.rev_at_epoch = 43235;
  expect_counts(write({first, second}), 1, 1, 0, "repeat in one batch");
  EXPECT_EQ(history(25544).at(0).rev_at_epoch, 43235);

  // ...unless the earlier one has the later CREATION_DATE.
  ElementSet newer = make_set(5, kEpoch2024, DataSource::spacetrack);
  newer.creation_date = at(200);
  ElementSet older = newer;
  older.creation_date = at(100);
  older.rev_at_epoch = 1;
  expect_counts(write({newer, older}), 1, 0, 1, "older creation date later in the batch");
  EXPECT_EQ(history(5).at(0).creation_date, at(200));
}

TEST_F(WriterTest, ReimportingABatchWithRepeatsChangesNothing) {
  ElementSet first = make_set(25544, kEpoch2024);
  ElementSet regenerated = first;  // CelesTrak republished it with a last-digit change
  regenerated.mean_anomaly = 314.2534;
  const std::vector<ElementSet> batch = {first, make_set(1, kEpoch2024), regenerated};
  expect_counts(write(batch), 2, 1, 0, "first import");
  const std::int64_t rerun = runs_.start_run("file", at(kRunStart + 1));
  expect_counts(writer_.write_batch(batch, {}, rerun), 0, 0, 3, "second import");
  const ElementSet stored = history(25544).at(0);
  EXPECT_EQ(stored.mean_anomaly, 314.2534);
  EXPECT_EQ(stored.collected_at, at(kRunStart)) << "not rewritten by the second run";
}

TEST_F(WriterTest, SourcesAreSeparateIdentities) {
  expect_counts(write({make_set(25544, kEpoch2024, DataSource::celestrak),
                       make_set(25544, kEpoch2024, DataSource::spacetrack)}),
                2, 0, 0, "same epoch, two sources");
  EXPECT_EQ(reader().total_sets(), 2);
}

TEST_F(WriterTest, TheLatestTableFollowsTheNewestEpochPerSource) {
  write({make_set(1, kEpoch2024 + 5 * kMicrosPerHour), make_set(1, kEpoch2024)});
  write({make_set(1, kEpoch2024 + 2 * kMicrosPerHour)});  // older than the newest: no change
  write({make_set(1, kEpoch2024 + 1 * kMicrosPerHour, DataSource::spacetrack)});
  struct Case {
    SourceFilter source;
    std::int64_t epoch_us;
    const char* name;
  };
  const Case cases[] = {
      {SourceFilter::all, kEpoch2024 + 5 * kMicrosPerHour, "all"},
      {SourceFilter::celestrak, kEpoch2024 + 5 * kMicrosPerHour, "celestrak"},
      {SourceFilter::spacetrack, kEpoch2024 + 1 * kMicrosPerHour, "spacetrack"},
  };
  for (const Case& c : cases) {
    const auto latest = reader().latest_set(1, c.source);
    ASSERT_TRUE(latest.has_value()) << c.name;
    EXPECT_EQ(latest->epoch, at(c.epoch_us)) << c.name;
  }
  write({make_set(1, kEpoch2024 + 9 * kMicrosPerHour, DataSource::spacetrack)});
  EXPECT_EQ(reader().latest_set(1, SourceFilter::all)->source, DataSource::spacetrack);
}

TEST_F(WriterTest, ObjectNamesFollowTheLastSetSeen) {
  ElementSet set = make_set(25544, kEpoch2024);
  write({set});
  EXPECT_EQ(history(25544).at(0).object_name, "ISS (ZARYA)");

  set.epoch = at(kEpoch2024 + kMicrosPerHour);
  set.object_name = "ISS";
  ElementSet unnamed = make_set(25544, kEpoch2024 - kMicrosPerHour);
  unnamed.object_name.clear();  // TLE text without a title line
  unnamed.object_id.clear();
  write({set, unnamed});  // the unnamed set comes later but names nothing
  for (const ElementSet& stored : history(25544)) {
    EXPECT_EQ(stored.object_name, "ISS") << "every set reads the object's current name";
    EXPECT_EQ(stored.object_id, "1998-067A");
  }

  write({unnamed});
  EXPECT_EQ(history(25544).at(0).object_name, "ISS") << "an empty name never overwrites";

  ElementSet renamed = make_set(25544, kEpoch2024 - 2 * kMicrosPerHour);  // older epoch
  renamed.object_name = "ZARYA";
  write({renamed});
  EXPECT_EQ(history(25544).at(0).object_name, "ZARYA") << "the last set seen names it";
}

TEST_F(WriterTest, CatalogRecordsReplaceTheStoredOneWhenDifferent) {
  CatalogRecord record;
  record.norad_id = 25544;
  record.object_name = "ISS (ZARYA)";
  record.object_type = ObjectType::payload;
  EXPECT_EQ(write({}, {record}).catalog_changed, 1U);
  EXPECT_EQ(write({}, {record}).catalog_changed, 0U);
  record.ops_status_code = "+";
  EXPECT_EQ(write({}, {record}).catalog_changed, 1U);
  EXPECT_EQ(reader().catalog_record(25544)->ops_status_code, "+");
}

TEST_F(WriterTest, ABatchThatFailsMidwayLeavesNothingWritten) {
  write({make_set(1, kEpoch2024)});
  std::vector<ElementSet> batch;
  for (int i = 0; i < 2000; ++i) {
    batch.push_back(make_set(100 + i, kEpoch2024 + i));
  }
  // Interrupt the batch after some thousands of SQLite instructions: some sets are in.
  int calls = 0;
  sqlite3_progress_handler(
      db_->connection().getHandle(), 100,
      [](void* counter) { return ++*static_cast<int*>(counter) > 200 ? 1 : 0; }, &calls);
  try {
    write(batch);
    ADD_FAILURE() << "the interrupted batch did not fail";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Errc::internal) << e.what();
  }
  sqlite3_progress_handler(db_->connection().getHandle(), 0, nullptr, nullptr);
  EXPECT_GT(calls, 200) << "the batch was stopped inside the transaction";

  EXPECT_EQ(reader().total_sets(), 1);
  EXPECT_EQ(reader().total_objects(), 1);
  EXPECT_FALSE(reader().latest_set(100, SourceFilter::all).has_value());

  // The writer is usable afterwards, and its caches did not keep the rolled-back batch.
  expect_counts(write(batch), 2000, 0, 0, "the same batch again");
  EXPECT_EQ(reader().total_sets(), 2001);
  EXPECT_EQ(reader().latest_set(100, SourceFilter::all)->object_name, "ISS (ZARYA)");
}

TEST_F(WriterTest, GroupMembersAreReplacedWhole) {
  EXPECT_FALSE(reader().group_members("stations").has_value()) << "never synced";
  writer_.replace_group_members("stations", std::vector<std::int32_t>{25544, 48274}, at(1));
  writer_.replace_group_members("stations", std::vector<std::int32_t>{48274, 25544, 49044}, at(2));
  writer_.replace_group_members("empty", std::vector<std::int32_t>{}, at(2));
  EXPECT_EQ(reader().group_members("stations"), (std::vector<std::int32_t>{25544, 48274, 49044}));
  EXPECT_EQ(reader().group_members("empty"), std::vector<std::int32_t>{}) << "synced, no members";
}

// Reads of an object's whole history come from the per-year summary, other windows from the
// sets themselves: both must give the same figures, including across 1970 and New Year.
TEST_F(WriterTest, TheYearSummaryAgreesWithTheSets) {
  constexpr std::int32_t kObject = 7;
  ElementSet replaced = make_set(kObject, kEpoch2024 + kMicrosPerHour);
  write({make_set(kObject, -1), make_set(kObject, 0), make_set(kObject, kEpoch2024 - 1)});
  write({make_set(kObject, kEpoch2024), replaced, make_set(kObject, 0)});
  replaced.mean_anomaly = 1.0;
  write({replaced});
  const auto stats = [&](std::int64_t from, std::int64_t to, SourceFilter source) {
    return reader().history_stats(kObject, at(from), at(to), source);
  };
  const SetStats whole = stats(-kEpoch2024, kEpoch2024 * 2, SourceFilter::all);
  EXPECT_EQ(whole.count, 5);
  EXPECT_EQ(whole.distinct_years, 4);  // 1969, 1970, 2023, 2024
  EXPECT_EQ(whole.earliest, at(-1));
  EXPECT_EQ(whole.latest, at(kEpoch2024 + kMicrosPerHour));
  const SetStats part = stats(0, kEpoch2024, SourceFilter::all);
  EXPECT_EQ(part.count, 3);
  EXPECT_EQ(part.distinct_years, 3);
  EXPECT_EQ(stats(-kEpoch2024, kEpoch2024 * 2, SourceFilter::spacetrack).count, 0);
}

TEST_F(WriterTest, TheYearSummaryKeepsSourcesApart) {
  write({make_set(8, kEpoch2024, DataSource::spacetrack), make_set(8, kEpoch2024),
         make_set(8, kEpoch2024 + kMicrosPerHour)});
  const auto count = [&](SourceFilter source) {
    return reader().history_stats(8, at(0), at(kEpoch2024 * 2), source).count;
  };
  EXPECT_EQ(count(SourceFilter::spacetrack), 1);
  EXPECT_EQ(count(SourceFilter::celestrak), 2);
  EXPECT_EQ(count(SourceFilter::all), 2) << "the CelesTrak set at the same epoch is hidden";
}

}  // namespace
}  // namespace gpq::storage::test
