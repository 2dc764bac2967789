// Reader: the reads that are not about one object's sets (catalog records, group lists
// and the mirror's totals for /status).
#include <string>
#include <vector>

#include "storage/database.h"
#include "storage/reader.h"
#include "storage/row_codec.h"
#include "storage/sql.h"
#include "storage/sync_lock.h"

namespace gpq::storage {

std::optional<CatalogRecord> Reader::catalog_record(std::int32_t norad_id) {
  return with_database_errors(db_->path(), [&]() -> std::optional<CatalogRecord> {
    StatementInUse in_use(*catalog_record_);
    catalog_record_->bind(1, norad_id);
    if (!catalog_record_->executeStep()) {
      return std::nullopt;
    }
    return read_catalog(*catalog_record_);
  });
}

void Reader::for_each_catalog(const CatalogVisitor& visit) {
  with_database_errors(db_->path(), [&] {
    StatementInUse in_use(*all_catalog_);
    while (all_catalog_->executeStep()) {
      visit(read_catalog(*all_catalog_));
    }
  });
}

std::optional<std::vector<std::int32_t>> Reader::group_members(std::string_view group) {
  return with_database_errors(db_->path(), [&]() -> std::optional<std::vector<std::int32_t>> {
    const std::string name(group);
    {
      StatementInUse in_use(*group_sync_);
      group_sync_->bind(1, name);
      if (!group_sync_->executeStep()) {
        return std::nullopt;
      }
    }
    StatementInUse in_use(*group_members_);
    group_members_->bind(1, name);
    std::vector<std::int32_t> members;
    while (group_members_->executeStep()) {
      members.push_back(group_members_->getColumn(0).getInt());
    }
    return members;
  });
}

std::int64_t Reader::count_of(LazyStatement& count) {
  return with_database_errors(db_->path(), [&] {
    StatementInUse in_use(*count);
    return count->executeStep() ? static_cast<std::int64_t>(count->getColumn(0).getInt64())
                                : std::int64_t{0};
  });
}

std::int64_t Reader::total_sets() {
  return count_of(set_count_);
}

std::int64_t Reader::total_catalog() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(sql::kCountCatalog));
    query.executeStep();
    return static_cast<std::int64_t>(query.getColumn(0).getInt64());
  });
}

std::vector<std::pair<std::int32_t, std::int64_t>> Reader::first_epochs() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectFirstEpochs));
    std::vector<std::pair<std::int32_t, std::int64_t>> firsts;
    while (query.executeStep()) {
      firsts.emplace_back(query.getColumn(0).getInt(), query.getColumn(1).getInt64());
    }
    return firsts;
  });
}

EpochSpan Reader::epoch_span() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectEpochSpan));
    EpochSpan span;
    if (query.executeStep()) {
      if (!query.getColumn(0).isNull()) {
        span.earliest = TimePoint::from_unix_micros(query.getColumn(0).getInt64());
      }
      if (!query.getColumn(1).isNull()) {
        span.latest = TimePoint::from_unix_micros(query.getColumn(1).getInt64());
      }
    }
    return span;
  });
}

std::int64_t Reader::total_objects() {
  return with_database_errors(db_->path(), [&] {
    StatementInUse in_use(*count_objects_);
    count_objects_->executeStep();
    return static_cast<std::int64_t>(count_objects_->getColumn(0).getInt64());
  });
}

std::optional<TimePoint> Reader::peer_pulled_at() {
  return with_database_errors(db_->path(), [&]() -> std::optional<TimePoint> {
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectPeerPulled));
    if (!query.executeStep() || query.getColumn(0).isNull()) {
      return std::nullopt;
    }
    return TimePoint::from_unix_micros(query.getColumn(0).getInt64());
  });
}

std::vector<SyncRunTally> Reader::run_tallies() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectRunTallies));
    std::vector<SyncRunTally> tallies;
    while (query.executeStep()) {
      tallies.push_back({query.getColumn(0).getString(), query.getColumn(1).getString(),
                         query.getColumn(2).getInt64()});
    }
    return tallies;
  });
}

std::vector<SourceCollected> Reader::last_syncs(TimePoint by) {
  return with_database_errors(db_->path(), [&] {
    // Asked once per answer that includes its coverage: not worth a statement kept prepared.
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectLastSyncs));
    query.bind(1, static_cast<std::int64_t>(by.unix_micros()));
    std::vector<SourceCollected> syncs;
    while (query.executeStep()) {
      syncs.push_back({query.getColumn(0).getString(),
                       TimePoint::from_unix_micros(query.getColumn(1).getInt64())});
    }
    return syncs;
  });
}

std::vector<SourceSync> Reader::source_syncs() {
  return with_database_errors(db_->path(), [&] {
    // Asked once per /status request: not worth a statement kept prepared.
    SQLite::Statement query(db_->connection(), std::string(sql::kSelectSourceSyncs));
    std::vector<SourceSync> syncs;
    while (query.executeStep()) {
      SourceSync& sync = syncs.emplace_back();
      sync.source = query.getColumn(0).getString();
      sync.last_run_started = TimePoint::from_unix_micros(query.getColumn(1).getInt64());
      if (!query.getColumn(2).isNull()) {
        sync.last_run_ended = TimePoint::from_unix_micros(query.getColumn(2).getInt64());
      }
      sync.last_outcome = query.getColumn(3).getString();
      sync.last_error = query.getColumn(4).getString();
      sync.last_reason = query.getColumn(8).getString();
      // A run is recorded as running until it ends; if no process holds the sync lock, the
      // one that ran it is gone (SIGKILL, a crash, power lost) and the next sync will say so.
      if (sync.last_outcome == "running" && !sync_in_progress(db_->path())) {
        sync.last_outcome = "interrupted";
        sync.last_error = sql::kAbandonedRunError;
        sync.last_reason = sql::kAbandonedRunReason;
      }
      sync.last_sets_added = query.getColumn(5).getInt64();
      if (!query.getColumn(6).isNull()) {
        sync.last_success = TimePoint::from_unix_micros(query.getColumn(6).getInt64());
      }
      if (!query.getColumn(7).isNull()) {
        sync.paused_until = TimePoint::from_unix_micros(query.getColumn(7).getInt64());
      }
    }
    return syncs;
  });
}

}  // namespace gpq::storage
