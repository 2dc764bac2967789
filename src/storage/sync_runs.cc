// sync_run rows in and out.
#include "storage/sync_runs.h"

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

RunOutcome parse_outcome(std::string_view text) {
  if (text == "ok") {
    return RunOutcome::ok;
  }
  if (text == "failed") {
    return RunOutcome::failed;
  }
  if (text == "partial") {
    return RunOutcome::partial;
  }
  if (text == "interrupted") {
    return RunOutcome::interrupted;
  }
  return RunOutcome::running;
}

std::uint64_t read_count(const SQLite::Column& column) {
  return static_cast<std::uint64_t>(column.getInt64());
}

SyncRun read_run(SQLite::Statement& query) {
  SyncRun run;
  run.id = query.getColumn(0).getInt64();
  run.source = query.getColumn(1).getString();
  run.started = TimePoint::from_unix_micros(query.getColumn(2).getInt64());
  if (!query.getColumn(3).isNull()) {
    run.ended = TimePoint::from_unix_micros(query.getColumn(3).getInt64());
  }
  run.counts.sets_added = read_count(query.getColumn(4));
  run.counts.sets_updated = read_count(query.getColumn(5));
  run.counts.sets_unchanged = read_count(query.getColumn(6));
  run.counts.sets_skipped = read_count(query.getColumn(7));
  run.counts.catalog_records = read_count(query.getColumn(8));
  run.counts.bytes = read_count(query.getColumn(9));
  run.outcome = parse_outcome(query.getColumn(10).getText());
  run.error = query.getColumn(11).getString();
  run.reason = query.getColumn(12).getString();
  if (!query.getColumn(13).isNull()) {
    run.published = TimePoint::from_unix_micros(query.getColumn(13).getInt64());
  }
  return run;
}

std::int64_t as_int64(std::uint64_t count) {
  return static_cast<std::int64_t>(count);
}

}  // namespace

std::string_view to_string(RunOutcome outcome) noexcept {
  switch (outcome) {
    case RunOutcome::running:
      return "running";
    case RunOutcome::ok:
      return "ok";
    case RunOutcome::failed:
      return "failed";
    case RunOutcome::partial:
      return "partial";
    case RunOutcome::interrupted:
      return "interrupted";
  }
  return "running";
}

std::int64_t SyncRuns::start_run(std::string_view source, TimePoint started,
                                 std::optional<TimePoint> published) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement interrupt(db_.connection(), std::string(sql::kInterruptAbandonedRuns));
    interrupt.bind(1, std::string(sql::kAbandonedRunError));
    interrupt.bind(2, std::string(sql::kAbandonedRunReason));
    interrupt.exec();
    SQLite::Statement insert(db_.connection(), std::string(sql::kInsertRun));
    insert.bind(1, std::string(source));
    insert.bind(2, static_cast<std::int64_t>(started.unix_micros()));
    if (published) {
      insert.bind(3, static_cast<std::int64_t>(published->unix_micros()));
    }
    insert.exec();
    return static_cast<std::int64_t>(db_.connection().getLastInsertRowid());
  });
}

void SyncRuns::finish_run(std::int64_t id, RunOutcome outcome, const RunCounts& counts,
                          std::string_view error, std::optional<TimePoint> ended,
                          std::string_view reason) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(sql::kFinishRun));
    update.bind(1, static_cast<std::int64_t>(id));
    update.bind(2, static_cast<std::int64_t>(ended.value_or(system_now()).unix_micros()));
    update.bind(3, as_int64(counts.sets_added));
    update.bind(4, as_int64(counts.sets_updated));
    update.bind(5, as_int64(counts.sets_unchanged));
    update.bind(6, as_int64(counts.sets_skipped));
    update.bind(7, as_int64(counts.catalog_records));
    update.bind(8, as_int64(counts.bytes));
    update.bind(9, std::string(to_string(outcome)));
    if (error.empty()) {
      update.bind(10);
    } else {
      update.bind(10, std::string(error));
    }
    if (reason.empty()) {
      update.bind(11);
    } else {
      update.bind(11, std::string(reason));
    }
    update.exec();
  });
}

std::vector<SyncRun> SyncRuns::list_runs(std::int64_t limit) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectRuns));
    query.bind(1, static_cast<std::int64_t>(limit));
    std::vector<SyncRun> runs;
    while (query.executeStep()) {
      runs.push_back(read_run(query));
    }
    return runs;
  });
}

std::optional<SyncRun> SyncRuns::last_successful_run(std::string_view source) const {
  return with_database_errors(db_.path(), [&]() -> std::optional<SyncRun> {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectLastOkRun));
    query.bind(1, std::string(source));
    if (!query.executeStep()) {
      return std::nullopt;
    }
    return read_run(query);
  });
}

}  // namespace gpq::storage
