#include "http/limits/quota.h"

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

constexpr TimePoint kNow = TimePoint::from_unix_micros(1'790'000'000'000'000);

// SERVE.md "Limits": only 200, 400, 404 and 422 answers count against the quota.
TEST(QuotaTest, OnlyOkBadRequestNotFoundAndUnprocessableCount) {
  for (const int status : {200, 400, 404, 422}) {
    EXPECT_TRUE(counts_against_quota(status)) << status;
  }
  for (const int status : {304, 403, 405, 413, 414, 429, 431, 500, 502, 503}) {
    EXPECT_FALSE(counts_against_quota(status)) << status;
  }
}

TEST(QuotaTest, ReleaseGivesBackAReservation) {
  QuotaBook book(3);
  EXPECT_EQ(book.reserve(1, kNow).remaining, 2);
  EXPECT_EQ(book.release(1, kNow), 3);
  EXPECT_EQ(book.remaining(1, kNow), 3);
  EXPECT_TRUE(book.take_pending().empty());
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(book.reserve(1, kNow).granted);
  }
  EXPECT_FALSE(book.reserve(1, kNow).granted);
  EXPECT_EQ(book.remaining(2, kNow), 3);  // another key has its own count
}

}  // namespace
}  // namespace gpq::http
