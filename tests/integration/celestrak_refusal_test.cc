// `gpq sync` against a fake CelesTrak that refuses: the first answer that is neither data nor
// "not modified" stops CelesTrak, and the pause it starts holds across runs (2 hours, a day
// after a plain 403), so that a failing CelesTrak is asked once and then left alone.
#include <gtest/gtest.h>

#include "sync_upstream_fixture.h"

namespace gpq::test {
namespace {

class CelestrakRefusalTest : public SyncUpstreamTest {
 protected:
  // Moves CelesTrak's pause and, unless `pause_only`, every resource's clock `hours` into
  // the past, as if that long had gone by.
  void age(int hours, bool pause_only = false) {
    const std::string micros = std::to_string(static_cast<std::int64_t>(hours) * 3'600'000'000);
    std::string sql = "UPDATE upstream_pause SET until_us = until_us - " + micros +
                      " WHERE source = 'celestrak';";
    if (!pause_only) {
      sql += "UPDATE sync_resource SET checked_us = checked_us - " + micros +
             " WHERE name LIKE 'celestrak %';";
    }
    const ProcessResult r = run_process({"sqlite3", db_, sql});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
};

TEST_F(CelestrakRefusalTest, AServerErrorIsAskedOnceAcrossTwoRuns) {
  upstream_.misbehave("/", Misbehaviour::status_500);
  const ProcessResult first = sync();
  EXPECT_EQ(first.exit_code, 4) << first.out;
  EXPECT_NE(first.err.find("GROUP=stations: HTTP 500"), std::string::npos) << first.err;
  EXPECT_EQ(upstream_.requests("/"), 1);
  const ProcessResult second = sync();
  EXPECT_EQ(second.exit_code, 4) << second.out;
  EXPECT_NE(second.err.find("not asked before"), std::string::npos) << second.err;
  EXPECT_EQ(upstream_.requests("/"), 1);
  EXPECT_NE(status().find("\"paused_until\":\"20"), std::string::npos) << status();

  // Two hours on, it is asked again.
  upstream_.misbehave("/", Misbehaviour::none);
  age(2);
  const ProcessResult later = sync();
  EXPECT_EQ(later.exit_code, 0) << later.err;
  EXPECT_EQ(upstream_.requests("/"), 14);
  EXPECT_NE(status().find("\"paused_until\":null"), std::string::npos) << status();
}

TEST_F(CelestrakRefusalTest, AResourceThatFailedIsNotAskedWithinTwoHours) {
  upstream_.misbehave(group_target("starlink"), Misbehaviour::status_500, 1);
  EXPECT_EQ(sync().exit_code, 4);
  EXPECT_EQ(upstream_.requests("/"), 2);  // stations, then starlink's 500 stopped CelesTrak
  age(2, true);  // the pause is over; the two resources asked keep their clocks
  const ProcessResult r = sync();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 skipped as fresh"), std::string::npos) << r.out;
  EXPECT_EQ(upstream_.requests(group_target("starlink")), 1);
  EXPECT_EQ(upstream_.requests("/"), 13);
}

TEST_F(CelestrakRefusalTest, APlain403SilencesCelestrakForADay) {
  upstream_.misbehave("/", Misbehaviour::status_403);
  const ProcessResult first = sync();
  EXPECT_EQ(first.exit_code, 4);
  EXPECT_NE(first.err.find("GROUP=stations: HTTP 403"), std::string::npos) << first.err;
  EXPECT_EQ(upstream_.requests("/"), 1);
  const ProcessResult text = run_gpq({"--db", db_, "--format", "table", "status"});
  EXPECT_NE(text.out.find("paused until"), std::string::npos) << text.out;

  upstream_.misbehave("/", Misbehaviour::none);
  age(23);
  EXPECT_EQ(sync().exit_code, 4);
  EXPECT_EQ(upstream_.requests("/"), 1);
  age(1);
  EXPECT_EQ(sync().exit_code, 0);
  EXPECT_EQ(upstream_.requests("/"), 14);
}

TEST_F(CelestrakRefusalTest, ForceAsksDuringAPause) {
  upstream_.misbehave("/", Misbehaviour::status_403, 1);
  EXPECT_EQ(sync().exit_code, 4);
  const ProcessResult forced = sync({"--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(upstream_.requests("/"), 14);
  EXPECT_NE(status().find("\"paused_until\":null"), std::string::npos) << status();
}

}  // namespace
}  // namespace gpq::test
