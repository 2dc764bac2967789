#include "storage/sync_lock.h"

#include <gtest/gtest.h>

#include "gpq/error.h"

#include "storage/reader.h"
#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

using SyncLockTest = StorageTest;

TEST_F(SyncLockTest, ReadersSeeTheLockWithoutTakingIt) {
  EXPECT_FALSE(sync_in_progress(path_)) << "no lock file yet";
  {
    const SyncLock lock(path_, false);
    EXPECT_TRUE(sync_in_progress(path_));
    EXPECT_TRUE(sync_in_progress(path_)) << "testing twice does not release it";
    try {
      const SyncLock second(path_, false);
      ADD_FAILURE() << "a second sync took the lock";
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find("another gpq sync is running"), std::string::npos);
    }
  }
  EXPECT_FALSE(sync_in_progress(path_)) << "released with the lock object";
  const SyncLock again(path_, false);
  EXPECT_TRUE(sync_in_progress(path_));
}

TEST_F(SyncLockTest, StatusCallsARunningRunWithoutItsLockInterrupted) {
  // The fixture's run is recorded as running and never finished.
  {
    const SyncLock lock(path_, false);
    const std::vector<SourceSync> going = reader().source_syncs();
    ASSERT_EQ(going.size(), 1U);
    EXPECT_EQ(going[0].last_outcome, "running");
    EXPECT_EQ(going[0].last_error, "");
  }
  const std::vector<SourceSync> gone = reader().source_syncs();
  ASSERT_EQ(gone.size(), 1U);
  EXPECT_EQ(gone[0].last_outcome, "interrupted");
  EXPECT_NE(gone[0].last_error.find("the process ended before the run did"), std::string::npos);
}

}  // namespace
}  // namespace gpq::storage::test
