#include "storage/history_windows.h"

#include <SQLiteCpp/Statement.h>

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {

bool HistoryWindows::covered(TimePoint start, TimePoint end) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectWindowCovered));
    query.bind(1, source_);
    query.bind(2, static_cast<std::int64_t>(start.unix_micros()));
    query.bind(3, static_cast<std::int64_t>(end.unix_micros()));
    return query.executeStep();
  });
}

void HistoryWindows::record(TimePoint start, TimePoint end, TimePoint completed,
                            std::uint64_t sets) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement upsert(db_.connection(), std::string(sql::kUpsertWindow));
    upsert.bind(1, source_);
    upsert.bind(2, static_cast<std::int64_t>(start.unix_micros()));
    upsert.bind(3, static_cast<std::int64_t>(end.unix_micros()));
    upsert.bind(4, static_cast<std::int64_t>(completed.unix_micros()));
    upsert.bind(5, static_cast<std::int64_t>(sets));
    upsert.exec();
  });
}

std::int64_t HistoryWindows::count() const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kCountWindows));
    query.bind(1, source_);
    query.executeStep();
    return query.getColumn(0).getInt64();
  });
}

}  // namespace gpq::storage
