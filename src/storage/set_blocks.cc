#include "storage/set_blocks.h"

#include "gpq/error.h"

#include "storage/row_codec.h"

namespace gpq::storage {

BlockRow read_block_row(SQLite::Statement& statement) {
  const SQLite::Column blob = statement.getColumn(4);
  return {statement.getColumn(0).getInt64(), statement.getColumn(1).getInt64(),
          statement.getColumn(2).getInt64(), statement.getColumn(3).getInt64(),
          std::string_view(static_cast<const char*>(blob.getBlob()),
                           static_cast<std::size_t>(blob.getBytes()))};
}

void decode_block_row(const BlockRow& row, std::int32_t norad_id, int source_code,
                      std::vector<StoredSet>& out, const std::filesystem::path& path) {
  const DataSource source = source_of_code(source_code);
  const std::size_t before = out.size();
  if (!decode_block(row.sets, norad_id, source, out) ||
      out.size() - before != static_cast<std::size_t>(row.set_count)) {
    out.resize(before);
    fail(Errc::internal,
         "database {} is damaged: the block of NORAD {} from epoch {} does not decode "
         "(restore a backup or sync into a new file)",
         path.string(), norad_id,
         format_iso8601_micros(TimePoint::from_unix_micros(row.first_epoch_us)));
  }
}

namespace {

void record_change(const BlockStatements& statements, std::int64_t id) {
  if (statements.changed != nullptr) {
    statements.changed->tryReset();
    statements.changed->bind(1, static_cast<std::int64_t>(id));
    statements.changed->exec();
  }
}

}  // namespace

void delete_block(const BlockStatements& statements, std::int64_t id) {
  statements.remove.tryReset();
  statements.remove.bind(1, static_cast<std::int64_t>(id));
  statements.remove.exec();
  record_change(statements, id);
}

void write_blocks(const BlockStatements& statements, std::span<const StoredSet> sets,
                  std::span<const std::int64_t> reuse, std::string& scratch) {
  std::size_t reused = 0;
  while (!sets.empty()) {
    const std::size_t take = cut_block(sets, scratch);
    const bool replacing = reused < reuse.size();
    SQLite::Statement& write = replacing ? statements.replace : statements.insert;
    write.tryReset();
    write.bind(1, sets.front().set.norad_id);
    write.bind(2, source_code(sets.front().set.source));
    write.bind(3, static_cast<std::int64_t>(sets.front().set.epoch.unix_micros()));
    write.bind(4, static_cast<std::int64_t>(sets[take - 1].set.epoch.unix_micros()));
    write.bind(5, static_cast<std::int64_t>(take));
    write.bindNoCopy(6, scratch.data(), static_cast<int>(scratch.size()));
    std::int64_t id = 0;
    if (replacing) {
      id = reuse[reused++];
      write.bind(7, static_cast<std::int64_t>(id));
      write.exec();
    } else {
      write.executeStep();  // the row's id (RETURNING), then the statement's end
      id = write.getColumn(0).getInt64();
      write.executeStep();
    }
    record_change(statements, id);
    sets = sets.subspan(take);
  }
  for (; reused < reuse.size(); ++reused) {
    delete_block(statements, reuse[reused]);
  }
}

}  // namespace gpq::storage
