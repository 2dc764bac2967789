// `gpq sync --source spacetrack` against the fake Space-Track: the pace an account sees over
// back-to-back runs, logins refused or retried, expired sessions, retries through the request
// budget, budget settings, and back-fills that never ask a complete window again.
#include <algorithm>
#include <chrono>
#include <iostream>

#include <gtest/gtest.h>

#include "gpq/query_service.h"

#include "sync_upstream_fixture.h"

namespace gpq::test {
namespace {

class SpacetrackSyncTest : public SyncUpstreamTest {
 protected:
  void SetUp() override {
    SyncUpstreamTest::SetUp();
    upstream_.accept_login("ops@example.org", "s3cret");
    upstream_.serve(kGpTarget, read_file(std::string(GPQ_TEST_DATA_DIR) +
                                         "/sync/iss_2026-09-23_spacetrack.json"));
    upstream_.serve(kSatcatClass,
                    read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/satcat_spacetrack.json"));
    SetUpConfig(account() + kQuickBudget);
  }

  // The configuration's account lines; the budget keys are left to each suite.
  std::string account() const {
    return "spacetrack_identity = \"ops@example.org\"\nspacetrack_url = \"" + upstream_.url() +
           "\"\n";
  }

  // The closest spacing Space-Track allows (2 s, at most 29 a minute): the suites that test
  // what happens, not the pace, wait two thirds of the default's time.
  static constexpr const char* kQuickBudget =
      "spacetrack_min_interval_seconds = \"2\"\nspacetrack_per_minute = \"29\"\n";

  // Registers an empty answer for every gp_history day window from `first` for `days` days.
  void serve_history_days(TimePoint first, int days, const std::string& body = "[]") {
    for (int d = 0; d <= days; ++d) {
      const TimePoint from = TimePoint::from_unix_micros(first.unix_micros() + d * kMicrosPerDay);
      const TimePoint to = TimePoint::from_unix_micros(from.unix_micros() + kMicrosPerDay);
      upstream_.serve("/basicspacedata/query/class/gp_history/CREATION_DATE/" + format_date(from) +
                          "--" + format_date(to) + "/orderby/NORAD_CAT_ID,EPOCH/format/json",
                      body);
    }
  }

  ProcessResult spacetrack(std::vector<std::string> extra = {},
                           const std::string& password = "s3cret") {
    extra.insert(extra.begin(), {"--source", "spacetrack"});
    return sync(extra, {"SPACETRACK_PASSWORD=" + password});
  }

  TimePoint today() const {
    const TimePoint now = system_now();
    return TimePoint::from_unix_micros(now.unix_micros() - now.unix_micros() % kMicrosPerDay);
  }
};

// Space-Track's pace as the fake received it: the shortest gap between two requests, and the
// most requests in any 60 s.
struct Pace {
  double min_gap_s = 1e9;
  int max_per_minute = 0;
};

Pace pace_of(const std::vector<ReceivedRequest>& log) {
  Pace pace;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (i > 0) {
      pace.min_gap_s = std::min(pace.min_gap_s,
                                std::chrono::duration<double>(log[i].at - log[i - 1].at).count());
    }
    int in_minute = 0;
    for (std::size_t k = i; k < log.size() && log[k].at - log[i].at < std::chrono::minutes(1);
         ++k) {
      ++in_minute;
    }
    pace.max_per_minute = std::max(pace.max_per_minute, in_minute);
  }
  return pace;
}

// The default budget, whose pace the tests measure.
class SpacetrackPaceTest : public SpacetrackSyncTest {
 protected:
  void SetUp() override {
    SpacetrackSyncTest::SetUp();
    SetUpConfig(account());
  }
};

// Back-fills through the CLI, run after run: a suite of its own so that ctest runs it beside
// the others (its waits are real seconds).
class SpacetrackBackfillCliTest : public SpacetrackSyncTest {};

// What a plain run asks once it has a catalogue: the sets created after the newest it holds
// (CREATION_DATE of the fixture's ISS set).
const std::string kGpSinceTarget =
    "/basicspacedata/query/class/gp/CREATION_DATE/>2026-09-23T12:06:10/orderby/NORAD_CAT_ID/"
    "format/json";

TEST_F(SpacetrackPaceTest, BackToBackRunsAskClassGpOnlyAndKeepThePace) {
  upstream_.serve(kGpSinceTarget, "[]");
  const ProcessResult first = spacetrack();
  ASSERT_EQ(first.exit_code, 0) << first.err << first.out;
  EXPECT_NE(gpq({"gp", "25544"}).out.find("spacetrack"), std::string::npos);
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 1);
  EXPECT_EQ(upstream_.requests(kGpTarget), 1);
  EXPECT_EQ(upstream_.requests("/ajaxauth/logout"), 1);
  // --force: class/gp again within the hour, and the SATCAT before 17:00 UTC.
  const ProcessResult second = spacetrack({"--force"});
  ASSERT_EQ(second.exit_code, 0) << second.err << second.out;
  EXPECT_EQ(upstream_.requests(kGpTarget), 1);  // the whole catalogue only once
  EXPECT_EQ(upstream_.requests(kGpSinceTarget), 1);
  EXPECT_GE(upstream_.requests(kSatcatClass), 1);
  EXPECT_EQ(gpq({"catalog", "5"}).exit_code, 0);
  EXPECT_EQ(upstream_.requests("/ajaxauth/logout"), 2);
  EXPECT_EQ(upstream_.requests("/basicspacedata/query/class/gp_history/"), 0);

