// Per-key token buckets: a standard lane for most endpoints and a slower lane for the
// history, nearest and adjacent endpoints (docs/API.md "Limits").
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace gpq::http {

// The longest Retry-After the limiter gives: however slow the rate, a client is never told
// to wait more than a day.
inline constexpr int kMaxRetrySeconds = 86'400;

// The slowest rate `gpq serve` accepts: one request every 1000 seconds.
inline constexpr double kMinRate = 0.001;

struct BucketRate {
  double per_second = 10;
  double burst = 20;
};

enum class Lane : std::uint8_t { standard, heavy };

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RateLimiter(BucketRate standard, BucketRate heavy) : rates_{standard, heavy} {}

  // Takes a token from the key's bucket of `lane`. 0 when taken; otherwise the whole
  // seconds (>= 1) until one will be there, and nothing is taken.
  int take(std::int64_t key_id, Lane lane, Clock::time_point now = Clock::now());

  // Returns a token taken for a request the monthly quota refused (never one that was answered).
  void give_back(std::int64_t key_id, Lane lane);

  const BucketRate& rate(Lane lane) const { return rates_[static_cast<std::size_t>(lane)]; }

 private:
  struct Bucket {
    double tokens = -1;  // < 0: never used, starts full
    Clock::time_point refilled;
  };

  std::array<BucketRate, 2> rates_;
  std::mutex mutex_;  // guards buckets_
  std::unordered_map<std::int64_t, std::array<Bucket, 2>> buckets_;
};

}  // namespace gpq::http
