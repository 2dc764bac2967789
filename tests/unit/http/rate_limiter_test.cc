#include "http/limits/rate_limiter.h"

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

using std::chrono::seconds;

TEST(RateLimiterTest, WaitIsTheTimeUntilATokenIsBack) {
  RateLimiter limiter({0.5, 1}, {2, 1});
  const auto start = RateLimiter::Clock::now();
  EXPECT_EQ(limiter.take(1, Lane::standard, start), 0);
  EXPECT_EQ(limiter.take(1, Lane::standard, start), 2);  // one token every 2 s
  EXPECT_EQ(limiter.take(1, Lane::standard, start + seconds(1)), 1);
  EXPECT_EQ(limiter.take(1, Lane::standard, start + seconds(2)), 0);
  EXPECT_EQ(limiter.take(1, Lane::heavy, start), 0);  // the other lane is a bucket of its own
  EXPECT_EQ(limiter.take(1, Lane::heavy, start), 1);  // never less than a second
}

// 1 / rate overflows an int (or is infinite) for rates this small; the wait stops at a day.
TEST(RateLimiterTest, WaitOfATinyRateIsAtMostADay) {
  for (const double rate : {1e-300, 1e-9, 1.0 / (2 * kMaxRetrySeconds)}) {
    SCOPED_TRACE(rate);
    RateLimiter limiter({rate, 1}, {rate, 1});
    const auto start = RateLimiter::Clock::now();
    EXPECT_EQ(limiter.take(7, Lane::standard, start), 0);
    EXPECT_EQ(limiter.take(7, Lane::standard, start), kMaxRetrySeconds);
    EXPECT_EQ(limiter.take(7, Lane::standard, start + seconds(1)), kMaxRetrySeconds);
  }
  EXPECT_EQ(kMaxRetrySeconds, 86'400);
}

}  // namespace
}  // namespace gpq::http
