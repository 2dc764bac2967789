#include "storage/set_cursor.h"

#include <limits>

#include "storage/set_blocks.h"

namespace gpq::storage {

SetCursor::SetCursor(SQLite::Statement& at_or_before, SQLite::Statement& blocks,
                     const std::filesystem::path& path, std::int32_t norad_id, int source_code,
                     std::int64_t from_us, std::int64_t to_us)
    : blocks_(blocks),
      at_or_before_(at_or_before),
      path_(path),
      norad_id_(norad_id),
      source_code_(source_code),
      from_us_(from_us),
      to_us_(to_us) {
  // The window starts in the block holding or preceding `from`, or in the first block.
  std::int64_t start_us = std::numeric_limits<std::int64_t>::min();
  at_or_before_.tryReset();
  at_or_before_.bind(1, norad_id);
  at_or_before_.bind(2, source_code);
  at_or_before_.bind(3, static_cast<std::int64_t>(from_us));
  if (at_or_before_.executeStep()) {
    start_us = at_or_before_.getColumn(1).getInt64();  // first_epoch_us
  }
  at_or_before_.tryReset();
  blocks_.tryReset();
  blocks_.bind(1, norad_id);
  blocks_.bind(2, source_code);
  blocks_.bind(3, static_cast<std::int64_t>(start_us));
  blocks_.bind(4, static_cast<std::int64_t>(to_us));
}

SetCursor::~SetCursor() {
  blocks_.tryReset();
}

bool SetCursor::next_block() {
  if (ended_ || !blocks_.executeStep()) {
    ended_ = true;
    return false;
  }
  const BlockRow row = read_block_row(blocks_);
  pending_ = true;
  pending_count_ = row.first_epoch_us >= from_us_ && row.last_epoch_us <= to_us_
                       ? row.set_count
                       : -1;  // not wholly inside the window: its sets must be looked at
  return true;
}

void SetCursor::decode_pending() {
  decoded_.clear();
  at_ = 0;
  decode_block_row(read_block_row(blocks_), norad_id_, source_code_, decoded_, path_);
  pending_ = false;
}

const StoredSet* SetCursor::next() {
  while (true) {
    if (at_ < decoded_.size()) {
      const StoredSet* set = &decoded_[at_++];
      const std::int64_t epoch_us = set->set.epoch.unix_micros();
      if (epoch_us < from_us_) {
        continue;
      }
      if (epoch_us > to_us_) {
        ended_ = true;
        decoded_.clear();
        return nullptr;
      }
      return set;
    }
    if (pending_) {
      decode_pending();
    } else if (!next_block()) {
      return nullptr;
    }
  }
}

std::int64_t SetCursor::skip(std::int64_t count) {
  std::int64_t passed = 0;
  while (passed < count) {
    if (at_ < decoded_.size() ||
        (pending_ && !(pending_count_ >= 0 && pending_count_ <= count - passed))) {
      if (next() == nullptr) {
        break;
      }
      ++passed;
    } else if (pending_) {
      passed += pending_count_;  // a whole block inside the window, passed undecoded
      pending_ = false;
    } else if (!next_block()) {
      break;
    }
  }
  return passed;
}

SetStream::SetStream(std::vector<SetCursor*> cursors) {
  lanes_.reserve(cursors.size());
  for (SetCursor* cursor : cursors) {
    lanes_.emplace_back(cursor);
  }
}

bool SetStream::outranked(const Lane& lane) const {
  // Printed milliseconds rise with the epoch, and a tie of epochs goes to the earlier lane:
  // only an earlier lane's last taken set and its next one can share this millisecond.
  const std::int64_t millis = printed_millis(lane.taken.set.epoch.unix_micros());
  for (const Lane& other : lanes_) {
    if (&other == &lane) {
      return false;
    }
    if ((other.has_taken && printed_millis(other.taken.set.epoch.unix_micros()) == millis) ||
        (other.head != nullptr && printed_millis(other.head->set.epoch.unix_micros()) == millis)) {
      return true;
    }
  }
  return false;
}

const StoredSet* SetStream::next() {
  if (lanes_.size() <= 1) {
    return lanes_.empty() ? nullptr : lanes_.front().cursor->next();
  }
  if (!started_) {
    for (Lane& lane : lanes_) {
      lane.head = lane.cursor->next();
    }
    started_ = true;
  }
  while (true) {
    Lane* first = nullptr;
    for (Lane& lane : lanes_) {
      if (lane.head != nullptr &&
          (first == nullptr || lane.head->set.epoch < first->head->set.epoch)) {
        first = &lane;
      }
    }
    if (first == nullptr) {
      return nullptr;
    }
    first->taken = *first->head;
    first->has_taken = true;
    first->head = first->cursor->next();
    if (!outranked(*first)) {
      return &first->taken;
    }
  }
}

std::int64_t SetStream::skip(std::int64_t count) {
  if (lanes_.size() == 1) {
    return lanes_.front().cursor->skip(count);
  }
  std::int64_t passed = 0;
  while (passed < count && next() != nullptr) {
    ++passed;
  }
  return passed;
}

}  // namespace gpq::storage
