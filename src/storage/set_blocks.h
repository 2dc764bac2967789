// The rows of `set_block` (schema.cc): reading one from a statement, writing a run of sets
// as blocks, and turning a block that does not decode into an error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "storage/block_codec.h"

namespace gpq::storage {

// The GPQ_BLOCK_COLUMNS of a statement's current row; `sets` lives as long as the row.
struct BlockRow {
  std::int64_t id = 0;
  std::int64_t first_epoch_us = 0;
  std::int64_t last_epoch_us = 0;
  std::int64_t set_count = 0;
  std::string_view sets;
};
BlockRow read_block_row(SQLite::Statement& statement);

// Appends the block's sets to `out`. Throws Error{internal} naming the database when the
// block is damaged.
void decode_block_row(const BlockRow& row, std::int32_t norad_id, int source_code,
                      std::vector<StoredSet>& out, const std::filesystem::path& path);

// Writes `sets` (one object and source, ascending, not empty) as consecutive blocks: into
// the rows `reuse` names first (sql::kReplaceBlock), then new rows (sql::kInsertBlock); rows
// of `reuse` left over are deleted (sql::kDeleteBlock). A reused row must not meet the key
// of a row still there: pass one only when the first block written starts where it did.
// `scratch` is reused between calls.
// `changed`, when given, records each block row written or deleted (sql::kRecordBlockChange).
struct BlockStatements {
  SQLite::Statement& insert;
  SQLite::Statement& replace;
  SQLite::Statement& remove;
  SQLite::Statement* changed = nullptr;
};
void write_blocks(const BlockStatements& statements, std::span<const StoredSet> sets,
                  std::span<const std::int64_t> reuse, std::string& scratch);

// Deletes block row `id` (and records the change, as write_blocks does).
void delete_block(const BlockStatements& statements, std::int64_t id);

}  // namespace gpq::storage
