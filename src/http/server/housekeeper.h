// Housekeeping of a running server: keeps its quota counts in step with the database and its
// access log on disk, from a thread that wakes once a second. (Keys: key_watch.h. Freed memory
// goes back to the system through jemalloc's own background thread: allocator_settings.cc.)
#pragma once

#include <stop_token>
#include <thread>

#include "gpq/time.h"

#include "http/limits/quota.h"
#include "http/server/access_log.h"
#include "storage/database.h"

namespace gpq::http {

class Housekeeper {
 public:
  // All three must outlive this object. `accounts` is used only by the calls below and by
  // the thread; nothing else may use it meanwhile.
  Housekeeper(storage::Database& accounts, QuotaBook& quota, AccessLog& log)
      : accounts_(accounts), quota_(quota), log_(log) {}

  // The counts already stored for the month of `now`. Throws Error on database failure.
  void load_counts(TimePoint now);

  // Starts the thread: once a second, save_counts() and the log flushed. It stops when finish() is
  // called or this object is destroyed.
  void start();
  // Stops and joins the thread, then saves the last counts and flushes the log.
  void finish();

 private:
  void run(const std::stop_token& stop);
  // Pending counts to the database; kept for the next round when it is busy.
  void save_counts();

  storage::Database& accounts_;
  QuotaBook& quota_;
  AccessLog& log_;
  std::jthread thread_;  // last: stopped and joined before the members it uses go
};

}  // namespace gpq::http
