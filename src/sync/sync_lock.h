// One sync at a time per database: an advisory lock on "<database>.sync-lock", released
// when the process ends, however it ends.
#pragma once

#include <filesystem>

namespace gpq::sync {

class SyncLock {
 public:
  // wait: block until the other sync is done; else throw Error{internal} at once, saying
  // another sync holds the database.
  SyncLock(const std::filesystem::path& database, bool wait);
  ~SyncLock();
  SyncLock(const SyncLock&) = delete;
  SyncLock& operator=(const SyncLock&) = delete;
  SyncLock(SyncLock&&) = delete;
  SyncLock& operator=(SyncLock&&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace gpq::sync
