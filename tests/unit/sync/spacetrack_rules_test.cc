// Space-Track's rules as pure functions: answers, the SATCAT's hour, gp and gp_history URLs.
#include "sync/upstream/spacetrack_rules.h"

#include <gtest/gtest.h>

namespace gpq::sync {
namespace {

TimePoint at(const char* iso) {
  return *parse_iso8601(iso);
}

HttpAnswer answer(int status, std::string body, HeaderList headers = {}) {
  HttpAnswer a;
  a.status = status;
  a.body = std::move(body);
  a.headers = std::move(headers);
  return a;
}

const std::string kViolation =
    R"({"error":"You've violated your query rate limit. Please refer to our Acceptable Use Policy"})";

TEST(SpacetrackRulesTest, LoginAnswers) {
  const std::pair<HttpAnswer, LoginOutcome> cases[] = {
      {answer(200, R"("")"), LoginOutcome::accepted},
      {answer(200, R"({"Login":"Failed"})"), LoginOutcome::refused},
      {answer(200, " { \"Login\" : \"Failed\" }\n"), LoginOutcome::refused},
      // A body that merely mentions "Failed" is not a refusal.
      {answer(200, R"({"note":"Failed attempts are counted"})"), LoginOutcome::accepted},
      {answer(401, ""), LoginOutcome::refused},
      {answer(403, "Forbidden"), LoginOutcome::refused},
      {answer(500, "Internal Server Error"), LoginOutcome::transient},
      {answer(503, ""), LoginOutcome::transient},
      {answer(429, ""), LoginOutcome::transient},
      {answer(0, ""), LoginOutcome::transient},  // no answer at all
      {answer(404, "Not Found"), LoginOutcome::failed},
  };
  for (const auto& [given, expected] : cases) {
    EXPECT_EQ(classify_login(given), expected) << given.status << " " << given.body;
  }
}

TEST(SpacetrackRulesTest, RateLimitAnswers) {
  EXPECT_TRUE(is_rate_limit_answer(answer(429, "")));
  EXPECT_TRUE(is_rate_limit_answer(answer(500, kViolation)));
  EXPECT_TRUE(is_rate_limit_answer(answer(200, kViolation)));
  EXPECT_FALSE(is_rate_limit_answer(answer(500, "Internal Server Error")));
  EXPECT_FALSE(is_rate_limit_answer(answer(200, "[]")));
  EXPECT_FALSE(is_rate_limit_answer(answer(0, "")));
  // At least 60 s, longer when Retry-After asks, never more than an hour.
  EXPECT_EQ(rate_limit_pause(answer(500, kViolation)), std::chrono::seconds(60));
  EXPECT_EQ(rate_limit_pause(answer(429, "", {{"retry-after", "1"}})), std::chrono::seconds(60));
  EXPECT_EQ(rate_limit_pause(answer(429, "", {{"retry-after", "120"}})), std::chrono::seconds(120));
  EXPECT_EQ(rate_limit_pause(answer(429, "", {{"retry-after", "soon"}})), std::chrono::seconds(60));
  EXPECT_EQ(rate_limit_pause(answer(429, "", {{"retry-after", "99999"}})),
            std::chrono::seconds(3600));
}

TEST(SpacetrackRulesTest, SatcatOnlyAfterSeventeenUtcOnceADay) {
  struct Case {
    const char* now;
    const char* last;  // nullptr: never fetched
    bool due;
  };
  const Case cases[] = {
      {"2026-11-24T07:10:00Z", nullptr, false},  // a first run in the morning waits
      {"2026-11-24T16:59:59Z", nullptr, false},
      {"2026-11-24T17:00:00Z", nullptr, true},
      {"2026-11-24T19:10:00Z", "2026-11-23T19:10:00Z", true},
      {"2026-11-25T01:10:00Z", "2026-11-24T19:10:00Z", false},
      {"2026-11-25T07:10:00Z", "2026-11-24T19:10:00Z", false},
      {"2026-11-25T13:10:00Z", "2026-11-24T19:10:00Z", false},
      {"2026-11-25T19:10:00Z", "2026-11-24T19:10:00Z", true},
      // The 19:10 run was missed: the next run, after midnight, takes it.
      {"2026-11-25T01:10:00Z", "2026-11-23T19:10:00Z", true},
      {"2026-11-24T17:30:00Z", "2026-11-24T17:05:00Z", false},
  };
  for (const Case& c : cases) {
    const std::optional<TimePoint> last =
        c.last ? std::optional<TimePoint>(at(c.last)) : std::nullopt;
    EXPECT_EQ(satcat_due(at(c.now), last), c.due) << c.now << " last " << (c.last ? c.last : "-");
  }
  EXPECT_EQ(latest_satcat_release(at("2026-11-25T01:10:00Z")), at("2026-11-24T17:00:00Z"));
}

TEST(SpacetrackRulesTest, ClassGpTargets) {
  EXPECT_EQ(gp_target(std::nullopt),
            "/basicspacedata/query/class/gp/decay_date/null-val/epoch/%3Enow-30/orderby/"
            "norad_cat_id/format/json");
  EXPECT_EQ(gp_target(at("2026-09-23T12:06:10.750Z")),
            "/basicspacedata/query/class/gp/CREATION_DATE/%3E2026-09-23T12:06:10/orderby/"
            "NORAD_CAT_ID/format/json");
}

TEST(SpacetrackRulesTest, HistoryWindowsAndWhenTheyAreComplete) {
  const auto windows = history_windows(at("2026-11-20T15:00:00Z"), at("2026-11-24T10:00:00Z"), 2);
  ASSERT_EQ(windows.size(), 3U);
  EXPECT_EQ(windows[0].start, at("2026-11-20T00:00:00Z"));
  EXPECT_EQ(windows[2].end, at("2026-11-26T00:00:00Z"));
  EXPECT_EQ(history_target(windows[0]),
            "/basicspacedata/query/class/gp_history/CREATION_DATE/2026-11-20--2026-11-22/orderby/"
            "NORAD_CAT_ID,EPOCH/format/json");
  // Complete only when it ended a day before it was asked.
  EXPECT_TRUE(window_complete(windows[0], at("2026-11-24T10:00:00Z")));
  EXPECT_TRUE(window_complete(windows[0], at("2026-11-23T00:00:00Z")));
  EXPECT_FALSE(window_complete(windows[0], at("2026-11-22T23:59:59Z")));
  EXPECT_FALSE(window_complete(windows[1], at("2026-11-24T10:00:00Z")));
  EXPECT_FALSE(window_complete(windows[2], at("2026-11-24T10:00:00Z")));
  EXPECT_TRUE(history_windows(at("2026-11-25T00:00:00Z"), at("2026-11-24T10:00:00Z"), 1).empty());
  // --since before 1970 starts at its own day, not the next one.
  const auto early = history_windows(at("1969-12-31T12:00:00Z"), at("1970-01-01T06:00:00Z"), 1);
  ASSERT_EQ(early.size(), 2U);
  EXPECT_EQ(early[0].start, at("1969-12-31T00:00:00Z"));
  EXPECT_EQ(early[0].end, at("1970-01-01T00:00:00Z"));
}

}  // namespace
}  // namespace gpq::sync
