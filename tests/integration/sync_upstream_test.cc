// `gpq sync` against a fake CelesTrak on 127.0.0.1: a full sync, a second one that asks for
// nothing, conditional requests, and every misbehaviour of the issue, each checked in the
// database, the run record and the exit code. Space-Track: spacetrack_sync_test.cc.
#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#include "storage/sync_lock.h"
#include "support/api_client.h"
#include "support/serve_process.h"
#include "sync_upstream_fixture.h"

namespace gpq::test {
namespace {

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

TEST_F(SyncUpstreamTest, AServerErrorStopsCelestrakWithoutRetry) {
  upstream_.misbehave(group_target("starlink"), Misbehaviour::status_500);
  const ProcessResult r = sync({"--retries", "3"});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("GROUP=starlink: HTTP 500"), std::string::npos) << r.err;
  EXPECT_EQ(upstream_.requests(group_target("starlink")), 1);  // CelesTrak is never retried
  EXPECT_EQ(upstream_.requests("/"), 2);  // stations, starlink, and nothing after the refusal
  EXPECT_NE(gpq({"gp", "--group", "stations"}).out.find("ISS (ZARYA)"), std::string::npos);
  EXPECT_EQ(gpq({"gp", "--group", "starlink"}).out.find("starlink-0"), std::string::npos);
  EXPECT_NE(status().find("\"outcome\":\"partial\""), std::string::npos) << status();
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
  EXPECT_EQ(gpq({"gp", "--search", "starlink-"}).exit_code, 3);  // none arrived
  EXPECT_EQ(gpq({"gp", "--search", "starlink-"}).out, "");
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
  const ProcessResult r =
      run_gpq({"--db", db_, "--quiet", "sync", "--retries", "0", "--config", config_},
              {"GPQ_CELESTRAK_URL=" + upstream_.url()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;  // --quiet: errors only
  EXPECT_EQ(upstream_.requests("/"), 13);
}

TEST_F(SyncUpstreamTest, TwoSyncsNeverRunAtOnce) {
  sync();  // creates the database
  // The lock another gpq sync would hold, taken by this process.
  auto held = std::make_unique<storage::SyncLock>(db_, false);
  const ProcessResult refused = sync({"--force"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("another gpq sync is running"), std::string::npos) << refused.err;
  std::thread release([&held] {
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    held.reset();
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
    const int status =
        client.get(answered % 2 == 0 ? "/api/v1/gp?group=stations" : "/api/v1/status").status;
    // 404 until the first sync's sets are committed (a search that matches nothing).
    (status == 200 || status == 404 ? answered : failed) += 1;
  }
  syncing.join();
  EXPECT_EQ(failed, 0);
  EXPECT_GT(answered, 5);
  // What the sync wrote is served.
  EXPECT_NE(client.get("/api/v1/gp?group=stations").body.find("ISS (ZARYA)"), std::string::npos);
}

}  // namespace
}  // namespace gpq::test
