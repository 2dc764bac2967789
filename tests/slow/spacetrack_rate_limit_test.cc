// `gpq sync --source spacetrack` against a fake Space-Track that answers "rate limit
// violated": the client is silent for at least 60 s before its next request of any kind, and
// a second such answer ends the source for the run. Each test waits out a real minute.
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>

#include "support/fake_upstream.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const std::string kGpTarget =
    "/basicspacedata/query/class/gp/decay_date/null-val/epoch/>now-30/orderby/norad_cat_id/"
    "format/json";
// Asked once a day after 17:00 UTC: served, so that the outcome does not hang on the hour.
const std::string kSatcatTarget =
    "/basicspacedata/query/class/satcat/orderby/norad_cat_id/format/json";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class SpacetrackRateLimitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    upstream_.accept_login("ops@example.org", "s3cret");
    upstream_.serve(kGpTarget, read_file(std::string(GPQ_TEST_DATA_DIR) +
                                         "/sync/iss_2026-09-23_spacetrack.json"));
    upstream_.serve(kSatcatTarget,
                    read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/satcat_spacetrack.json"));
    std::ofstream(config_) << "spacetrack_identity = \"ops@example.org\"\nspacetrack_url = \""
                           << upstream_.url() << "\"\n";
  }

  ProcessResult spacetrack(const std::string& retries) {
    return run_gpq(
        {"--db", db_, "sync", "--source", "spacetrack", "--config", config_, "--retries", retries},
        {"SPACETRACK_PASSWORD=s3cret"});
  }

  // Seconds between the first answer to `target` and the request after it.
  double silence_after_first(const std::string& target) {
    const std::vector<ReceivedRequest> log = upstream_.spacetrack_log();
    for (std::size_t i = 0; i + 1 < log.size(); ++i) {
      if (log[i].target == target) {
        return std::chrono::duration<double>(log[i + 1].at - log[i].at).count();
      }
    }
    return -1;
  }

  TempDir dir_;
  std::string db_ = (dir_.path() / "gpq.db").string();
  std::string config_ = (dir_.path() / "config.toml").string();
  FakeUpstream upstream_;
};

TEST_F(SpacetrackRateLimitTest, ViolationAnswerWithoutRetryAfterMeansAMinuteOfSilence) {
  upstream_.misbehave(kGpTarget, Misbehaviour::rate_limit_500, 1);
  const ProcessResult r = spacetrack("2");
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_EQ(upstream_.requests(kGpTarget), 2);
  const double silence = silence_after_first(kGpTarget);
  std::cout << "silence after the 500 'rate limit violated': " << silence << " s\n";
  EXPECT_GE(silence, 60.0);
  EXPECT_LT(silence, 75.0);
  EXPECT_NE(run_gpq({"--db", db_, "gp", "25544"}).out.find("spacetrack"), std::string::npos);
}

// A suite of its own, so that ctest waits out its minute beside the other's.
class SpacetrackSecondViolationTest : public SpacetrackRateLimitTest {};

TEST_F(SpacetrackSecondViolationTest, SecondRateLimitAnswerStopsTheSource) {
  upstream_.misbehave(kGpTarget, Misbehaviour::status_429);  // Retry-After: 1, which is too short
  const ProcessResult r = spacetrack("3");
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(upstream_.requests(kGpTarget), 2);
  EXPECT_EQ(upstream_.requests("/ajaxauth/logout"), 0);  // nothing more after the second
  const double silence = silence_after_first(kGpTarget);
  std::cout << "silence after the 429: " << silence << " s\n";
  EXPECT_GE(silence, 60.0);
  EXPECT_NE(r.err.find("rate limit was violated"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("run again after"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gpq::test
