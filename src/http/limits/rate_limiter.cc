#include "http/limits/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace gpq::http {

int RateLimiter::take(std::int64_t key_id, Lane lane, Clock::time_point now) {
  const BucketRate& rate = this->rate(lane);
  const std::lock_guard lock(mutex_);
  Bucket& bucket = buckets_[key_id][static_cast<std::size_t>(lane)];
  if (bucket.tokens < 0) {
    bucket.tokens = rate.burst;
  } else {
    const double elapsed = std::chrono::duration<double>(now - bucket.refilled).count();
    bucket.tokens = std::min(rate.burst, bucket.tokens + std::max(0.0, elapsed) * rate.per_second);
  }
  bucket.refilled = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  // Compared as a double: for a tiny rate the wait is beyond any int, or infinite.
  const double wait = std::ceil((1 - bucket.tokens) / rate.per_second);
  if (!(wait < kMaxRetrySeconds)) {
    return kMaxRetrySeconds;
  }
  return std::max(1, static_cast<int>(wait));
}

void RateLimiter::give_back(std::int64_t key_id, Lane lane) {
  const BucketRate& rate = this->rate(lane);
  const std::lock_guard lock(mutex_);
  Bucket& bucket = buckets_[key_id][static_cast<std::size_t>(lane)];
  bucket.tokens = std::min(rate.burst, bucket.tokens + 1);
}

}  // namespace gpq::http
