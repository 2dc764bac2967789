// Client-side pacing of requests to an upstream that publishes per-minute and per-hour limits.
#pragma once

#include <chrono>
#include <deque>

namespace gpq::sync {

class RequestLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RequestLimiter(int per_minute, int per_hour) : per_minute_(per_minute), per_hour_(per_hour) {}

  // False when the hourly budget is spent (the caller stops for this run); otherwise waits
  // until the per-minute budget allows one more request, and counts it.
  bool acquire();

 private:
  int per_minute_;
  int per_hour_;
  std::deque<Clock::time_point> sent_;  // within the last hour
};

}  // namespace gpq::sync
