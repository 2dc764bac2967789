// The change events (docs/STREAM.md) in and out of the database: what the noticer records
// after a sync commits (sync/change_noticer.h), and what the stream and the webhooks read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gpq/change_event.h"
#include "gpq/time.h"

namespace gpq::storage {

class Database;

// An object's newest set of one source, as a commit left it.
struct NewestSet {
  std::int32_t norad_id = 0;
  DataSource source{};
  std::int64_t epoch_us = 0;
};

// A SATCAT record that had no DECAY date and now has one.
struct CatalogDecay {
  std::int32_t norad_id = 0;
  std::int64_t decay_us = 0;
};

// The marks of the noticer's two passes (meta rows): the generation up to which it has told
// the new sets and SATCAT decays, and the one up to which it has looked for manoeuvres.
inline constexpr std::string_view kNoticedThrough = "events_noticed_through";
inline constexpr std::string_view kDetectedThrough = "events_detected_through";

// The writer's side, on a read-write database. Each call is one short transaction. Not
// thread-safe. Throws Error{internal}.
class ChangeEventLog {
 public:
  explicit ChangeEventLog(Database& db) : db_(db) {}

  std::int64_t through(std::string_view mark) const;
  // The newest sets the commits after `generation` changed, by object and source.
  std::vector<NewestSet> newest_sets_after(std::int64_t generation) const;
  // The SATCAT records that gained a DECAY date after `generation`.
  std::vector<CatalogDecay> catalog_decays_after(std::int64_t generation) const;
  // The newest epoch of the object and source whose changes were looked for; none yet.
  std::optional<std::int64_t> mark(std::int32_t norad_id, DataSource source) const;

  // In one transaction: records `events` (committed at `now`, under a new generation when
  // there are any, so that a replica pulls them), moves the objects' marks to `marks`, sets
  // `mark` to the generation, and drops the events committed before `keep_from`.
  void record(std::span<const ChangeEvent> events, std::span<const NewestSet> marks,
              std::string_view mark, TimePoint now, TimePoint keep_from);
  // Drops the events committed before `keep_from` (a replica's, after each pull).
  void prune(TimePoint keep_from);

 private:
  Database& db_;
};

// The reading side, on a connection of its own (the stream's and the deliverer's threads).
class ChangeEventReader {
 public:
  // Opens `path` read-only. Throws Error.
  explicit ChangeEventReader(const std::filesystem::path& path);
  ~ChangeEventReader();
  ChangeEventReader(const ChangeEventReader&) = delete;
  ChangeEventReader& operator=(const ChangeEventReader&) = delete;
  ChangeEventReader(ChangeEventReader&&) = delete;
  ChangeEventReader& operator=(ChangeEventReader&&) = delete;

  // The events with id > `after`, in id order, at most `limit`.
  std::vector<ChangeEvent> after(std::int64_t after, std::size_t limit);
  // The newest id recorded (0: none), and the oldest still kept (0: none).
  std::int64_t newest_id();
  std::int64_t oldest_id();

 private:
  std::unique_ptr<Database> db_;
};

}  // namespace gpq::storage
