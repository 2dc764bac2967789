// The monthly request quota of each key: counted in memory, written to the database by
// the server's housekeeping thread about once a second, read back at start so that a
// restart does not reset it. Months are UTC calendar months.
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

// "2026-11" for any time in November 2026 (UTC).
std::string month_of(TimePoint t);
// 00:00 UTC on the first day of the month after `t`.
TimePoint next_month_start(TimePoint t);

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
  // Takes back a reservation of a request that did not count (a 304).
  void release(std::int64_t key_id, TimePoint now);
  std::int64_t remaining(std::int64_t key_id, TimePoint now);
  std::int64_t limit() const { return limit_; }

  // Counts not yet written to the database, by month; they are forgotten here. A failed
  // write gives them back with restore().
  using Pending = std::map<std::string, std::vector<std::pair<std::int64_t, std::int64_t>>>;
  Pending take_pending();
  void restore(const Pending& pending);

 private:
  void roll_to(const std::string& month);

  std::int64_t limit_;
  std::mutex mutex_;  // guards everything below
  std::string month_;
  std::unordered_map<std::int64_t, std::int64_t> used_;  // in month_, stored or not
  std::map<std::string, std::unordered_map<std::int64_t, std::int64_t>> pending_;
};

}  // namespace gpq::http
