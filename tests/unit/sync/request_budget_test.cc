// The request budget on a real SQLite file with a fake clock: spacing, the minute, hour and
// day windows, a budget shared by two connections (two processes), pauses after a rate-limit
// answer, and limits a configuration may not exceed.
#include "sync/upstream/request_budget.h"

#include <memory>

#include <gtest/gtest.h>

#include "storage/database.h"
#include "support/temp_dir.h"

namespace gpq::sync {
namespace {

constexpr std::int64_t kNoon = 1'795'521'600'000'000;  // 2026-11-24T12:00:00Z

class FakeClock final : public BudgetClock {
 public:
  TimePoint now() override { return TimePoint::from_unix_micros(now_us); }
  void sleep_for(std::chrono::microseconds delay) override {
    now_us += delay.count();
    slept_us += delay.count();
  }
  std::int64_t now_us = kNoon;
  std::int64_t slept_us = 0;
};

class RequestBudgetTest : public ::testing::Test {
 protected:
  std::unique_ptr<storage::Database> open() {
    return storage::Database::open(dir_.path() / "gpq.db", storage::Database::Mode::read_write);
  }

  // Acquires `count` times and returns the times recorded, in seconds after kNoon.
  std::vector<double> acquire(RequestBudget& budget, int count) {
    std::vector<double> at;
    for (int i = 0; i < count; ++i) {
      EXPECT_EQ(budget.acquire(), std::nullopt) << "request " << i;
      at.push_back(static_cast<double>(clock_.now_us - kNoon) / 1e6);
    }
    return at;
  }

