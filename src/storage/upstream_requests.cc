#include "storage/upstream_requests.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {

RequestLog UpstreamRequests::read_log(TimePoint since) const {
  RequestLog log;
  SQLite::Statement times(db_.connection(), std::string(sql::kSelectRequestTimes));
  times.bind(1, source_);
  times.bind(2, account_);
  times.bind(3, static_cast<std::int64_t>(since.unix_micros()));
  while (times.executeStep()) {
    log.sent.push_back(TimePoint::from_unix_micros(times.getColumn(0).getInt64()));
  }
  SQLite::Statement pause(db_.connection(), std::string(sql::kSelectPause));
  pause.bind(1, source_);
  pause.bind(2, account_);
  if (pause.executeStep()) {
    log.paused_until = TimePoint::from_unix_micros(pause.getColumn(0).getInt64());
  }
  return log;
}

RequestLog UpstreamRequests::read(TimePoint since) const {
  return with_database_errors(db_.path(), [&] { return read_log(since); });
}

bool UpstreamRequests::record_if(TimePoint since, TimePoint at,
                                 const std::function<bool(const RequestLog&)>& allow) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Transaction transaction(db_.connection(), SQLite::TransactionBehavior::IMMEDIATE);
    if (!allow(read_log(since))) {
      return false;  // the transaction rolls back; nothing was written
    }
    SQLite::Statement insert(db_.connection(), std::string(sql::kInsertRequest));
    insert.bind(1, source_);
    insert.bind(2, account_);
    insert.bind(3, static_cast<std::int64_t>(at.unix_micros()));
    insert.exec();
    transaction.commit();
    return true;
  });
}

void UpstreamRequests::pause_until(TimePoint until) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement upsert(db_.connection(), std::string(sql::kUpsertPause));
    upsert.bind(1, source_);
    upsert.bind(2, account_);
    upsert.bind(3, static_cast<std::int64_t>(until.unix_micros()));
    upsert.exec();
  });
}

void UpstreamRequests::clear_pause() {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement remove(db_.connection(), std::string(sql::kDeletePause));
    remove.bind(1, source_);
    remove.bind(2, account_);
    remove.exec();
  });
}

void UpstreamRequests::prune(TimePoint before) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement prune(db_.connection(), std::string(sql::kPruneRequests));
    prune.bind(1, source_);
    prune.bind(2, account_);
    prune.bind(3, static_cast<std::int64_t>(before.unix_micros()));
    prune.exec();
  });
}

}  // namespace gpq::storage
