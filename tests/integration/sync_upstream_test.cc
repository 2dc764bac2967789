// `gpq sync` against a fake CelesTrak and Space-Track on 127.0.0.1: a full sync, a second one
// that asks for nothing, conditional requests, and every misbehaviour of the issue, each
// checked in the database, the run record and the exit code.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <fstream>
#include <sstream>
#include <thread>

#include "gpq/format.h"
#include "gpq/query_service.h"
#include "gpq/request.h"
#include "support/api_client.h"
#include "support/fake_upstream.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string group_target(std::string_view group) {
  return "/NORAD/elements/gp.php?FORMAT=csv&GROUP=" + std::string(group);
}

const std::string kSatcatTarget = "/pub/satcat.csv";
const std::string kGpTarget =
    "/basicspacedata/query/class/gp/decay_date/null-val/epoch/>now-30/orderby/norad_cat_id/"
    "format/json";
const std::string kSatcatClass = "/basicspacedata/query/class/satcat/orderby/norad_cat_id/format/json";

// Two sets per group, in CelesTrak's CSV (the project's own writer), ids 40000 + 10 * group.
std::string group_csv(int index, std::string_view group) {
  const auto writer = make_set_list_writer(Format::csv);
  std::string out;
  writer->begin(out);
  for (int k = 0; k < 2; ++k) {
    const std::int32_t id = 40000 + 10 * index + k;
    writer->set(make_set(id, std::string(group) + "-" + std::to_string(k),
                         iso("2026-11-20T00:00:00Z")),
                out);
  }
  writer->end(out);
  return out;
}

class SyncUpstreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    int index = 0;
    for (const std::string_view group : kGroups) {
      upstream_.serve(group_target(group),
                      group == "stations" ? read_file(std::string(GPQ_TEST_DATA_DIR) +
                                                      "/sync/iss_2026-09-23.csv")
                                          : group_csv(index, group));
      ++index;
    }
    upstream_.serve(kSatcatTarget, read_file(std::string(GPQ_TEST_DATA_DIR) +
                                             "/sync/satcat_celestrak.csv"));
  }

  ProcessResult sync(std::vector<std::string> extra = {}, std::vector<std::string> env = {}) {
    std::vector<std::string> args{"--db", db_, "sync", "--celestrak-url", upstream_.url(),
                                  "--retries", "0", "--config", config_};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_gpq(args, env);
  }

  ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db_, "--format", "csv"});
    return run_gpq(args);
  }

  std::string status() { return run_gpq({"--db", db_, "--format", "json", "status"}).out; }

  void SetUpConfig(const std::string& text) { std::ofstream(config_) << text; }

  TempDir dir_;
  std::string db_ = (dir_.path() / "gpq.db").string();
  std::string config_ = [this] {
    const std::string path = (dir_.path() / "config.toml").string();
    std::ofstream(path) << "# no Space-Track account\n";
    return path;
  }();
  FakeUpstream upstream_;
};

