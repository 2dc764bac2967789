// Complete gp_history windows: a window is covered by one recorded window that holds it,
// per source, and recording one again keeps a single row.
#include "storage/history_windows.h"

#include <gtest/gtest.h>

#include "storage/database.h"
#include "support/temp_dir.h"

namespace gpq::storage {
namespace {

TimePoint day(int d) {
  return TimePoint::from_unix_micros(1'795'478'400'000'000 + d * kMicrosPerDay);
}

TEST(HistoryWindowsTest, CoveredOnlyByOneRecordedWindowThatHoldsIt) {
  test::TempDir dir;
  const auto db = Database::open(dir.path() / "gpq.db", Database::Mode::read_write);
  HistoryWindows windows(*db, "spacetrack");
  windows.record(day(0), day(2), day(5), 10);
  windows.record(day(2), day(3), day(5), 0);
  const struct {
    int start;
    int end;
    bool covered;
  } cases[] = {
      {0, 2, true},  {0, 1, true},   {1, 2, true},
      {2, 3, true},  {1, 3, false},  // held by two windows together, by neither alone
      {3, 4, false}, {-1, 0, false},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(windows.covered(day(c.start), day(c.end)), c.covered) << c.start << "--" << c.end;
  }
  EXPECT_FALSE(HistoryWindows(*db, "celestrak").covered(day(0), day(1)));
  windows.record(day(0), day(2), day(6), 12);  // --force asked it again
  EXPECT_EQ(windows.count(), 2);
}

}  // namespace
}  // namespace gpq::storage
