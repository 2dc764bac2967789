// One sync at a time per database: an open-file-description lock (F_OFD_SETLK) on
// "<database>.sync-lock", released when the process ends, however it ends. Readers test it
// without taking it, to tell a run that is going from one whose process is gone.
#pragma once

#include <filesystem>

namespace gpq::storage {

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

// Whether some process (this one included) holds the sync lock of `database` now. A test,
// never a wait: false when the lock file does not exist or cannot be read.
bool sync_in_progress(const std::filesystem::path& database);

}  // namespace gpq::storage
