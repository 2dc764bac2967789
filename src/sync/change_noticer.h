// After a sync commits, records what it changed as events for the stream and the webhooks
// (docs/STREAM.md): each object's new newest set and each new SATCAT decay at once, then the
// manoeuvres and decays the new sets show (the events detector over the object's recent sets).
// Two passes, each one transaction with its own mark, so that a process that dies between them
// tells the rest at its next sync, and nothing twice.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/time.h"

#include "storage/change_events.h"

namespace gpq {
class Store;
}
namespace gpq::storage {
class Database;
class SqliteStore;
}  // namespace gpq::storage

namespace gpq::sync {

// How long the events are kept: a client resumes without loss within it.
inline constexpr std::chrono::hours kEventRetention{7 * 24};
// The first instant whose events are kept at `now`.
TimePoint events_kept_from(TimePoint now);
// How far back the detector reads before an object's new newest set: its noise and trend.
inline constexpr std::chrono::hours kDetectionContext{30 * 24};

class ChangeNoticer {
 public:
  // `db` (read-write) must outlive the noticer.
  explicit ChangeNoticer(storage::Database& db);
  ~ChangeNoticer();
  ChangeNoticer(const ChangeNoticer&) = delete;
  ChangeNoticer& operator=(const ChangeNoticer&) = delete;
  ChangeNoticer(ChangeNoticer&&) = delete;
  ChangeNoticer& operator=(ChangeNoticer&&) = delete;

  // Records the changes of every commit since the last notice. Throws Error.
  void notice(TimePoint now);

 private:
  void tell_new_sets(TimePoint now);
  void detect_orbit_events(TimePoint now);
  // The events of one object whose later set lies in (mark, its new newest set]; `sets` is
  // room to read its history into.
  void look_at(const storage::NewestSet& set, std::int64_t mark, std::vector<ElementSet>& sets,
               std::vector<ChangeEvent>& events) const;

  storage::Database& db_;
  storage::ChangeEventLog log_;
  std::unique_ptr<storage::SqliteStore> store_;  // opened on first use, for the sets' history
};

}  // namespace gpq::sync
