// Reading an object's sets in epoch order out of its blocks: SetCursor walks one source
// within a window, decoding a block only when a set of it is asked for; SetStream merges the
// sources as the merged view of reader.h requires.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "storage/block_codec.h"

namespace gpq::storage {

class SetCursor {
 public:
  // `at_or_before` and `blocks` are sql::kSelectBlockAtOrBefore and kSelectBlocks; the
  // cursor keeps `blocks` stepping until it ends or is destroyed (it resets both).
  SetCursor(SQLite::Statement& at_or_before, SQLite::Statement& blocks,
            const std::filesystem::path& path, std::int32_t norad_id, int source_code,
            std::int64_t from_us, std::int64_t to_us);
  ~SetCursor();
  SetCursor(const SetCursor&) = delete;
  SetCursor& operator=(const SetCursor&) = delete;
  SetCursor(SetCursor&&) = delete;
  SetCursor& operator=(SetCursor&&) = delete;

  // The next set of the window, or nullptr at its end; valid until the next call.
  const StoredSet* next();
  // Passes over up to `count` sets, whole blocks by their count; returns how many it passed.
  std::int64_t skip(std::int64_t count);

 private:
  // Loads the next block row; false at the end. Whole blocks inside the window are left
  // encoded until a set of them is needed.
  bool next_block();
  void decode_pending();

  SQLite::Statement& blocks_;
  SQLite::Statement& at_or_before_;
  const std::filesystem::path& path_;
  std::int32_t norad_id_;
  int source_code_;
  std::int64_t from_us_;
  std::int64_t to_us_;
  bool ended_ = false;
  bool pending_ = false;  // a block row read but not decoded
  std::int64_t pending_count_ = 0;
  std::vector<StoredSet> decoded_;
  std::size_t at_ = 0;  // next set of decoded_
};

// The sources of one object in (epoch, authority) order, every cursor over the same window.
// When more than one source is read, a set is left out where a set of a source that outranks
// it (gpq/element_set.h) falls in the window on the same printed millisecond: one outside the
// window is not returned, so it hides nothing, and the set inside answers.
class SetStream {
 public:
  // One cursor per source read, most authoritative first.
  explicit SetStream(std::vector<SetCursor*> cursors);
  const StoredSet* next();
  // As SetCursor::skip; whole blocks are passed without decoding when one source is read.
  std::int64_t skip(std::int64_t count);

 private:
  struct Lane {
    explicit Lane(SetCursor* read) : cursor(read) {}
    SetCursor* cursor;
    const StoredSet* head = nullptr;  // the lane's next set, not yet taken
    StoredSet taken;                  // the lane's last set taken, shown or hidden
    bool has_taken = false;
  };
  // True when a lane before `lane` holds a set on the same printed millisecond as its taken one.
  bool outranked(const Lane& lane) const;

  std::vector<Lane> lanes_;
  bool started_ = false;
};

// The millisecond an epoch prints as (rounded half up). The offset, a multiple of 1000,
// keeps the dividend positive for any epoch after the year 1653, so the division floors.
inline constexpr std::int64_t kMillisOffsetUs = 10'000'000'000'000'000;
inline std::int64_t printed_millis(std::int64_t epoch_us) {
  return (epoch_us + kMillisOffsetUs + 500) / 1000;
}
// The last microsecond that prints as `millis`.
inline std::int64_t last_micros_of(std::int64_t millis) {
  return millis * 1000 + 499 - kMillisOffsetUs;
}

}  // namespace gpq::storage