  const std::vector<ReceivedRequest> log = upstream_.spacetrack_log();
  const Pace pace = pace_of(log);
  ASSERT_GE(log.size(), 7U);
  EXPECT_GE(pace.min_gap_s, 3.0);
  EXPECT_LE(pace.max_per_minute, 20);
  EXPECT_EQ(upstream_.violations(), 0);
  std::cout << "requests: " << log.size() << ", shortest gap " << pace.min_gap_s << " s, at most "
            << pace.max_per_minute << " in a minute, over "
            << std::chrono::duration<double>(log.back().at - log.front().at).count() << " s\n";
}

TEST_F(SpacetrackSyncTest, RefusedLoginFailsThatSourceOnly) {
  const ProcessResult r = sync({}, {"SPACETRACK_PASSWORD=wrong"});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("login refused"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("celestrak: ok"), std::string::npos) << r.out;  // the other source ran
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 1);                 // a refusal is not retried
  EXPECT_EQ(upstream_.requests("/basicspacedata/"), 0);
  const std::string s = status();
  EXPECT_NE(s.find("\"spacetrack\":{"), std::string::npos);
  EXPECT_NE(s.find("login refused"), std::string::npos) << s;
}

TEST_F(SpacetrackSyncTest, LoginServerErrorsAreRetried) {
  upstream_.misbehave("/ajaxauth/login", Misbehaviour::status_500, 2);
  const ProcessResult r = spacetrack({"--retries", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 3);
  EXPECT_EQ(upstream_.requests(kGpTarget), 1);
  EXPECT_NE(gpq({"gp", "25544"}).out.find("spacetrack"), std::string::npos);
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 2.0);
}

TEST_F(SpacetrackSyncTest, LoginServerErrorsEndAfterTheRetries) {
  upstream_.misbehave("/ajaxauth/login", Misbehaviour::status_500);
  const ProcessResult r = spacetrack({"--retries", "1"});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("login failed after 2 attempt(s): HTTP 500"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("refused"), std::string::npos) << r.err;
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 2);
  EXPECT_EQ(upstream_.requests("/basicspacedata/"), 0);
}

TEST_F(SpacetrackSyncTest, ExpiredSessionLogsInAgain) {
  upstream_.misbehave(kGpTarget, Misbehaviour::expired_session, 1);
  const ProcessResult r = spacetrack();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 2);
  EXPECT_EQ(upstream_.requests(kGpTarget), 2);
  EXPECT_NE(gpq({"gp", "25544"}).out.find("spacetrack"), std::string::npos);
}

