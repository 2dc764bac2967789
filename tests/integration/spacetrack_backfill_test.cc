// sync_spacetrack called in-process against the fake Space-Track with a fake budget clock, so
// that many requests cost no real time: a back-fill capped at a few windows a run makes
// progress run after run, asks every complete window exactly once, and the requests recorded
// in the database keep the budget's spacing.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "gpq/query_service.h"

#include "storage/database.h"
#include "storage/history_windows.h"
#include "storage/upstream_requests.h"
#include "support/fake_upstream.h"
#include "support/temp_dir.h"
#include "sync/upstream/spacetrack.h"

namespace gpq::test {
namespace {

// The wall clock, moved forward by every sleep instead of sleeping.
class SkippingClock final : public sync::BudgetClock {
 public:
  TimePoint now() override {
    return TimePoint::from_unix_micros(system_now().unix_micros() + skipped_us_);
  }
  void sleep_for(std::chrono::microseconds delay) override { skipped_us_ += delay.count(); }

 private:
  std::int64_t skipped_us_ = 0;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string window_target(TimePoint from) {
  const TimePoint to = TimePoint::from_unix_micros(from.unix_micros() + kMicrosPerDay);
  return "/basicspacedata/query/class/gp_history/CREATION_DATE/" + format_date(from) + "--" +
         format_date(to) + "/orderby/NORAD_CAT_ID,EPOCH/format/json";
}

TEST(SpacetrackBackfillTest, CappedBackfillProgressesAcrossRunsAskingEachCompleteWindowOnce) {
  FakeUpstream upstream;
  upstream.accept_login("ops@example.org", "s3cret");
  upstream.serve(
      "/basicspacedata/query/class/gp/decay_date/null-val/epoch/>now-30/orderby/norad_cat_id/"
      "format/json",
      read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23_spacetrack.json"));
  upstream.serve("/basicspacedata/query/class/satcat/orderby/norad_cat_id/format/json",
                 read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/satcat_spacetrack.json"));
  const std::int64_t now_us = system_now().unix_micros();
  const TimePoint today = TimePoint::from_unix_micros(now_us - now_us % kMicrosPerDay);
  std::vector<TimePoint> starts;
  for (int d = -6; d <= 0; ++d) {
    starts.push_back(TimePoint::from_unix_micros(today.unix_micros() + d * kMicrosPerDay));
    upstream.serve(window_target(starts.back()), "[]");
  }

  TempDir dir;
  const auto db =
      storage::Database::open(dir.path() / "gpq.db", storage::Database::Mode::read_write);
  sync::SpacetrackOptions options;
  options.base_url = upstream.url();
  options.identity = "ops@example.org";
  options.password = "s3cret";
  options.history_since = starts.front();
  options.max_history_requests = 2;
  options.retries = 0;
  SkippingClock clock;
  for (int run = 0; run < 4; ++run) {
    const sync::SourceReport report = sync::sync_spacetrack(*db, options, {}, clock);
    EXPECT_EQ(report.outcome, storage::RunOutcome::ok) << "run " << run;
    EXPECT_EQ(upstream.requests("/basicspacedata/query/class/gp_history/"), 2 * (run + 1))
        << "run " << run;
  }
  // Windows 0-4 ended a day before they were asked: asked once. Window 5 (yesterday) and 6
  // (today) may still grow: asked by each back-fill that reached them.
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(upstream.requests(window_target(starts[k])), 1) << "window " << k;
  }
  EXPECT_EQ(upstream.requests(window_target(starts[5])), 2);
  EXPECT_EQ(upstream.requests(window_target(starts[6])), 1);
  EXPECT_EQ(storage::HistoryWindows(*db, "spacetrack").count(), 5);
  EXPECT_EQ(upstream.requests("/ajaxauth/login"), 4);
  EXPECT_EQ(upstream.requests("/ajaxauth/logout"), 4);

  // Every request, logins and logouts included, is in the budget's log, 3 s apart or more.
  const storage::RequestLog log = storage::UpstreamRequests(*db, "spacetrack", "ops@example.org")
                                      .read(TimePoint::from_unix_micros(0));
  EXPECT_EQ(log.sent.size(), upstream.spacetrack_log().size());
  for (std::size_t i = 1; i < log.sent.size(); ++i) {
    EXPECT_GE(log.sent[i].unix_micros() - log.sent[i - 1].unix_micros(), 3 * kMicrosPerSecond)
        << "request " << i;
  }
}

}  // namespace
}  // namespace gpq::test
