// Copies the write-ahead log back into the database file on a thread of its own, so that
// a bulk import does not wait for that copy after its batches.
//
// The log is copied once it holds kCheckpointFrames pages: pages rewritten by several batches
// (the last page of each object's history) are then copied once, not once per batch. Only a
// transaction that starts after a complete checkpoint rewinds the log to its start, so when
// the log reaches kMaxLogFrames the next write transaction waits for the copy to end;
// otherwise the log would grow for the whole import (and growing a file costs the file
// system more than overwriting it).
#pragma once

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <SQLiteCpp/Database.h>

namespace gpq::storage {

// 128 MiB and 256 MiB of 4 KiB pages.
inline constexpr int kCheckpointFrames = 32'768;
inline constexpr int kMaxLogFrames = 65'536;

class Checkpointer {
 public:
  // Opens a second connection to `path` for the thread. Throws SQLite::Exception when that
  // fails (the caller then keeps SQLite's own checkpoints).
  explicit Checkpointer(const std::filesystem::path& path);
  // Stops the thread after the checkpoint in progress, if any.
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;
  Checkpointer(Checkpointer&&) = delete;
  Checkpointer& operator=(Checkpointer&&) = delete;

  // A transaction committed and the log now holds `frames` pages: starts a checkpoint when
  // that is kCheckpointFrames or more. Returns at once. The checkpoint is PASSIVE: it never
  // makes the writer or readers wait. committed() and before_write() are called by the
  // writer's thread only.
  void committed(int frames);

  // Call before each write transaction: returns at once unless the log holds kMaxLogFrames
  // pages or more, then when no checkpoint is requested or running.
  void before_write();

 private:
  void run();

  SQLite::Database connection_;  // used by the thread only
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  int frames_ = 0;  // the writer's thread only
  bool requested_ = false;
  bool running_ = false;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace gpq::storage
