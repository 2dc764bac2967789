// The limits of one server, in its memory: the token buckets of RateLimiter and the monthly
// counts of QuotaBook (which the housekeeper writes to the database).
#pragma once

#include "http/limits/limit_book.h"
#include "http/limits/quota.h"
#include "http/limits/rate_limiter.h"

namespace gpq::http {

class LocalLimits final : public LimitBook {
 public:
  // Both must outlive this object.
  LocalLimits(RateLimiter& limiter, QuotaBook& quota) : limiter_(limiter), quota_(quota) {}

  LimitDecision take(std::int64_t key_id, Lane lane, TimePoint now) override;
  std::optional<std::int64_t> release_quota(std::int64_t key_id, TimePoint now) override;
  std::optional<std::int64_t> remaining(std::int64_t key_id, TimePoint now) override;
  std::int64_t limit() const override { return quota_.limit(); }

 private:
  RateLimiter& limiter_;
  QuotaBook& quota_;
};

}  // namespace gpq::http
