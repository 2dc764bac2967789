#include "sync/upstream/request_budget.h"

#include <algorithm>

#include <fmt/core.h>

#include "core/stop_request.h"

namespace gpq::sync {
namespace {

constexpr std::int64_t kMinuteUs = 60 * kMicrosPerSecond;
constexpr std::int64_t kHourUs = 60 * kMinuteUs;
// Requests older than this are forgotten; a day is all the limits look at.
constexpr std::int64_t kKeepUs = 7 * kMicrosPerDay;
constexpr std::string_view kPauseLimit = "a rate-limit answer";
// Added to the spacing, so that requests that left 3 s apart also arrive 3 s apart when the
// network delays one more than the next.
constexpr std::int64_t kSpacingMarginUs = 250'000;

TimePoint plus(TimePoint t, std::int64_t micros) {
  return TimePoint::from_unix_micros(t.unix_micros() + micros);
}

// The first instant >= at when fewer than `limit` of `sent` fall in the `window_us` before it.
TimePoint window_frees(const std::vector<TimePoint>& sent, TimePoint at, std::int64_t window_us,
                       int limit) {
  const auto first_inside = std::upper_bound(sent.begin(), sent.end(), plus(at, -window_us));
  const auto inside = std::distance(first_inside, sent.end());
  if (inside < limit) {
    return at;
  }
  // The window must lose its (inside - limit + 1) oldest requests.
  return plus(*(first_inside + (inside - limit)), window_us);
}

class SystemClock final : public BudgetClock {
 public:
  TimePoint now() override { return system_now(); }
  void sleep_for(std::chrono::microseconds delay) override {
    process_stop_request().sleep_for(delay);  // a stop ends the wait, and the run
  }
};

}  // namespace

BudgetLimits clamp_to_spacetrack(const BudgetLimits& wanted, std::vector<std::string>& notes) {
  BudgetLimits limits = wanted;
  const auto clamp = [&](int& value, int ceiling, std::string_view what) {
    if (value > ceiling) {
      notes.push_back(
          fmt::format("{} {} is above what Space-Track allows; using {}", what, value, ceiling));
      value = ceiling;
    } else if (value < 1) {
      notes.push_back(fmt::format("{} {} allows no request at all; using 1", what, value));
      value = 1;
    }
  };
  clamp(limits.per_minute, kSpacetrackCeiling.per_minute, "requests per minute");
  clamp(limits.per_hour, kSpacetrackCeiling.per_hour, "requests per hour");
  clamp(limits.per_day, kSpacetrackCeiling.per_day, "requests per day");
  if (limits.min_interval < kSpacetrackCeiling.min_interval) {
    notes.push_back(fmt::format("{} s between requests is too close; using {} s",
                                limits.min_interval.count(),
                                kSpacetrackCeiling.min_interval.count()));
    limits.min_interval = kSpacetrackCeiling.min_interval;
  }
  limits.min_interval = std::min(limits.min_interval, std::chrono::seconds(3600));
  return limits;
}

NextSlot next_slot(const storage::RequestLog& log, TimePoint now, const BudgetLimits& limits) {
  NextSlot slot{now, ""};
  const auto later = [&slot](TimePoint at, std::string_view limit) {
    if (at > slot.at) {
      slot = {at, limit};
    }
  };
  if (log.paused_until) {
    later(*log.paused_until, kPauseLimit);
  }
  if (!log.sent.empty()) {
    later(plus(log.sent.back(), limits.min_interval.count() * kMicrosPerSecond + kSpacingMarginUs),
          "the spacing between requests");
  }
  // Each window only empties as time goes on, so the latest of the three satisfies all.
  const TimePoint from = slot.at;
  later(window_frees(log.sent, from, kMinuteUs, limits.per_minute), "the minute's budget");
  later(window_frees(log.sent, from, kHourUs, limits.per_hour), "the hour's budget");
  later(window_frees(log.sent, from, kMicrosPerDay, limits.per_day), "the day's budget");
  return slot;
}

BudgetClock& system_budget_clock() {
  static SystemClock clock;
  return clock;
}

RequestBudget::RequestBudget(storage::Database& db, std::string source, std::string account,
                             BudgetLimits limits, BudgetClock& clock, Notice notice,
                             std::chrono::seconds max_wait)
    : requests_(db, std::move(source), std::move(account)),
      limits_(limits),
      clock_(clock),
      notice_(std::move(notice)),
      max_wait_(max_wait) {}

std::optional<std::string> RequestBudget::acquire() {
  for (;;) {
    const TimePoint now = clock_.now();
    if (!pruned_) {
      requests_.prune(plus(now, -kKeepUs));
      pruned_ = true;
    }
    NextSlot slot;
    const bool recorded =
        requests_.record_if(plus(now, -kMicrosPerDay), now, [&](const storage::RequestLog& log) {
          slot = next_slot(log, now, limits_);
          return slot.at <= now;
        });
    if (recorded) {
      return std::nullopt;
    }
    const std::int64_t wait_us = slot.at.unix_micros() - now.unix_micros();
    if (wait_us > max_wait_.count() * kMicrosPerSecond && slot.limit == kPauseLimit) {
      return fmt::format(
          "Space-Track asked for a pause after a rate-limit answer; run again "
          "after {}",
          format_run_again(slot.at, now));
    }
    if (wait_us > max_wait_.count() * kMicrosPerSecond) {
      return fmt::format(
          "{} is spent (at most {} a minute, {} an hour, {} a day); run again "
          "after {}",
          slot.limit, limits_.per_minute, limits_.per_hour, limits_.per_day,
          format_run_again(slot.at, now));
    }
    if (notice_ && wait_us >= kMicrosPerSecond) {
      notice_(
          fmt::format("waiting {:.0f} s for {}", static_cast<double>(wait_us) / 1e6, slot.limit));
    }
    clock_.sleep_for(std::chrono::microseconds(wait_us));
  }
}

void RequestBudget::pause(std::chrono::seconds delay) {
  requests_.pause_until(plus(clock_.now(), delay.count() * kMicrosPerSecond));
}

TimePoint RequestBudget::next_time() {
  const TimePoint now = clock_.now();
  return next_slot(requests_.read(plus(now, -kMicrosPerDay)), now, limits_).at;
}

std::string format_run_again(TimePoint at, TimePoint now) {
  // Rounded up to the minute, so that "after 11:42" is never a little early.
  const TimePoint up =
      TimePoint::from_unix_micros((at.unix_micros() + kMinuteUs - 1) / kMinuteUs * kMinuteUs);
  const CivilTime c = to_civil(up);
  if (format_date(up) == format_date(now)) {
    return fmt::format("{:02}:{:02} UTC", c.hour, c.minute);
  }
  return fmt::format("{} {:02}:{:02} UTC", format_date(up), c.hour, c.minute);
}

}  // namespace gpq::sync
