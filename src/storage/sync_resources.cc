#include "storage/sync_resources.h"

#include <SQLiteCpp/Statement.h>

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

std::optional<TimePoint> optional_time(const SQLite::Column& column) {
  if (column.isNull()) {
    return std::nullopt;
  }
  return TimePoint::from_unix_micros(column.getInt64());
}

void bind_optional_time(SQLite::Statement& statement, int index, std::optional<TimePoint> t) {
  if (t) {
    statement.bind(index, static_cast<std::int64_t>(t->unix_micros()));
  } else {
    statement.bind(index);
  }
}

}  // namespace

ResourceState SyncResources::get(std::string_view name) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectResource));
    query.bind(1, std::string(name));
    ResourceState state;
    state.name = name;
    if (query.executeStep()) {
      state.checked = optional_time(query.getColumn(0));
      state.etag = query.getColumn(1).getString();
      state.last_modified = query.getColumn(2).getString();
      state.cursor = optional_time(query.getColumn(3));
    }
    return state;
  });
}

void SyncResources::put(const ResourceState& state) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement upsert(db_.connection(), std::string(sql::kUpsertResource));
    upsert.bind(1, state.name);
    bind_optional_time(upsert, 2, state.checked);
    upsert.bind(3, state.etag);
    upsert.bind(4, state.last_modified);
    bind_optional_time(upsert, 5, state.cursor);
    upsert.exec();
  });
}

}  // namespace gpq::storage
