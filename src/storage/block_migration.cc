#include "storage/block_migration.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "storage/row_codec.h"
#include "storage/set_blocks.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// Rows come in key order (object, epoch, source); each object's two sources are gathered
// apart and written as blocks when the next object starts.
class Packer {
 public:
  explicit Packer(SQLite::Database& db)
      : insert_(db, std::string(sql::kInsertBlock)),
        replace_(db, std::string(sql::kReplaceBlock)),
        remove_(db, std::string(sql::kDeleteBlock)) {}

  void add(StoredSet stored) {
    if (stored.set.norad_id != norad_id_) {
      flush();
      norad_id_ = stored.set.norad_id;
    }
    by_source_[static_cast<std::size_t>(source_code(stored.set.source))].push_back(
        std::move(stored));
  }
  void flush() {
    for (std::vector<StoredSet>& sets : by_source_) {
      if (!sets.empty()) {
        write_blocks({insert_, replace_, remove_}, sets, {}, scratch_);
        sets.clear();
      }
    }
  }

 private:
  SQLite::Statement insert_;
  SQLite::Statement replace_;
  SQLite::Statement remove_;
  std::int32_t norad_id_ = 0;
  std::vector<StoredSet> by_source_[2];
  std::string scratch_;
};

}  // namespace

bool move_sets_into_blocks(SQLite::Database& db) {
  SQLite::Statement count(db, std::string(sql::kCountRowSets));
  count.executeStep();
  const std::int64_t total = count.getColumn(0).getInt64();
  if (total == 0) {
    return false;
  }
  const auto started = std::chrono::steady_clock::now();
  fmt::print(stderr,
             "gpq: moving {} element sets into compact blocks (schema 6), once; "
             "about 15 s per 10 million sets\n",
             total);
  std::fflush(stderr);
  Packer packer(db);
  SQLite::Statement rows(db, std::string(sql::kSelectRowSets));
  while (rows.executeStep()) {
    StoredSet stored;
    stored.run_id = read_set(rows, stored.set);
    packer.add(std::move(stored));
  }
  packer.flush();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  fmt::print(stderr, "gpq: {} element sets moved in {:.1f} s\n", total, took.count());
  return true;
}

void compact_after_migration(SQLite::Database& db, std::string_view display_path) {
  const auto started = std::chrono::steady_clock::now();
  fmt::print(stderr, "gpq: compacting {} (VACUUM)\n", display_path);
  std::fflush(stderr);
  try {
    db.exec(std::string(sql::kVacuum));
  } catch (const SQLite::Exception& error) {
    fmt::print(stderr, "gpq: compacting {} failed ({}); it works as it is, only larger\n",
               display_path, error.what());
    return;
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  fmt::print(stderr, "gpq: compacted in {:.1f} s\n", took.count());
}

}  // namespace gpq::storage
