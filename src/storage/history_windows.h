// The gp_history windows of CREATION_DATE a back-fill has downloaded whole (history_window),
// so that a re-run asks only for what is missing and a complete window is never asked again.
#pragma once

#include <cstdint>
#include <string>

#include "gpq/time.h"

namespace gpq::storage {

class Database;

// Each call is one short statement. Not thread-safe. Throws Error{internal}.
class HistoryWindows {
 public:
  HistoryWindows(Database& db, std::string source) : db_(db), source_(std::move(source)) {}

  // True when one recorded window covers [start, end].
  bool covered(TimePoint start, TimePoint end) const;
  // Records [start, end] as downloaded whole at `completed` with `sets` sets.
  void record(TimePoint start, TimePoint end, TimePoint completed, std::uint64_t sets);
  std::int64_t count() const;

 private:
  Database& db_;
  std::string source_;
};

}  // namespace gpq::storage
