// SqliteStore's caches against commits of another connection.
#include "storage/sqlite_store.h"

#include <gtest/gtest.h>

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

class SqliteStoreTest : public StorageTest {};

// A sync that commits while a snapshot's members are being read must not leave them cached
// as if they were read after it: the next request would be served the older members until
// the sync after.
TEST_F(SqliteStoreTest, SnapshotMembersAreNotCachedUnderANewerGeneration) {
  write({make_set(1, kEpoch2024)});
  const auto store = SqliteStore::open(path_);
  SnapshotQuery query;
  query.epoch = TimePoint::from_unix_micros(kEpoch2024 + kMicrosPerHour);
  query.orbit_regime = OrbitRegime::leo;  // a regime filter reads (and caches) every member
  bool committed = false;
  store->TEST_on_snapshot_computed([&] {
    if (committed) {
      return;
    }
    committed = true;
    write({make_set(2, kEpoch2024)});        // a sync commits...
    EXPECT_EQ(store->count_current({}), 2);  // ...and another request sees it
  });
  EXPECT_EQ(store->count_snapshot(query), 1);  // read before the commit
  ASSERT_TRUE(committed);
  EXPECT_EQ(store->count_snapshot(query), 2);
}

// Each query sees what another connection committed before it started.
TEST_F(SqliteStoreTest, QueriesSeeACommitRightAfterIt) {
  write({make_set(1, kEpoch2024)});
  const auto store = SqliteStore::open(path_);
  const std::int64_t before = store->generation();
  EXPECT_EQ(store->count_current({}), 1);
  for (std::int32_t id = 2; id <= 5; ++id) {
    write({make_set(id, kEpoch2024)});
    EXPECT_EQ(store->count_current({}), id);
    EXPECT_EQ(store->generation(), before + id - 1);
  }
  // A commit that writes no sets (a sync run's record) leaves the generation alone.
  runs_.start_run("file", TimePoint::from_unix_micros(kEpoch2024));
  EXPECT_EQ(store->generation(), before + 4);
}

}  // namespace
}  // namespace gpq::storage::test
