#include "http/limits/redis_limits.h"

#include <fmt/core.h>

namespace gpq::http {
namespace {

// KEYS[1] the bucket, KEYS[2] the usage prefix; ARGV: operation (take, release, peek), rate per
// second, burst, monthly quota, longest Retry-After. `release` gives back a quota unit only:
// the bucket is not touched (a 304 keeps its token spent, as in local_limits.cc).
// Returns {wait, used}: wait 0 admitted, > 0 seconds until a token, -1 quota used up.
// The bucket is RateLimiter's (rate_limiter.cc): refilled by elapsed time up to the burst,
// kept as one string "TOKENS AT" that expires once it would be full again. An admitted
// request costs TIME, GET, INCR and SET (about 4 us of Redis's time).
constexpr std::string_view kLimitsScript = R"lua(
local function month_of(seconds)
  local z = math.floor(seconds / 86400) + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524)
                          - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local month = mp < 10 and mp + 3 or mp - 9
  local year = yoe + era * 400
  if month <= 2 then year = year + 1 end
  return string.format('%04d-%02d', year, month)
end
local op, rate, burst = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local limit, max_wait = tonumber(ARGV[4]), tonumber(ARGV[5])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local usage = KEYS[2] .. month_of(tonumber(clock[1]))
if op == 'peek' then return {0, tonumber(redis.call('GET', usage) or '0')} end
if op == 'release' then
  local used = tonumber(redis.call('GET', usage) or '0')
  if used > 0 then used = redis.call('DECR', usage) end
  return {0, used}
end
local tokens = burst
local state = redis.call('GET', KEYS[1])
if state then
  local kept, at = string.match(state, '^(%S+) (%S+)$')
  tokens = math.min(burst, tonumber(kept) + math.max(0, now - tonumber(at)) * rate)
end
local wait, used = 0, 0
if tokens < 1 then
  wait = math.max(1, math.min(max_wait, math.ceil((1 - tokens) / rate)))
  used = tonumber(redis.call('GET', usage) or '0')
else
  used = redis.call('INCR', usage)
  if used > limit then
    used = redis.call('DECR', usage)
    wait = -1
  else
    tokens = tokens - 1
    if used == 1 then redis.call('EXPIRE', usage, 62 * 86400) end
  end
end
local full_in = math.ceil((burst - tokens) / rate * 1000) + 1000
redis.call('SET', KEYS[1], string.format('%.17g %.6f', tokens, now),
           'PX', math.min(2592000000, full_in))
return {wait, used}
)lua";

std::string bucket_key(std::int64_t key_id, Lane lane) {
  return fmt::format("gpq:{{k{}}}:bucket:{}", key_id, lane == Lane::heavy ? "heavy" : "standard");
}

std::string usage_prefix(std::int64_t key_id) {
  return fmt::format("gpq:{{k{}}}:usage:", key_id);
}

}  // namespace

RedisLimits::RedisLimits(RedisPool& pool, BucketRate standard, BucketRate heavy,
                         std::int64_t monthly_limit)
    : pool_(pool),
      limit_(monthly_limit),
      limit_text_(std::to_string(monthly_limit)),
      max_wait_text_(std::to_string(kMaxRetrySeconds)),
      script_(std::string(kLimitsScript)) {
  const std::array<BucketRate, 2> rates{standard, heavy};
  for (std::size_t lane = 0; lane < rates.size(); ++lane) {
    rate_texts_[lane] = {fmt::format("{:.17g}", rates[lane].per_second),
                         fmt::format("{:.17g}", rates[lane].burst)};
  }
}

RedisReply RedisLimits::run(std::string_view operation, std::int64_t key_id, Lane lane) {
  // Not a structured binding: clang 14 cannot capture one in the lambda below.
  const std::string& per_second = rate_texts_[static_cast<std::size_t>(lane)].first;
  const std::string& burst = rate_texts_[static_cast<std::size_t>(lane)].second;
  const std::string bucket = bucket_key(key_id, lane);
  const std::string usage = usage_prefix(key_id);
  return pool_.with([&](RedisConnection& connection) {
    RedisReply reply = script_.run(connection, {bucket, usage},
                                   {operation, per_second, burst, limit_text_, max_wait_text_});
    if (reply.type != RedisReply::Type::array || reply.elements.size() != 2) {
      throw RedisUnavailable("Redis limits script: unexpected reply");
    }
    return reply;
  });
}

LimitDecision RedisLimits::take(std::int64_t key_id, Lane lane, TimePoint /*now*/) {
  LimitDecision decision;
  try {
    const RedisReply reply = run("take", key_id, lane);
    const long long wait = reply.elements[0].integer;
    const std::int64_t used = reply.elements[1].integer;
    decision.remaining = std::max<std::int64_t>(0, limit_ - used);
    if (wait > 0) {
      decision.outcome = LimitDecision::Outcome::rate_limited;
      decision.retry_after = static_cast<int>(wait);
    } else if (wait < 0) {
      decision.outcome = LimitDecision::Outcome::quota_used_up;
    }
  } catch (const RedisUnavailable& error) {
    decision.outcome = LimitDecision::Outcome::unavailable;
    decision.retry_after = kRedisRetryAfterSeconds;
    decision.remaining.reset();
  }
  return decision;
}

std::optional<std::int64_t> RedisLimits::release_quota(std::int64_t key_id, TimePoint /*now*/) {
  try {
    return std::max<std::int64_t>(
        0, limit_ - run("release", key_id, Lane::standard).elements[1].integer);
  } catch (const RedisUnavailable&) {
    return std::nullopt;
  }
}

std::optional<std::int64_t> RedisLimits::remaining(std::int64_t key_id, TimePoint /*now*/) {
  try {
    return std::max<std::int64_t>(0,
                                  limit_ - run("peek", key_id, Lane::standard).elements[1].integer);
  } catch (const RedisUnavailable&) {
    return std::nullopt;
  }
}

std::int64_t RedisLimits::usage(RedisConnection& connection, std::int64_t key_id,
                                std::string_view month) {
  const std::string key = usage_prefix(key_id) + std::string(month);
  const RedisReply reply = connection.checked({"GET", key});
  return reply.type == RedisReply::Type::text ? std::stoll(reply.text) : 0;
}

}  // namespace gpq::http
