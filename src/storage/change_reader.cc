#include "storage/change_reader.h"

#include <string>
#include <thread>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "storage/change_tables.h"
#include "storage/data_generation.h"
#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

constexpr std::size_t kEmitBytes = std::size_t{1} << 20;

// The receiver went away: nothing more to read.
struct ReceiverGone {};

ChangeValue column_value(const SQLite::Column& column) {
  switch (column.getType()) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(column.getInt64());
    case SQLITE_FLOAT:
      return column.getDouble();
    case SQLITE_TEXT:
      return TextValue{
          std::string_view(column.getText(), static_cast<std::size_t>(column.getBytes()))};
    case SQLITE_BLOB:
      return BlobValue{std::string_view(static_cast<const char*>(column.getBlob()),
                                        static_cast<std::size_t>(column.getBytes()))};
    default:
      return nullptr;
  }
}

class ChangeWriter {
 public:
  ChangeWriter(Database& db, const ChangeRequest& request,
               const std::function<bool(std::string_view)>& emit)
      : db_(db), request_(request), emit_(emit), encoder_(out_) {}

  ChangeTotals run() {
    SQLite::Transaction snapshot(db_.connection(), SQLite::TransactionBehavior::DEFERRED);
    DataGeneration generation(db_);  // its first read starts the snapshot
    encoder_.magic();
    encoder_.start({request_.after, generation.read(), request_.runs_from});
    if (request_.after > 0) {
      SQLite::Statement removed(db_.connection(), std::string(sql::kRemovedBlocks));
      removed.bind(1, static_cast<std::int64_t>(request_.after));
      while (removed.executeStep()) {
        encoder_.removed_block(removed.getColumn(0).getInt64());
        ++totals_.removed_blocks;
        flush_when_full();
      }
    }
    int table = 1;
    for (const sql::ChangedTable& changed : sql::kChangedTables) {
      send_table(static_cast<ChangeTable>(table++), changed);
    }
    encoder_.end(totals_);
    flush();
    return totals_;
  }

 private:
  void send_table(ChangeTable table, const sql::ChangedTable& changed) {
    SQLite::Statement rows(db_.connection(), std::string(changed.changed));
    if (rows.getIndex("?1") != 0) {
      rows.bind(1, static_cast<std::int64_t>(request_.after));
    }
    if (rows.getIndex("?2") != 0) {
      rows.bind(2, static_cast<std::int64_t>(request_.runs_from));
    }
    const int columns = rows.getColumnCount();
    while (rows.executeStep()) {
      values_.clear();
      for (int i = 0; i < columns; ++i) {
        values_.push_back(column_value(rows.getColumn(i)));
      }
      encoder_.row(table, values_);
      ++totals_.rows;
      if (table == ChangeTable::set_block) {
        ++totals_.blocks;
        totals_.sets += static_cast<std::uint64_t>(rows.getColumn(5).getInt64());
      }
      flush_when_full();
    }
  }

  void flush_when_full() {
    if (out_.size() >= kEmitBytes) {
      flush();
    }
  }
  void flush() {
    if (!out_.empty() && !emit_(out_)) {
      throw ReceiverGone{};
    }
    out_.clear();
  }

  Database& db_;
  const ChangeRequest& request_;
  const std::function<bool(std::string_view)>& emit_;
  std::string out_;
  ChangeEncoder encoder_;
  std::vector<ChangeValue> values_;
  ChangeTotals totals_;
};

}  // namespace

ChangeTotals read_changes(const std::filesystem::path& path, const ChangeRequest& request,
                          const std::function<bool(std::string_view)>& emit) {
  const std::unique_ptr<Database> db = Database::open(path, Database::Mode::read_only);
  return with_database_errors(path, [&] {
    ChangeWriter writer(*db, request, emit);
    try {
      return writer.run();
    } catch (const ReceiverGone&) {
      return ChangeTotals{};
    }
  });
}

std::int64_t wait_for_generation(const std::filesystem::path& path, std::int64_t after,
                                 std::chrono::milliseconds wait,
                                 const std::function<bool()>& stopping) {
  const std::unique_ptr<Database> db = Database::open(path, Database::Mode::read_only);
  DataGeneration generation(*db);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const std::int64_t seen = generation.read();
    if (seen > after || std::chrono::steady_clock::now() >= deadline || stopping()) {
      return seen;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace gpq::storage
