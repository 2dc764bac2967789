// Housekeeping of a running server: keeps its keys and quota counts in step with the
// database and its access log on disk, from a thread that wakes once a second.
#pragma once

#include <stop_token>
#include <thread>

#include "gpq/time.h"

#include "http/access_log.h"
#include "http/key_ring.h"
#include "http/quota.h"
#include "storage/database.h"

namespace gpq::http {

class Housekeeper {
 public:
  // All four must outlive this object. `accounts` is used only by the calls below and by
  // the thread; nothing else may use it meanwhile.
  Housekeeper(storage::Database& accounts, KeyRing& keys, QuotaBook& quota, AccessLog& log)
      : accounts_(accounts), keys_(keys), quota_(quota), log_(log) {}

  // The active keys into the ring. Throws Error on database failure.
  void load_keys();
  // The counts already stored for the month of `now`. Throws Error on database failure.
  void load_counts(TimePoint now);

  // Starts the thread: once a second, save_counts(), the keys reloaded (a failure is
  // reported on stderr and retried), the log flushed. It stops when finish() is called or
  // this object is destroyed.
  void start();
  // Stops and joins the thread, then saves the last counts and flushes the log.
  void finish();

 private:
  void run(const std::stop_token& stop);
  // Pending counts to the database; kept for the next round when it is busy.
  void save_counts();

  storage::Database& accounts_;
  KeyRing& keys_;
  QuotaBook& quota_;
  AccessLog& log_;
  std::jthread thread_;  // last: stopped and joined before the members it uses go
};

}  // namespace gpq::http
