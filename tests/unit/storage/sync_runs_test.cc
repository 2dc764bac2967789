#include "storage/sync_runs.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

using SyncRunsTest = StorageTest;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

TEST_F(SyncRunsTest, RecordsHowEachRunEnded) {
  // The fixture started run_id_ ("file", kRunStart).
  runs_.finish_run(run_id_, RunOutcome::ok, {10, 2, 3, 1, 5, 4096}, {}, at(kRunStart + 9));
  const std::int64_t failed = runs_.start_run("celestrak", at(kRunStart + 100));
  runs_.finish_run(failed, RunOutcome::failed, {}, "HTTP 500 from celestrak.org");
  const std::int64_t running = runs_.start_run("celestrak", at(kRunStart + 200));

  const std::vector<SyncRun> list = runs_.list_runs(10);
  ASSERT_EQ(list.size(), 3U);
  EXPECT_EQ(list[0].id, running) << "newest first";
  EXPECT_EQ(list[0].outcome, RunOutcome::running);
  EXPECT_FALSE(list[0].ended.has_value());
  EXPECT_EQ(list[1].outcome, RunOutcome::failed);
  EXPECT_EQ(list[1].error, "HTTP 500 from celestrak.org");
  EXPECT_TRUE(list[1].ended.has_value()) << "ended defaults to now";
  const SyncRun& file = list[2];
  EXPECT_EQ(file.source, "file");
  EXPECT_EQ(file.started, at(kRunStart));
  EXPECT_EQ(file.ended, at(kRunStart + 9));
  EXPECT_EQ(file.counts.sets_added, 10U);
  EXPECT_EQ(file.counts.sets_updated, 2U);
  EXPECT_EQ(file.counts.sets_unchanged, 3U);
  EXPECT_EQ(file.counts.sets_skipped, 1U);
  EXPECT_EQ(file.counts.catalog_records, 5U);
  EXPECT_EQ(file.counts.bytes, 4096U);
  EXPECT_EQ(file.error, "");
  EXPECT_EQ(runs_.list_runs(1).size(), 1U);

  EXPECT_EQ(runs_.last_successful_run("file")->id, run_id_);
  EXPECT_FALSE(runs_.last_successful_run("celestrak").has_value()) << "failed and running";
}

TEST_F(SyncRunsTest, ARunLeftRunningBecomesInterruptedWhenTheNextStarts) {
  // The fixture's run_id_ was never finished: its process is gone (the caller of start_run
  // holds the sync lock, so no other run is going).
  const std::int64_t next = runs_.start_run("celestrak", at(kRunStart + 100));
  runs_.finish_run(next, RunOutcome::interrupted, {}, "interrupted by SIGTERM");
  const std::vector<SyncRun> list = runs_.list_runs(10);
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].outcome, RunOutcome::interrupted);
  EXPECT_EQ(list[0].error, "interrupted by SIGTERM");
  EXPECT_EQ(list[1].id, run_id_);
  EXPECT_EQ(list[1].outcome, RunOutcome::interrupted);
  EXPECT_NE(list[1].error.find("the process ended before the run did"), std::string::npos);
}

TEST_F(SyncRunsTest, OutcomesHaveNames) {
  const std::pair<RunOutcome, const char*> cases[] = {{RunOutcome::running, "running"},
                                                      {RunOutcome::ok, "ok"},
                                                      {RunOutcome::failed, "failed"},
                                                      {RunOutcome::partial, "partial"},
                                                      {RunOutcome::interrupted, "interrupted"}};
  for (const auto& [outcome, name] : cases) {
    EXPECT_EQ(to_string(outcome), name) << name;
  }
}

}  // namespace
}  // namespace gpq::storage::test
