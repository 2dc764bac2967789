// The checkpoint thread. A PASSIVE checkpoint copies what it can without taking locks that
// the writer or readers wait for; a failure is left to the next one (or to SQLite's own
// checkpoint when the last connection closes): the log stays valid either way.
#include "storage/checkpointer.h"

#include <string>

#include <sqlite3.h>

#include "storage/sql.h"

namespace gpq::storage {
namespace {

constexpr int kBusyTimeoutMs = 10'000;

}  // namespace

Checkpointer::Checkpointer(const std::filesystem::path& path)
    : connection_(path, SQLite::OPEN_READWRITE | SQLite::OPEN_NOMUTEX, kBusyTimeoutMs),
      thread_([this] { run(); }) {}

Checkpointer::~Checkpointer() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void Checkpointer::committed(int frames) {
  frames_ = frames;
  if (frames < kCheckpointFrames) {
    return;
  }
  {
    const std::lock_guard lock(mutex_);
    requested_ = true;
  }
  wake_.notify_one();
}

void Checkpointer::before_write() {
  if (frames_ < kMaxLogFrames) {
    return;
  }
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return (!requested_ && !running_) || stopping_; });
}

void Checkpointer::run() {
  // A connection learns that the file is in WAL mode when it first reads it; until then a
  // checkpoint does nothing.
  sqlite3_exec(connection_.getHandle(), std::string(sql::kUserVersion).c_str(), nullptr, nullptr,
               nullptr);
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return requested_ || stopping_; });
    if (stopping_) {
      return;
    }
    requested_ = false;
    running_ = true;
    lock.unlock();
    sqlite3_wal_checkpoint_v2(connection_.getHandle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                              nullptr);
    lock.lock();
    running_ = false;
    idle_.notify_all();
  }
}

}  // namespace gpq::storage
