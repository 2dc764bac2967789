#include "storage/data_generation.h"

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// Reset before (a failed step leaves the statement needing it) and after (an open read
// transaction would stall WAL checkpoints).
std::int64_t single_value(SQLite::Statement& statement) {
  statement.tryReset();
  statement.executeStep();
  const std::int64_t value = statement.getColumn(0).getInt64();
  statement.tryReset();
  return value;
}

}  // namespace

DataGeneration::DataGeneration(Database& db)
    : db_(db),
      data_version_(db.connection(), sql::kDataVersion),
      generation_(db.connection(), sql::kSelectGeneration) {}

// data_version moves with every commit of another connection; the generation only with those
// that wrote element sets, catalog records or group lists (not API usage counts or sync run
// records), so it is read only when the first has moved.
std::int64_t DataGeneration::read() {
  return with_database_errors(db_.path(), [&] {
    const std::int64_t version = single_value(*data_version_);
    if (version != seen_version_) {
      seen_generation_ = single_value(*generation_);
      seen_version_ = version;
    }
    return seen_generation_;
  });
}

}  // namespace gpq::storage
