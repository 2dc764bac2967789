#include "storage/block_writer.h"

#include <limits>

#include "storage/row_codec.h"
#include "storage/set_blocks.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

SQLite::Statement prepare(SQLite::Database& connection, std::string_view text) {
  return SQLite::Statement(connection, std::string(text));
}

void bind_key(SQLite::Statement& statement, const ElementSet& set, std::int64_t epoch_us) {
  statement.tryReset();
  statement.bind(1, set.norad_id);
  statement.bind(2, source_code(set.source));
  statement.bind(3, static_cast<std::int64_t>(epoch_us));
}

StoredSet stored_copy(const ElementSet& set, std::int64_t run_id) {
  StoredSet stored{set, run_id};
  stored.set.object_name.clear();  // names live in `object`
  stored.set.object_id.clear();
  return stored;
}

// A block that a set after it does not reopen: it holds all the sets it may, or nearly all
// the bytes.
bool is_full(const BlockRow& row) {
  return static_cast<std::size_t>(row.set_count) >= kMaxBlockSets ||
         row.sets.size() >= kBlockByteBudget * 7 / 8;
}

}  // namespace

BlockWriter::BlockWriter(SQLite::Database& connection, std::filesystem::path path,
                         SetVersions& versions)
    : path_(std::move(path)),
      versions_(versions),
      at_or_before_(prepare(connection, sql::kSelectBlockAtOrBefore)),
      after_(prepare(connection, sql::kSelectBlockAfter)),
      blocks_(prepare(connection, sql::kSelectBlocks)),
      insert_(prepare(connection, sql::kInsertBlock)),
      replace_(prepare(connection, sql::kReplaceBlock)),
      delete_(prepare(connection, sql::kDeleteBlock)),
      record_change_(prepare(connection, sql::kRecordBlockChange)) {}

const StoredSet* BlockWriter::merge(std::span<const ElementSet* const> incoming,
                                    std::int64_t run_id) {
  const ElementSet& front = *incoming.front();
  bool reaches_end = false;
  const std::int64_t fetched_first_us = fetch_blocks(
      front, front.epoch.unix_micros(), incoming.back()->epoch.unix_micros(), reaches_end);
  if (!merge_sets(incoming, run_id)) {
    return nullptr;
  }
  // The usual rewrite, one block that keeps its first epoch, stays in its row. Otherwise the
  // old rows go first, so that no new block meets the key of one still there.
  const BlockStatements statements{insert_, replace_, delete_, &record_change_};
  std::span<const std::int64_t> reuse;
  if (fetched_ids_.size() == 1 && merged_.front().set.epoch.unix_micros() == fetched_first_us) {
    reuse = fetched_ids_;
  } else {
    for (const std::int64_t id : fetched_ids_) {
      delete_block(statements, id);
    }
  }
  write_blocks(statements, merged_, reuse, scratch_);
  return reaches_end ? &merged_.back() : nullptr;
}

std::int64_t BlockWriter::fetch_blocks(const ElementSet& front, std::int64_t first_us,
                                       std::int64_t last_us, bool& reaches_end) {
  // The blocks the incoming sets fall into: the one holding or preceding the first, and
  // every block that starts before the last. A set before all blocks joins the first one.
  std::int64_t start_us = std::numeric_limits<std::int64_t>::min();
  bool append_after_full = false;
  bind_key(at_or_before_, front, first_us);
  if (at_or_before_.executeStep()) {
    const BlockRow row = read_block_row(at_or_before_);
    start_us = row.first_epoch_us;
    append_after_full = first_us > row.last_epoch_us && is_full(row);
  }
  at_or_before_.tryReset();
  bind_key(after_, front, last_us);
  reaches_end = !after_.executeStep();
  after_.tryReset();
  if (append_after_full && reaches_end) {
    start_us = first_us;  // the full block stays as it is
  }

  stored_.clear();
  fetched_ids_.clear();
  std::int64_t fetched_first_us = 0;
  const int source = source_code(front.source);
  bind_key(blocks_, front, start_us);
  blocks_.bind(4, static_cast<std::int64_t>(last_us));
  while (blocks_.executeStep()) {
    const BlockRow row = read_block_row(blocks_);
    if (fetched_ids_.empty()) {
      fetched_first_us = row.first_epoch_us;
    }
    fetched_ids_.push_back(row.id);
    decode_block_row(row, front.norad_id, source, stored_, path_);
  }
  blocks_.tryReset();
  return fetched_first_us;
}

bool BlockWriter::merge_sets(std::span<const ElementSet* const> incoming, std::int64_t run_id) {
  merged_.clear();
  merged_.reserve(stored_.size() + incoming.size());
  bool changed = false;
  std::size_t i = 0;
  for (const ElementSet* set : incoming) {
    const std::int64_t epoch_us = set->epoch.unix_micros();
    while (i < stored_.size() && stored_[i].set.epoch.unix_micros() < epoch_us) {
      merged_.push_back(std::move(stored_[i++]));
    }
    if (i < stored_.size() && stored_[i].set.epoch.unix_micros() == epoch_us) {
      if (same_stored_values(stored_[i].set, *set)) {
        outcomes_.push_back(Written::unchanged);
        merged_.push_back(std::move(stored_[i++]));
        continue;
      }
      if (versions_.stored_answers(stored_[i], *set, run_id)) {
        versions_.keep(*set, run_id);  // an earlier publication, imported late
        outcomes_.push_back(Written::unchanged);
        merged_.push_back(std::move(stored_[i++]));
        continue;
      }
      // New values; the TLE layout stays that of the import that brought the set first.
      versions_.keep(stored_[i].set, stored_[i].run_id);
      merged_.push_back(stored_copy(*set, run_id));
      merged_.back().set.tle_layout = stored_[i++].set.tle_layout;
      versions_.forget(merged_.back().set);
      outcomes_.push_back(Written::updated);
      changed = true;
      continue;
    }
    outcomes_.push_back(Written::added);
    merged_.push_back(stored_copy(*set, run_id));
    changed = true;
  }
  while (i < stored_.size()) {
    merged_.push_back(std::move(stored_[i++]));
  }
  return changed;
}

}  // namespace gpq::storage
