#include "storage/change_applier.h"

#include <algorithm>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/core.h>
#include <sqlite3.h>

#include "gpq/error.h"

#include "storage/change_tables.h"
#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

constexpr std::string_view kPeerUrl = "peer_url";
constexpr std::string_view kPeerPulledUs = "peer_pulled_us";

std::optional<std::string> meta_text(Database& db, std::string_view key) {
  SQLite::Statement query(db.connection(), std::string(sql::kSelectMetaValue));
  query.bind(1, std::string(key));
  if (!query.executeStep() || query.getColumn(0).isNull()) {
    return std::nullopt;
  }
  return query.getColumn(0).getString();
}

// `value`: a std::string or a std::int64_t (stored as text or as an integer).
template <typename Value>
void set_meta(Database& db, std::string_view key, const Value& value) {
  SQLite::Statement upsert(db.connection(), std::string(sql::kUpsertMetaValue));
  upsert.bind(1, std::string(key));
  upsert.bind(2, value);
  upsert.exec();
}

std::size_t column_count(const sql::ChangedTable& table) {
  return static_cast<std::size_t>(std::count(table.columns.begin(), table.columns.end(), ',') + 1);
}

std::string insert_sql(const sql::ChangedTable& table) {
  std::string placeholders;
  const std::size_t columns = column_count(table);
  for (std::size_t i = 1; i <= columns; ++i) {
    placeholders += fmt::format("{}?{}", i > 1 ? ", " : "", i);
  }
  return fmt::format("INSERT OR REPLACE INTO {} ({}) VALUES ({})", table.table, table.columns,
                     placeholders);
}

void bind_value(SQLite::Statement& statement, int index, const ChangeValue& value) {
  if (const auto* integer = std::get_if<std::int64_t>(&value)) {
    statement.bind(index, static_cast<std::int64_t>(*integer));
  } else if (const auto* real = std::get_if<double>(&value)) {
    statement.bind(index, *real);
  } else if (const auto* text = std::get_if<TextValue>(&value)) {
    statement.bind(index, std::string(text->bytes));  // as text: it keeps its storage class
  } else if (const auto* blob = std::get_if<BlobValue>(&value)) {
    statement.bindNoCopy(index, static_cast<const void*>(blob->bytes.data()),
                         static_cast<int>(blob->bytes.size()));
  } else {
    statement.bind(index);
  }
}

}  // namespace

FollowerState follower_state(Database& db) {
  return with_database_errors(db.path(), [&] {
    FollowerState state;
    state.peer_url = meta_text(db, kPeerUrl);
    state.generation = std::stoll(meta_text(db, "generation").value_or("0"));
    SQLite::Statement runs(db.connection(), std::string(sql::kRunsFrom));
    runs.executeStep();
    state.runs_from = runs.getColumn(0).getInt64();
    SQLite::Statement holds(db.connection(), std::string(sql::kHoldsData));
    holds.executeStep();
    state.holds_data = holds.getColumn(0).getInt() != 0;
    return state;
  });
}

void refuse_if_follower(Database& db) {
  const FollowerState state = follower_state(db);
  if (state.peer_url) {
    fail(Errc::bad_request,
         "database {} follows {}: it takes changes only from there (gpq sync --from-peer), "
         "never from upstreams or files",
         db.path().string(), *state.peer_url);
  }
}

ChangeRequest next_pull(Database& db, std::string_view peer_url) {
  const FollowerState state = follower_state(db);
  if (!state.peer_url && state.holds_data) {
    fail(Errc::bad_request,
         "database {} holds data of its own: a replica starts from an empty database (give "
         "--db a new file)",
         db.path().string());
  }
  if (!state.peer_url || *state.peer_url != peer_url) {
    return {0, 0};
  }
  return {state.generation, state.runs_from};
}

ChangeApplier::ChangeApplier(Database& db, std::string peer_url)
    : db_(db), peer_url_(std::move(peer_url)) {}

ChangeApplier::~ChangeApplier() = default;

void ChangeApplier::feed(std::string_view bytes) {
  try {
    decoder_.feed(bytes);
    while (const DecodedFrame* frame = decoder_.next()) {
      try {
        apply(*frame);
      } catch (const SQLite::Exception& error) {
        // Rows this database's tables cannot hold came from the peer, not from the disk.
        const int code = error.getErrorCode() & 0xFF;
        if (code == SQLITE_CONSTRAINT || code == SQLITE_MISMATCH || code == SQLITE_TOOBIG) {
          fail(Errc::upstream, "the peer's change stream does not fit this database: {}",
               error.what());
        }
        throw_database_error(db_.path(), error);
      }
    }
  } catch (...) {
    for (auto& statement : statements_) {
      statement.reset();
    }
    delete_block_.reset();
    clear_group_.reset();
    transaction_.reset();  // rolls back
    throw;
  }
}