TEST_F(SpacetrackSyncTest, ServerErrorsAreRetriedThroughTheBudget) {
  upstream_.misbehave(kGpTarget, Misbehaviour::status_500, 1);
  const ProcessResult r = spacetrack({"--retries", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(upstream_.requests(kGpTarget), 2);
  EXPECT_NE(gpq({"gp", "25544"}).out.find("spacetrack"), std::string::npos);
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 2.0);
}

TEST_F(SpacetrackSyncTest, TruncatedJsonIsRefusedWhole) {
  upstream_.misbehave(kGpTarget, Misbehaviour::truncated_body);
  const ProcessResult r = spacetrack();
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("spacetrack gp: the answer is damaged or cut off"), std::string::npos)
      << r.err;
  EXPECT_EQ(gpq({"gp", "25544"}).exit_code, 3);  // nothing of it was written
}

TEST_F(SpacetrackPaceTest, BadBudgetInTheConfigIsRefusedOrClamped) {
  SetUpConfig(account() + "spacetrack_per_minute = \"lots\"\n");
  const ProcessResult bad = spacetrack();
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("spacetrack_per_minute"), std::string::npos) << bad.err;
  EXPECT_EQ(upstream_.requests("/"), 0);
  SetUpConfig(account() +
              "spacetrack_per_hour = \"1000\"\nspacetrack_min_interval_seconds = \"0\"\n");
  const ProcessResult clamped = spacetrack();
  EXPECT_EQ(clamped.exit_code, 0) << clamped.err;
  EXPECT_NE(clamped.err.find("requests per hour 1000 is above what Space-Track allows; using 299"),
            std::string::npos)
      << clamped.err;
  EXPECT_NE(clamped.err.find("0 s between requests is too close; using 2 s"), std::string::npos)
      << clamped.err;
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 2.0);
}

TEST_F(SpacetrackBackfillCliTest, HistoryBackfillResumesAndNeverAsksACompleteWindowAgain) {
  // Windows of one day from three days ago: the first two ended more than a day ago and are
  // complete once downloaded; yesterday's and today's may still grow.
  const TimePoint since = TimePoint::from_unix_micros(today().unix_micros() - 3 * kMicrosPerDay);
  serve_history_days(since, 3);
  const auto window = [&](int k) {
    const TimePoint from = TimePoint::from_unix_micros(since.unix_micros() + k * kMicrosPerDay);
    return "/basicspacedata/query/class/gp_history/CREATION_DATE/" + format_date(from) + "--";
  };
  const std::vector<std::string> backfill{"--history", "--since", format_date(since)};
  // The second window fails: the first is kept, and the next run starts at the second.
  upstream_.misbehave(window(1), Misbehaviour::status_500);
  const ProcessResult first = spacetrack(backfill);
  EXPECT_EQ(first.exit_code, 4);
  EXPECT_EQ(upstream_.requests(window(0)), 1);
  EXPECT_EQ(upstream_.requests(window(1)), 1);
  EXPECT_EQ(upstream_.requests(window(2)), 0);
  upstream_.misbehave(window(1), Misbehaviour::none);

  const ProcessResult resumed = spacetrack(backfill);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(upstream_.requests(window(0)), 1);  // complete: not asked again
  EXPECT_EQ(upstream_.requests(window(1)), 2);
  EXPECT_EQ(upstream_.requests(window(2)), 1);
  EXPECT_EQ(upstream_.requests(window(3)), 1);
  EXPECT_EQ(run_process({"sqlite3", db_, "SELECT count(*) FROM history_window"}).out, "2\n");

  // The same command again asks only the windows that reach to now.
  const ProcessResult again = spacetrack(backfill);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(upstream_.requests(window(0)), 1);
  EXPECT_EQ(upstream_.requests(window(1)), 2);
  EXPECT_EQ(upstream_.requests(window(2)), 2);
  EXPECT_EQ(upstream_.requests(window(3)), 2);
  // A plain run never asks gp_history.
  const int history = upstream_.requests("/basicspacedata/query/class/gp_history/");
  EXPECT_EQ(spacetrack().exit_code, 0);
  EXPECT_EQ(upstream_.requests("/basicspacedata/query/class/gp_history/"), history);
}

}  // namespace
}  // namespace gpq::test
