// One request budget per Space-Track account, shared by every run and process on this mirror:
// each request is recorded in the database (storage/upstream_requests.h) and the next one
// waits until it fits every limit, or the source stops and says when to run again.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/time.h"

#include "storage/upstream_requests.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

// Defaults: well below Space-Track's < 30 a minute and < 300 an hour, and spread out.
struct BudgetLimits {
  std::chrono::seconds min_interval{3};
  int per_minute = 20;
  int per_hour = 250;
  int per_day = 2000;
};

// Limits a configuration may not go beyond: Space-Track suspends accounts that reach 30 a
// minute or 300 an hour; 2 s between requests keeps any minute below 30.
inline constexpr BudgetLimits kSpacetrackCeiling{std::chrono::seconds(2), 29, 299, 2000};

// `wanted` with each value brought within kSpacetrackCeiling (and at least 1 request per
// window); a line for each value changed goes to `notes`.
BudgetLimits clamp_to_spacetrack(const BudgetLimits& wanted, std::vector<std::string>& notes);

// When the next request may go, and which limit decides it.
struct NextSlot {
  TimePoint at;
  std::string_view limit;  // "" when nothing holds it back
};

// The first instant at or after `now` when one more request stays within `limits`, given the
// requests of the last day and any pause in `log`. Requests are spaced min_interval + 0.25 s.
NextSlot next_slot(const storage::RequestLog& log, TimePoint now, const BudgetLimits& limits);

// What "now" and "wait" mean to a budget; tests pass a fake one.
class BudgetClock {
 public:
  virtual ~BudgetClock() = default;
  virtual TimePoint now() = 0;
  virtual void sleep_for(std::chrono::microseconds delay) = 0;
};

// The wall clock (shared across processes, as the log is) and a real sleep.
BudgetClock& system_budget_clock();

class RequestBudget {
 public:
  using Notice = std::function<void(const std::string&)>;

  // `db` and `clock` must outlive the budget. `notice` hears of every wait (may be empty).
  // A wait longer than `max_wait` stops the source instead.
  RequestBudget(storage::Database& db, std::string source, std::string account, BudgetLimits limits,
                BudgetClock& clock, Notice notice,
                std::chrono::seconds max_wait = std::chrono::minutes(6));

  // Waits until one more request fits and records it (std::nullopt), or, when the wait would
  // be longer than max_wait, records nothing and returns why, with when to run again.
  std::optional<std::string> acquire();

  // After a rate-limit answer: no request of any kind, by any process, for `delay`.
  void pause(std::chrono::seconds delay);

  // The earliest time the next request could go, for messages.
  TimePoint next_time();

 private:
  storage::UpstreamRequests requests_;
  BudgetLimits limits_;
  BudgetClock& clock_;
  Notice notice_;
  std::chrono::seconds max_wait_;
  bool pruned_ = false;
};

// "11:42 UTC" on the same UTC day as `now`, else "2026-11-25 11:42 UTC" (minutes rounded up).
std::string format_run_again(TimePoint at, TimePoint now);

}  // namespace gpq::sync
