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

SetStream::SetStream(SetCursor* spacetrack, SetCursor* celestrak, bool hide_shadowed)
    : spacetrack_(spacetrack), celestrak_(celestrak), hide_shadowed_(hide_shadowed) {}

const StoredSet* SetStream::pull_spacetrack() {
  return spacetrack_ != nullptr ? spacetrack_->next() : nullptr;
}

const StoredSet* SetStream::next() {
  if (celestrak_ == nullptr && !hide_shadowed_) {
    return pull_spacetrack();
  }
  if (spacetrack_ == nullptr) {
    return celestrak_->next();
  }
  if (!started_) {
    s_head_ = pull_spacetrack();
    c_head_ = celestrak_->next();
    started_ = true;
  }
  while (s_head_ != nullptr || c_head_ != nullptr) {
    // Ties go to Space-Track: source 0 sorts first.
    if (s_head_ != nullptr && (c_head_ == nullptr || s_head_->set.epoch <= c_head_->set.epoch)) {
      s_previous_ = *s_head_;
      has_s_previous_ = true;
      s_head_ = pull_spacetrack();
      return &s_previous_;
    }
    emitted_ = *c_head_;
    c_head_ = celestrak_->next();
    if (hide_shadowed_) {
      // Printed milliseconds rise with the epoch: only the Space-Track sets just before and
      // just after can share this one.
      const std::int64_t millis = printed_millis(emitted_.set.epoch.unix_micros());
      if ((has_s_previous_ && printed_millis(s_previous_.set.epoch.unix_micros()) == millis) ||
          (s_head_ != nullptr && printed_millis(s_head_->set.epoch.unix_micros()) == millis)) {
        continue;
      }
    }
    return &emitted_;
  }
  return nullptr;
}

std::int64_t SetStream::skip(std::int64_t count) {
  if (celestrak_ == nullptr && !hide_shadowed_ && spacetrack_ != nullptr) {
    return spacetrack_->skip(count);
  }
  if (spacetrack_ == nullptr && celestrak_ != nullptr) {
    return celestrak_->skip(count);
  }
  std::int64_t passed = 0;
  while (passed < count && next() != nullptr) {
    ++passed;
  }
  return passed;
}

}  // namespace gpq::storage