  test::TempDir dir_;
  FakeClock clock_;
};

int most_in_window(const std::vector<double>& at, double window_s) {
  int most = 0;
  for (std::size_t i = 0; i < at.size(); ++i) {
    int n = 0;
    for (std::size_t k = i; k < at.size() && at[k] - at[i] < window_s; ++k) {
      ++n;
    }
    most = std::max(most, n);
  }
  return most;
}

TEST_F(RequestBudgetTest, SpacesRequestsAndKeepsTheMinuteBudget) {
  const auto db = open();
  BudgetLimits limits;
  limits.min_interval = std::chrono::seconds(2);  // so that the minute's 20 decide
  RequestBudget budget(*db, "spacetrack", "ops", limits, clock_, nullptr);
  const std::vector<double> at = acquire(budget, 45);
  for (std::size_t i = 1; i < at.size(); ++i) {
    EXPECT_GE(at[i] - at[i - 1], 2.25) << "request " << i;
  }
  EXPECT_EQ(most_in_window(at, 60.0), 20);
  EXPECT_EQ(at[19], 42.75);
  EXPECT_EQ(at[20], 60.0);  // the 21st waits until the first leaves the minute
}

TEST_F(RequestBudgetTest, DefaultPaceIsOneRequestEveryThreeSeconds) {
  const auto db = open();
  std::vector<std::string> waits;
  RequestBudget budget(*db, "spacetrack", "ops", BudgetLimits{}, clock_,
                       [&waits](const std::string& message) { waits.push_back(message); });
  const std::vector<double> at = acquire(budget, 4);
  EXPECT_EQ(at, (std::vector<double>{0, 3.25, 6.5, 9.75}));  // 3 s and a margin
  ASSERT_EQ(waits.size(), 3U);
  EXPECT_EQ(waits[0], "waiting 3 s for the spacing between requests");
}

TEST_F(RequestBudgetTest, TwoConnectionsShareOneBudget) {
  const auto first = open();
  const auto second = open();
  RequestBudget a(*first, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  RequestBudget b(*second, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  RequestBudget other_account(*second, "spacetrack", "someone-else", BudgetLimits{}, clock_,
                              nullptr);
  EXPECT_EQ(a.acquire(), std::nullopt);
  EXPECT_EQ(b.acquire(), std::nullopt);
  EXPECT_EQ(clock_.now_us - kNoon, 3'250'000);  // b waited for a's request
  EXPECT_EQ(other_account.acquire(), std::nullopt);
  EXPECT_EQ(clock_.now_us - kNoon, 3'250'000);  // another account has a budget of its own
}

TEST_F(RequestBudgetTest, SpentHourStopsAndSaysWhenToRunAgain) {
  const auto db = open();
  BudgetLimits limits;
  limits.per_hour = 5;
  RequestBudget budget(*db, "spacetrack", "ops", limits, clock_, nullptr);
  acquire(budget, 5);
  const TimePoint before = clock_.now();
  const std::optional<std::string> stop = budget.acquire();
  ASSERT_TRUE(stop.has_value());
  EXPECT_EQ(*stop,
            "the hour's budget is spent (at most 20 a minute, 5 an hour, 2000 a day); run again "
            "after 13:00 UTC");
  EXPECT_EQ(clock_.now(), before);  // it did not wait an hour
  // A later run, after the hour, goes on.
  clock_.now_us = kNoon + 3600'000'000;
  EXPECT_EQ(budget.acquire(), std::nullopt);
}

TEST_F(RequestBudgetTest, SpentDayNamesTheNextDay) {
  const auto db = open();
  BudgetLimits limits;
  limits.per_day = 3;
  RequestBudget budget(*db, "spacetrack", "ops", limits, clock_, nullptr);
  clock_.now_us = kNoon + 11 * 3600'000'000LL;  // 23:00
  acquire(budget, 3);
  const std::optional<std::string> stop = budget.acquire();
  ASSERT_TRUE(stop.has_value());
  EXPECT_NE(stop->find("the day's budget is spent"), std::string::npos) << *stop;
  EXPECT_NE(stop->find("run again after 2026-11-25 23:00 UTC"), std::string::npos) << *stop;
}

TEST_F(RequestBudgetTest, RateLimitPauseHoldsEveryConnection) {
  const auto first = open();
  const auto second = open();
  RequestBudget a(*first, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  RequestBudget b(*second, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  EXPECT_EQ(a.acquire(), std::nullopt);
  a.pause(std::chrono::seconds(60));
  EXPECT_EQ(b.acquire(), std::nullopt);
  EXPECT_EQ(clock_.now_us - kNoon, 60'000'000);
  // A pause longer than the budget will wait stops the source instead.
  b.pause(std::chrono::hours(1));
  const std::optional<std::string> stop = a.acquire();
  ASSERT_TRUE(stop.has_value());
  EXPECT_NE(stop->find("a rate-limit answer"), std::string::npos) << *stop;
  EXPECT_NE(stop->find("run again after 13:01 UTC"), std::string::npos) << *stop;
}

TEST_F(RequestBudgetTest, OldRequestsArePrunedAfterAWeek) {
  const auto db = open();
  RequestBudget budget(*db, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  acquire(budget, 2);
  clock_.now_us += 8 * kMicrosPerDay;
  RequestBudget later(*db, "spacetrack", "ops", BudgetLimits{}, clock_, nullptr);
  acquire(later, 1);
  storage::UpstreamRequests log(*db, "spacetrack", "ops");
  EXPECT_EQ(log.read(TimePoint::from_unix_micros(0)).sent.size(), 1U);
}

TEST(NextSlotTest, TheLatestLimitDecides) {
  const auto t = [](double seconds) {
    return TimePoint::from_unix_micros(kNoon + static_cast<std::int64_t>(seconds * 1e6));
  };
  storage::RequestLog log;
  EXPECT_EQ(next_slot(log, t(0), BudgetLimits{}).at, t(0));
  log.sent = {t(-10), t(-1)};
  EXPECT_EQ(next_slot(log, t(0), BudgetLimits{}).at, t(2.25));
  EXPECT_EQ(next_slot(log, t(0), BudgetLimits{}).limit, "the spacing between requests");
  log.paused_until = t(30);
  EXPECT_EQ(next_slot(log, t(0), BudgetLimits{}).at, t(30));
  EXPECT_EQ(next_slot(log, t(0), BudgetLimits{}).limit, "a rate-limit answer");
}

TEST(ClampToSpacetrackTest, NeverAboveWhatSpacetrackAllows) {
  struct Case {
    BudgetLimits wanted;
    BudgetLimits expected;
    std::size_t notes;
  };
  using std::chrono::seconds;
  const Case cases[] = {
      {{seconds(3), 20, 250, 2000}, {seconds(3), 20, 250, 2000}, 0},
      {{seconds(10), 5, 50, 100}, {seconds(10), 5, 50, 100}, 0},
      {{seconds(1), 40, 400, 9000}, {seconds(2), 29, 299, 2000}, 4},
      {{seconds(-5), 0, -1, 0}, {seconds(2), 1, 1, 1}, 4},
  };
  for (const Case& c : cases) {
    std::vector<std::string> notes;
    const BudgetLimits got = clamp_to_spacetrack(c.wanted, notes);
    const std::string row = std::to_string(c.wanted.per_minute) + "/min";
    EXPECT_EQ(got.min_interval, c.expected.min_interval) << row;
    EXPECT_EQ(got.per_minute, c.expected.per_minute) << row;
    EXPECT_EQ(got.per_hour, c.expected.per_hour) << row;
    EXPECT_EQ(got.per_day, c.expected.per_day) << row;
    EXPECT_EQ(notes.size(), c.notes) << row;
  }
}

}  // namespace
}  // namespace gpq::sync
