// The limits of a fleet: every replica counts in one Redis. Each request is one EVALSHA of a
// Lua script that refills and takes from the key's bucket of its lane and reserves a unit of
// the month's quota atomically, on Redis's clock (TIME), so replicas' clocks do not matter.
//
// Keys (the {k<id>} hash tag keeps one API key's counters in one Redis Cluster slot):
//   gpq:{k<id>}:bucket:<standard|heavy>   hash: tokens, at (seconds); expires once full again
//   gpq:{k<id>}:usage:<YYYY-MM>           the month's counted requests; expires after 62 days
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "http/limits/limit_book.h"
#include "http/limits/redis_connection.h"
#include "http/limits/redis_script.h"

namespace gpq::http {

// Seconds a client refused because Redis is unreachable is told to wait (Retry-After).
inline constexpr int kRedisRetryAfterSeconds = 1;

class RedisLimits final : public LimitBook {
 public:
  // `pool` must outlive this object.
  RedisLimits(RedisPool& pool, BucketRate standard, BucketRate heavy, std::int64_t monthly_limit);

  // Outcome::unavailable when Redis does not answer within the pool's timeouts.
  LimitDecision take(std::int64_t key_id, Lane lane, TimePoint now) override;
  // Nothing is given back when Redis does not answer (std::nullopt): the request stays
  // counted, the safe side of a quota.
  std::optional<std::int64_t> release_quota(std::int64_t key_id, TimePoint now) override;
  std::optional<std::int64_t> remaining(std::int64_t key_id, TimePoint now) override;
  std::int64_t limit() const override { return limit_; }

  // The counted requests of `key_id` in `month` ("YYYY-MM"). Throws RedisUnavailable.
  static std::int64_t usage(RedisConnection& connection, std::int64_t key_id,
                            std::string_view month);

 private:
  RedisReply run(std::string_view operation, std::int64_t key_id, Lane lane);

  RedisPool& pool_;
  std::int64_t limit_;
  // The script's arguments as text, made once: per lane {rate per second, burst}.
  std::array<std::pair<std::string, std::string>, 2> rate_texts_;
  std::string limit_text_;
  std::string max_wait_text_;
  RedisScript script_;
};

}  // namespace gpq::http