TEST_F(SyncUpstreamTest, FullSyncThenNothingToAsk) {
  const ProcessResult first = sync();
  ASSERT_EQ(first.exit_code, 0) << first.err << first.out;
  EXPECT_NE(first.out.find("celestrak: ok (13 downloaded"), std::string::npos) << first.out;
  // Every group's members come from its list, the SATCAT from its file.
  EXPECT_NE(gpq({"gp", "--group", "stations"}).out.find("ISS (ZARYA)"), std::string::npos);
  const ProcessResult starlink = gpq({"gp", "--group", "starlink"});
  EXPECT_NE(starlink.out.find("starlink-0"), std::string::npos) << starlink.out;
  EXPECT_EQ(std::count(starlink.out.begin(), starlink.out.end(), '\n'), 3);  // header + 2
  EXPECT_EQ(gpq({"catalog", "5"}).exit_code, 0);
  EXPECT_NE(status().find("\"celestrak\":{"), std::string::npos);
  EXPECT_NE(status().find("\"outcome\":\"ok\""), std::string::npos);
  const int asked = upstream_.requests("/");
  EXPECT_EQ(asked, 13);

  // Within two hours nothing is asked again, and nothing changes.
  const ProcessResult second = sync();
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(upstream_.requests("/"), asked);
  EXPECT_NE(second.out.find("13 skipped as fresh"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("0 sets added"), std::string::npos) << second.out;

  // --force asks, with the validators it kept: 304 for all, nothing downloaded.
  const ProcessResult forced = sync({"--force"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(upstream_.requests("/"), asked + 13);
  EXPECT_NE(forced.out.find("0 downloaded, 13 not modified"), std::string::npos) << forced.out;
}

TEST_F(SyncUpstreamTest, CelestrakNotUpdated403IsNotModified) {
  upstream_.misbehave("/NORAD/elements/gp.php", Misbehaviour::not_updated_403);
  const ProcessResult r = sync();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1 downloaded, 12 not modified"), std::string::npos) << r.out;
}

TEST_F(SyncUpstreamTest, AServerErrorFailsThatResourceOnlyWithoutRetry) {
  upstream_.misbehave(group_target("starlink"), Misbehaviour::status_500);
  const ProcessResult r = sync({"--retries", "3"});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("GROUP=starlink: HTTP 500"), std::string::npos) << r.err;
  EXPECT_EQ(upstream_.requests(group_target("starlink")), 1);  // CelesTrak is never retried
  EXPECT_EQ(gpq({"gp", "--group", "starlink"}).out.find("starlink-0"), std::string::npos);
  EXPECT_NE(gpq({"gp", "--group", "oneweb"}).out.find("oneweb-0"), std::string::npos);
  EXPECT_NE(status().find("\"outcome\":\"partial\""), std::string::npos) << status();
  // The next run asks again for what failed, and only for that.
  upstream_.misbehave(group_target("starlink"), Misbehaviour::none);
  const int before = upstream_.requests("/");
  const ProcessResult again = sync();
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(upstream_.requests("/"), before + 1);
  EXPECT_NE(gpq({"gp", "--group", "starlink"}).out.find("starlink-0"), std::string::npos);
}

TEST_F(SyncUpstreamTest, CutTruncatedOrSlowBodiesNeverReachTheDatabase) {
  upstream_.misbehave(group_target("starlink"), Misbehaviour::cut_mid_body);
  upstream_.misbehave(group_target("oneweb"), Misbehaviour::slow_trickle);
  upstream_.misbehave(kSatcatTarget, Misbehaviour::truncated_body);
  const ProcessResult r = sync({"--timeout", "2"});
  EXPECT_EQ(r.exit_code, 4) << r.out;
  EXPECT_NE(r.err.find("GROUP=starlink: the connection broke"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("GROUP=oneweb: the answer did not complete"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("SATCAT: the answer is damaged or cut off"), std::string::npos) << r.err;
  EXPECT_EQ(gpq({"catalog", "5"}).exit_code, 3);
  EXPECT_EQ(gpq({"gp", "--group", "starlink"}).out.find("starlink-"), std::string::npos);
  EXPECT_EQ(gpq({"gp", "--group", "oneweb"}).out.find("oneweb-"), std::string::npos);
  EXPECT_EQ(gpq({"gp", "--search", "starlink-"}).exit_code, 0);
  EXPECT_EQ(gpq({"gp", "--search", "starlink-"}).out.find("starlink-0"), std::string::npos);
  EXPECT_EQ(run_process({"sqlite3", db_, "PRAGMA integrity_check"}).out, "ok\n");
}

TEST_F(SyncUpstreamTest, TransportFailuresAreRetried) {
  upstream_.misbehave(group_target("geo"), Misbehaviour::cut_mid_body, 1);
  const ProcessResult r = sync({"--retries", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(upstream_.requests(group_target("geo")), 2);
  EXPECT_NE(gpq({"gp", "--group", "geo"}).out.find("geo-0"), std::string::npos);
}

TEST_F(SyncUpstreamTest, UnreachableUpstreamIsExitFour) {
  const ProcessResult r = run_gpq({"--db", db_, "sync", "--celestrak-url", "http://127.0.0.1:9",
                                   "--retries", "0", "--config", config_});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("could not connect"), std::string::npos) << r.err;
  EXPECT_NE(status().find("\"outcome\":\"failed\""), std::string::npos);
}

TEST_F(SyncUpstreamTest, EnvironmentNamesTheUpstream) {
  const ProcessResult r = run_gpq({"--db", db_, "--quiet", "sync", "--retries", "0", "--config",
                                   config_},
                                  {"GPQ_CELESTRAK_URL=" + upstream_.url()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;  // --quiet: errors only
  EXPECT_EQ(upstream_.requests("/"), 13);
}

TEST_F(SyncUpstreamTest, TwoSyncsNeverRunAtOnce) {
  sync();  // creates the database
  const int fd = open((db_ + ".sync-lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);
  const ProcessResult refused = sync({"--force"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("another gpq sync is running"), std::string::npos) << refused.err;
  std::thread release([fd] {
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    flock(fd, LOCK_UN);
    close(fd);
  });
  const ProcessResult waited = sync({"--force", "--wait"});
  release.join();
  EXPECT_EQ(waited.exit_code, 0) << waited.err;
}

TEST_F(SyncUpstreamTest, ServeKeepsAnsweringDuringASync) {
  ServeProcess server(db_, {"--no-auth", "--rate", "100000", "--burst", "100000"});
  std::atomic<bool> done{false};
  std::thread syncing([&] {
    for (int round = 0; round < 3; ++round) {
      EXPECT_EQ(sync({"--force"}).exit_code, 0);
    }
    done = true;
  });
  ApiClient client(server.host(), server.port());
  int answered = 0;
  int failed = 0;
  while (!done) {
    const int status = client.get(answered % 2 == 0 ? "/api/v1/gp?group=stations" : "/api/v1/status").status;
    (status == 200 ? answered : failed) += 1;
  }
  syncing.join();
  EXPECT_EQ(failed, 0);
  EXPECT_GT(answered, 5);
  // What the sync wrote is served.
  EXPECT_NE(client.get("/api/v1/gp?group=stations").body.find("ISS (ZARYA)"), std::string::npos);
}

class SpacetrackSyncTest : public SyncUpstreamTest {
 protected:
  void SetUp() override {
    SyncUpstreamTest::SetUp();
    upstream_.accept_login("ops@example.org", "s3cret");
    upstream_.serve(kGpTarget, read_file(std::string(GPQ_TEST_DATA_DIR) +
                                         "/sync/iss_2026-09-23_spacetrack.json"));
    upstream_.serve(kSatcatClass, read_file(std::string(GPQ_TEST_DATA_DIR) +
                                            "/sync/satcat_spacetrack.json"));
    SetUpConfig("spacetrack_identity = \"ops@example.org\"\nspacetrack_url = \"" +
                upstream_.url() + "\"\n");
  }

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
      pace.min_gap_s = std::min(
          pace.min_gap_s, std::chrono::duration<double>(log[i].at - log[i - 1].at).count());
    }
    int in_minute = 0;
    for (std::size_t k = i; k < log.size() && log[k].at - log[i].at < std::chrono::minutes(1); ++k) {
      ++in_minute;
    }
    pace.max_per_minute = std::max(pace.max_per_minute, in_minute);
  }
  return pace;
}

// What a plain run asks once it has a catalogue: the sets created after the newest it holds
// (CREATION_DATE of the fixture's ISS set).
const std::string kGpSinceTarget =
    "/basicspacedata/query/class/gp/CREATION_DATE/>2026-09-23T12:06:10/orderby/NORAD_CAT_ID/"
    "format/json";

TEST_F(SpacetrackSyncTest, BackToBackRunsAskClassGpOnlyAndKeepThePace) {
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
  EXPECT_EQ(upstream_.requests("/ajaxauth/login"), 1);  // a refusal is not retried
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
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 3.0);
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
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 3.0);
}

TEST_F(SpacetrackSyncTest, TruncatedJsonIsRefusedWhole) {
  upstream_.misbehave(kGpTarget, Misbehaviour::truncated_body);
  const ProcessResult r = spacetrack();
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("spacetrack gp: the answer is damaged or cut off"), std::string::npos)
      << r.err;
  EXPECT_EQ(gpq({"gp", "25544"}).exit_code, 3);  // nothing of it was written
}

TEST_F(SpacetrackSyncTest, BadBudgetInTheConfigIsRefusedOrClamped) {
  SetUpConfig("spacetrack_identity = \"ops@example.org\"\nspacetrack_url = \"" + upstream_.url() +
              "\"\nspacetrack_per_minute = \"lots\"\n");
  const ProcessResult bad = spacetrack();
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("spacetrack_per_minute"), std::string::npos) << bad.err;
  EXPECT_EQ(upstream_.requests("/"), 0);
  SetUpConfig("spacetrack_identity = \"ops@example.org\"\nspacetrack_url = \"" + upstream_.url() +
              "\"\nspacetrack_per_hour = \"1000\"\nspacetrack_min_interval_seconds = \"0\"\n");
  const ProcessResult clamped = spacetrack();
  EXPECT_EQ(clamped.exit_code, 0) << clamped.err;
  EXPECT_NE(clamped.err.find("requests per hour 1000 is above what Space-Track allows; using 299"),
            std::string::npos)
      << clamped.err;
  EXPECT_NE(clamped.err.find("0 s between requests is too close; using 2 s"), std::string::npos)
      << clamped.err;
  EXPECT_GE(pace_of(upstream_.spacetrack_log()).min_gap_s, 2.0);
}

TEST_F(SpacetrackSyncTest, HistoryBackfillResumesAndNeverAsksACompleteWindowAgain) {
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
