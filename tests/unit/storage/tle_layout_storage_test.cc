// The TLE layout of a set is stored with it (in its block and in `latest`), read back with
// every read, and kept when a later import of the same identity brings another layout (the
// first source's stays). Sets stored before it was kept read as canonical
// (BlockMigrationTest).
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

using TleLayoutStorageTest = StorageTest;

constexpr std::uint16_t kSpacetrackUsual = kTleNddotZeroMinus;
constexpr std::uint16_t kOldStyle =
    kTlePlusExponentFields | kTlePlusFirstDerivative | kTleZeroPaddedLine2 | kTleBlankEphemerisType;

TEST_F(TleLayoutStorageTest, EveryLayoutIsReadBackByEveryRead) {
  const std::uint16_t layouts[] = {0, kSpacetrackUsual, kOldStyle, kTleLayoutBits};
  std::vector<ElementSet> sets;
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(std::size(layouts)); ++i) {
    ElementSet set = make_set(100 + i, kEpoch2024, DataSource::spacetrack);
    set.tle_layout = layouts[i];
    sets.push_back(set);
  }
  write(sets);
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(std::size(layouts)); ++i) {
    const int expected = layouts[i];
    EXPECT_EQ(history(100 + i).at(0).tle_layout, expected) << "history " << i;
    EXPECT_EQ(reader().latest_set(100 + i, SourceFilter::all)->tle_layout, expected)
        << "latest " << i;
    EXPECT_EQ(
        reader()
            .set_at_or_before(100 + i, TimePoint::from_unix_micros(kEpoch2024), SourceFilter::all)
            ->tle_layout,
        expected)
        << "nearest " << i;
  }
}

TEST_F(TleLayoutStorageTest, ALaterImportOfTheSameIdentityKeepsTheFirstLayout) {
  ElementSet first = make_set(5, kEpoch2024, DataSource::spacetrack);
  first.tle_layout = kSpacetrackUsual | kTleBlankPaddedCatalog;
  write({first});

  ElementSet same_values = first;  // the same set from a source with another layout
  same_values.tle_layout = 0;
  EXPECT_EQ(write({same_values}).unchanged, 1U);
  EXPECT_EQ(history(5).at(0).tle_layout, first.tle_layout);

  ElementSet other_values = first;  // a newer version of the set: its values win
  other_values.tle_layout = 0;
  other_values.mean_anomaly = 1.0;
  EXPECT_EQ(write({other_values}).updated, 1U);
  const ElementSet stored = history(5).at(0);
  EXPECT_EQ(stored.mean_anomaly, 1.0);
  EXPECT_EQ(stored.tle_layout, first.tle_layout) << "the layout of the first source stays";
}

TEST_F(TleLayoutStorageTest, WithinABatchTheFirstRepeatsLayoutStays) {
  ElementSet first = make_set(25544, kEpoch2024, DataSource::spacetrack);
  first.tle_layout = kSpacetrackUsual;
  ElementSet later = first;
  later.rev_at_epoch = 43235;
  later.tle_layout = 0;
  const WriteCounts counts = write({first, later});
  EXPECT_EQ(counts.added, 1U);
  EXPECT_EQ(counts.updated, 1U);
  const ElementSet stored = history(25544).at(0);
  EXPECT_EQ(stored.rev_at_epoch, 43235);
  EXPECT_EQ(stored.tle_layout, kSpacetrackUsual);
}

TEST_F(TleLayoutStorageTest, SourcesKeepTheirOwnLayouts) {
  ElementSet spacetrack = make_set(25544, kEpoch2024, DataSource::spacetrack);
  spacetrack.tle_layout = kSpacetrackUsual;
  write({spacetrack, make_set(25544, kEpoch2024, DataSource::celestrak)});
  EXPECT_EQ(history(25544, SourceFilter::spacetrack).at(0).tle_layout, kSpacetrackUsual);
  EXPECT_EQ(history(25544, SourceFilter::celestrak).at(0).tle_layout, 0);
}

}  // namespace
}  // namespace gpq::storage::test
