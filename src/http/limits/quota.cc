#include "http/limits/quota.h"

#include <algorithm>

#include <fmt/core.h>

namespace gpq::http {

bool counts_against_quota(int status) {
  return status == 200 || status == 400 || status == 404 || status == 422;
}

void QuotaBook::load(const std::string& month,
                     std::unordered_map<std::int64_t, std::int64_t> counts) {
  const std::lock_guard lock(mutex_);
  month_ = month;
  month_start_us_ = 0;
  next_month_us_ = 0;  // the next call settles the boundaries
  used_ = std::move(counts);
}

void QuotaBook::roll_to(TimePoint now) {
  const std::int64_t us = now.unix_micros();
  if (us >= month_start_us_ && us < next_month_us_) {
    return;
  }
  const std::string month = month_of(now);
  CivilTime start = to_civil(now);
  start = {start.year, start.month, 1};
  month_start_us_ = from_civil(start).unix_micros();
  next_month_us_ = next_month_start(now).unix_micros();
  if (month != month_) {
    // Counts of the old month still pending keep their month in pending_.
    month_ = month;
    used_.clear();
  }
}

QuotaBook::Reservation QuotaBook::reserve(std::int64_t key_id, TimePoint now) {
  const std::lock_guard lock(mutex_);
  roll_to(now);
  std::int64_t& used = used_[key_id];
  if (used >= limit_) {
    return {false, 0};
  }
  ++used;
  ++pending_[month_][key_id];
  return {true, limit_ - used};
}

std::int64_t QuotaBook::release(std::int64_t key_id, TimePoint now) {
  const std::lock_guard lock(mutex_);
  roll_to(now);
  std::int64_t& used = used_[key_id];
  if (used > 0) {
    --used;
    --pending_[month_][key_id];
  }
  return limit_ - used;
}

std::int64_t QuotaBook::remaining(std::int64_t key_id, TimePoint now) {
  const std::lock_guard lock(mutex_);
  roll_to(now);
  const auto found = used_.find(key_id);
  return std::max<std::int64_t>(0, limit_ - (found == used_.end() ? 0 : found->second));
}

std::int64_t QuotaBook::reset_seconds(TimePoint now) {
  const std::lock_guard lock(mutex_);
  roll_to(now);
  return next_month_us_ / kMicrosPerSecond;
}

QuotaBook::Pending QuotaBook::take_pending() {
  Pending out;
  const std::lock_guard lock(mutex_);
  for (const auto& [month, counts] : pending_) {
    for (const auto& [key_id, count] : counts) {
      if (count != 0) {
        out[month].emplace_back(key_id, count);
      }
    }
  }
  pending_.clear();
  return out;
}

void QuotaBook::restore(const Pending& pending) {
  const std::lock_guard lock(mutex_);
  for (const auto& [month, counts] : pending) {
    for (const auto& [key_id, count] : counts) {
      pending_[month][key_id] += count;
    }
  }
}

}  // namespace gpq::http
