#include "sync/upstream/request_limiter.h"

#include <algorithm>
#include <thread>

namespace gpq::sync {

bool RequestLimiter::acquire() {
  auto now = Clock::now();
  while (!sent_.empty() && now - sent_.front() > std::chrono::hours(1)) {
    sent_.pop_front();
  }
  if (static_cast<int>(sent_.size()) >= per_hour_) {
    return false;
  }
  const auto in_last_minute = [&] {
    return std::count_if(sent_.begin(), sent_.end(),
                         [&](Clock::time_point t) { return now - t < std::chrono::minutes(1); });
  };
  while (in_last_minute() >= per_minute_) {
    const auto oldest = *std::find_if(sent_.begin(), sent_.end(), [&](Clock::time_point t) {
      return now - t < std::chrono::minutes(1);
    });
    std::this_thread::sleep_until(oldest + std::chrono::minutes(1));
    now = Clock::now();
  }
  sent_.push_back(now);
  return true;
}

}  // namespace gpq::sync