void ChangeApplier::apply(const DecodedFrame& frame) {
  if (announced_) {
    fail(Errc::upstream, "the peer's change stream is damaged: frames after its end");
  }
  switch (frame.kind) {
    case ChangeFrame::start:
      if (start_) {
        fail(Errc::upstream, "the peer's change stream is damaged: two starts");
      }
      begin(frame.start);
      return;
    case ChangeFrame::end:
      announced_ = frame.totals;
      return;
    default:
      break;
  }
  if (!start_) {
    fail(Errc::upstream, "the peer's change stream is damaged: rows before its start");
  }
  if (frame.kind == ChangeFrame::removed_block) {
    delete_block_->tryReset();
    delete_block_->bind(1, static_cast<std::int64_t>(frame.removed_block));
    delete_block_->exec();
    ++received_.removed_blocks;
    return;
  }
  apply_row(frame);
}

void ChangeApplier::begin(const ChangeStart& start) {
  if (start.generation < start.after) {
    fail(Errc::upstream,
         "the peer is at generation {}, behind the {} this database has: its database was "
         "replaced; pull the whole mirror again with --full",
         start.generation, start.after);
  }
  start_ = start;
  transaction_ = std::make_unique<SQLite::Transaction>(db_.connection(),
                                                       SQLite::TransactionBehavior::IMMEDIATE);
  if (start.after == 0) {
    db_.connection().exec(std::string(sql::kClearReplicated));
  }
  int table = 0;
  for (const sql::ChangedTable& changed : sql::kChangedTables) {
    statements_[table++] =
        std::make_unique<SQLite::Statement>(db_.connection(), insert_sql(changed));
  }
  delete_block_ =
      std::make_unique<SQLite::Statement>(db_.connection(), std::string(sql::kDeleteBlock));
  clear_group_ =
      std::make_unique<SQLite::Statement>(db_.connection(), std::string(sql::kDeleteGroupMembers));
}

void ChangeApplier::apply_row(const DecodedFrame& frame) {
  const auto index = static_cast<std::size_t>(frame.table) - 1;
  SQLite::Statement& insert = *statements_[index];
  if (frame.values.size() != column_count(sql::kChangedTables[index])) {
    fail(Errc::upstream,
         "the peer's change stream has rows of {} columns for {} (its gpq is another version)",
         frame.values.size(), sql::kChangedTables[index].table);
  }
  if (frame.table == ChangeTable::group_sync) {
    // The group's list is replaced whole: its members follow this row.
    clear_group_->tryReset();
    bind_value(*clear_group_, 1, frame.values[0]);
    clear_group_->exec();
  }
  insert.tryReset();
  int column = 1;
  for (const ChangeValue& value : frame.values) {
    bind_value(insert, column++, value);
  }
  insert.exec();
  ++received_.rows;
  if (frame.table == ChangeTable::set_block) {
    ++received_.blocks;
    if (const auto* count = std::get_if<std::int64_t>(&frame.values[5])) {
      received_.sets += static_cast<std::uint64_t>(*count);
    }
  }
}

ChangeTotals ChangeApplier::finish(TimePoint now) {
  if (!start_ || !announced_ || decoder_.pending()) {
    transaction_.reset();
    fail(Errc::upstream,
         "the peer's change stream was cut short (no end): nothing was applied; the next pull "
         "asks again");
  }
  const ChangeTotals& sent = *announced_;
  if (sent.rows != received_.rows || sent.blocks != received_.blocks ||
      sent.sets != received_.sets || sent.removed_blocks != received_.removed_blocks) {
    transaction_.reset();
    fail(Errc::upstream,
         "the peer's change stream lost rows ({} sent, {} arrived): nothing was applied", sent.rows,
         received_.rows);
  }
  with_database_errors(db_.path(), [&] {
    set_meta(db_, kPeerUrl, peer_url_);
    set_meta(db_, kPeerPulledUs, static_cast<std::int64_t>(now.unix_micros()));
    // The generation is the peer's even when no row changed (the meta rows carry it too).
    set_meta(db_, "generation", static_cast<std::int64_t>(start_->generation));
    for (auto& statement : statements_) {
      statement.reset();
    }
    delete_block_.reset();
    clear_group_.reset();
    transaction_->commit();
  });
  transaction_.reset();
  return received_;
}

}  // namespace gpq::storage
