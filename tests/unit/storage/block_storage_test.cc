// Sets stored in blocks read back as a plain sorted list would: written in any order and in
// any number of batches, and after a database of the row layout (schema 5) is migrated.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>

#include "storage/row_codec.h"
#include "storage/schema.h"
#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

using BlockStorageTest = StorageTest;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

// Sets of object 42 from both sources at random epochs; some CelesTrak sets fall on the
// millisecond of a Space-Track set (the merge hides them).
std::vector<ElementSet> random_sets(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::int64_t> hours(0, 24 * 400);
  std::vector<ElementSet> sets;
  for (std::size_t i = 0; i < count; ++i) {
    const bool spacetrack = random() % 2 == 0;
    ElementSet set = make_set(
        42,
        kEpoch2024 + hours(random) * kMicrosPerHour + static_cast<std::int64_t>(random() % 3) * 400,
        spacetrack ? DataSource::spacetrack : DataSource::celestrak);
    set.mean_anomaly = static_cast<double>(random() % 3600000) / 1e4;
    set.rev_at_epoch = static_cast<std::int32_t>(i);
    sets.push_back(set);
  }
  return sets;
}

// What the merged view holds: one set per identity (the last written wins, as all carry
// no CREATION_DATE), CelesTrak sets on a Space-Track set's millisecond left out.
std::vector<ElementSet> expected_view(std::vector<ElementSet> sets) {
  std::stable_sort(sets.begin(), sets.end(), [](const ElementSet& a, const ElementSet& b) {
    return std::pair(a.epoch, a.source) < std::pair(b.epoch, b.source);
  });
  std::vector<ElementSet> unique;
  for (const ElementSet& set : sets) {
    if (!unique.empty() && unique.back().epoch == set.epoch && unique.back().source == set.source) {
      unique.back() = set;
    } else {
      unique.push_back(set);
    }
  }
  const auto millis = [](const ElementSet& s) {
    return (s.epoch.unix_micros() + 10'000'000'000'000'500) / 1000;
  };
  std::vector<ElementSet> view;
  for (const ElementSet& set : unique) {
    const bool hidden =
        set.source == DataSource::celestrak &&
        std::any_of(unique.begin(), unique.end(), [&](const ElementSet& other) {
          return other.source == DataSource::spacetrack && millis(other) == millis(set);
        });
    if (!hidden) {
      view.push_back(set);
    }
  }
  return view;
}

void expect_same_epochs(const std::vector<ElementSet>& got, const std::vector<ElementSet>& want,
                        const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i].epoch, want[i].epoch) << what << " at " << i;
    ASSERT_EQ(got[i].source, want[i].source) << what << " at " << i;
    ASSERT_EQ(got[i].rev_at_epoch, want[i].rev_at_epoch) << what << " at " << i;
  }
}

void expect_reads_match(Reader& reader, const std::vector<ElementSet>& written) {
  const std::vector<ElementSet> view = expected_view(written);
  std::vector<ElementSet> got;
  const auto whole = [&](Window window) {
    got.clear();
    reader.history(42, at(0), at(kEpoch2024 * 2), SourceFilter::all, window,
                   [&](const ElementSet& set) { got.push_back(set); });
    return got;
  };
  expect_same_epochs(whole({}), view, "whole history");
  EXPECT_EQ(reader.count_history(42, at(0), at(kEpoch2024 * 2), SourceFilter::all),
            static_cast<std::int64_t>(view.size()));
  // Pages.
  const std::vector<ElementSet> page(view.begin() + 100, view.begin() + 150);
  expect_same_epochs(whole({100, 50}), page, "page of 50 at 100");
  // Neighbours of epochs across the whole span, against the list.
  for (std::int64_t hour = -10; hour < 24 * 410; hour += 37) {
    const TimePoint epoch = at(kEpoch2024 + hour * kMicrosPerHour + 400);
    auto before = std::upper_bound(view.begin(), view.end(), epoch,
                                   [](TimePoint t, const ElementSet& s) { return t < s.epoch; });
    const auto got_before = reader.set_at_or_before(42, epoch, SourceFilter::all);
    const auto got_after = reader.set_after(42, epoch, SourceFilter::all);
    ASSERT_EQ(got_before.has_value(), before != view.begin()) << hour;
    if (got_before) {
      EXPECT_EQ(got_before->epoch, std::prev(before)->epoch) << hour;
    }
    ASSERT_EQ(got_after.has_value(), before != view.end()) << hour;
    if (got_after) {
      EXPECT_EQ(got_after->epoch, before->epoch) << hour;
      EXPECT_EQ(got_after->source, before->source) << hour;
    }
  }
  // One source alone, in a window.
  const TimePoint from = at(kEpoch2024 + 1000 * kMicrosPerHour);
  const TimePoint to = at(kEpoch2024 + 3000 * kMicrosPerHour);
  std::int64_t spacetrack = 0;
  for (const ElementSet& set : expected_view(written)) {
    spacetrack += set.source == DataSource::spacetrack && set.epoch >= from && set.epoch <= to;
  }
  EXPECT_EQ(reader.count_history(42, from, to, SourceFilter::spacetrack), spacetrack);
}

