// The per-key limits admission asks about before a request reaches an endpoint: the token
// bucket of the request's lane and the monthly quota, decided together. LocalLimits keeps
// them in this process (local_limits.h); RedisLimits shares them between replicas
// (redis_limits.h), so that N servers enforce the limits of one.
#pragma once

#include <cstdint>
#include <optional>

#include "gpq/time.h"

#include "http/limits/rate_limiter.h"

namespace gpq::http {

// Why a request was answered 429: its lane's rate, or the key's monthly quota.
enum class LimitReason : std::uint8_t { rate, quota };

struct LimitDecision {
  enum class Outcome : std::uint8_t {
    admitted,       // a token taken and a quota unit reserved
    rate_limited,   // no token: retry_after seconds until one is back
    quota_used_up,  // a token was there, the month's quota was not; nothing taken
    unavailable,    // the counters cannot be reached: retry_after seconds; nothing taken
  };
  Outcome outcome = Outcome::admitted;
  int retry_after = 0;
  std::optional<std::int64_t> remaining;  // the key's quota left after this request, if known
};

class LimitBook {
 public:
  virtual ~LimitBook() = default;

  // Takes a token of `lane` and reserves a quota unit in the month of `now`, or neither.
  // Thread-safe; never throws for an unreachable store (Outcome::unavailable).
  virtual LimitDecision take(std::int64_t key_id, Lane lane, TimePoint now) = 0;

  // Gives back the quota unit of an admitted request whose answer does not count. Its rate
  // token stays taken whatever the answer, a 304 included: the server did the work (or had to,
  // to know the validator), so a conditional header is never a way around the rate.
  // The quota left, if known.
  virtual std::optional<std::int64_t> release_quota(std::int64_t key_id, TimePoint now) = 0;

  // The key's quota left in the month of `now`, if known.
  virtual std::optional<std::int64_t> remaining(std::int64_t key_id, TimePoint now) = 0;

  // The monthly quota.
  virtual std::int64_t limit() const = 0;
};

}  // namespace gpq::http
