// The monthly request quota of each key: counted in memory, written to the database by
// the server's housekeeping thread about once a second, read back at start so that a
// restart does not reset it. Months are UTC calendar months (month_of() in gpq/time.h).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gpq/time.h"

namespace gpq::http {

// Whether an answer with `status` counts against the key's quota (SERVE.md "Limits"): 200,
// 400 and 404 do; everything else (304, 403, 429, 5xx, ...) is given back.
bool counts_against_quota(int status);

class QuotaBook {
 public:
  explicit QuotaBook(std::int64_t monthly_limit) : limit_(monthly_limit) {}

  // The counts already stored for `month` (read at start).
  void load(const std::string& month, std::unordered_map<std::int64_t, std::int64_t> counts);

  struct Reservation {
    bool granted = false;
    std::int64_t remaining = 0;  // after this request
  };
  // Counts one request of the key in the month of `now`, unless the quota is used up.
  Reservation reserve(std::int64_t key_id, TimePoint now);
  // Takes back a reservation of a request whose answer does not count (counts_against_quota);
  // the new remainder.
  std::int64_t release(std::int64_t key_id, TimePoint now);
  std::int64_t remaining(std::int64_t key_id, TimePoint now);
  std::int64_t limit() const { return limit_; }
  // Unix seconds of the next month start after `now` (X-RateLimit-Reset).
  std::int64_t reset_seconds(TimePoint now);

  // Counts not yet written to the database, by month; they are forgotten here. A failed
  // write gives them back with restore().
  using Pending = std::map<std::string, std::vector<std::pair<std::int64_t, std::int64_t>>>;
  Pending take_pending();
  void restore(const Pending& pending);

 private:
  // Makes the month of `now` current (clearing the in-memory counts when it changed).
  void roll_to(TimePoint now);

  std::int64_t limit_;
  std::mutex mutex_;  // guards everything below
  std::string month_;
  // [month_start_us_, next_month_us_) is month_, so most calls compare two integers.
  std::int64_t month_start_us_ = 0;
  std::int64_t next_month_us_ = 0;
  std::unordered_map<std::int64_t, std::int64_t> used_;  // in month_, stored or not
  std::map<std::string, std::unordered_map<std::int64_t, std::int64_t>> pending_;
};

}  // namespace gpq::http