TEST_F(BlockStorageTest, SetsWrittenInAnyOrderAndBatchesReadBackInOrder) {
  std::vector<ElementSet> sets = random_sets(4000, 11);
  std::vector<ElementSet> written;
  // Ten batches, each in random order, later ones overlapping earlier epochs.
  for (std::size_t batch = 0; batch < 10; ++batch) {
    std::vector<ElementSet> part(sets.begin() + static_cast<std::ptrdiff_t>(batch * 400),
                                 sets.begin() + static_cast<std::ptrdiff_t>(batch * 400 + 400));
    write(part);
    written.insert(written.end(), part.begin(), part.end());
  }
  expect_reads_match(reader(), written);
  const auto latest = reader().latest_set(42, SourceFilter::all);
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(latest->epoch, expected_view(written).back().epoch);
  EXPECT_EQ(latest->collected_at, at(kRunStart));
  EXPECT_EQ(latest->object_name, "ISS (ZARYA)");
}

TEST(BlockMigrationTest, ARowLayoutDatabaseMigratesInPlace) {
  const std::vector<ElementSet> sets = random_sets(3000, 12);
  const std::vector<ElementSet> view = expected_view(sets);
  // A database of schema 3 holding the sets as rows, as gpq wrote them before blocks.
  gpq::test::TempDir dir;
  const std::filesystem::path path_ = dir.path() / "old.db";
  {
    SQLite::Database raw(path_.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    migrate_to(raw, path_.string(), 3);
    SQLite::Statement insert(raw,
                             "INSERT OR REPLACE INTO element_set VALUES (?1, ?2, ?3, ?4, ?5, "
                             "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
    for (const ElementSet& set : sets) {
      insert.reset();
      bind_set(insert, set, 0);
      insert.exec();
    }
    raw.exec(
        "INSERT INTO latest SELECT norad_id, source, max(epoch_us) FROM element_set "
        "GROUP BY norad_id, source");
    raw.exec("INSERT INTO object VALUES (42, 'ISS (ZARYA)', '1998-067A')");
    raw.exec(
        "UPDATE meta SET value = (SELECT count(*) FROM element_set) "
        "WHERE key = 'element_set_count'");
  }
  Database::open(path_, Database::Mode::read_write);  // migrates 4, 5 and 6
  Reader migrated(path_);
  expect_reads_match(migrated, sets);
  EXPECT_EQ(migrated.history_stats(42, at(0), at(kEpoch2024 * 2), SourceFilter::spacetrack).count,
            std::count_if(view.begin(), view.end(),
                          [](const ElementSet& s) { return s.source == DataSource::spacetrack; }));
  const auto latest = migrated.latest_set(42, SourceFilter::all);
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(latest->epoch, view.back().epoch);
}

}  // namespace
}  // namespace gpq::storage::test
