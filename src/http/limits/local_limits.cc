#include "http/limits/local_limits.h"

namespace gpq::http {

LimitDecision LocalLimits::take(std::int64_t key_id, Lane lane, TimePoint now) {
  LimitDecision decision;
  if (const int wait = limiter_.take(key_id, lane); wait > 0) {
    decision.outcome = LimitDecision::Outcome::rate_limited;
    decision.retry_after = wait;
    return decision;
  }
  const QuotaBook::Reservation reservation = quota_.reserve(key_id, now);
  if (!reservation.granted) {
    limiter_.give_back(key_id, lane);
    decision.outcome = LimitDecision::Outcome::quota_used_up;
    decision.remaining = 0;
    return decision;
  }
  decision.remaining = reservation.remaining;
  return decision;
}

std::optional<std::int64_t> LocalLimits::release_quota(std::int64_t key_id, TimePoint now) {
  return quota_.release(key_id, now);
}

std::optional<std::int64_t> LocalLimits::remaining(std::int64_t key_id, TimePoint now) {
  return quota_.remaining(key_id, now);
}

}  // namespace gpq::http
