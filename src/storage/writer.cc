// Batch writes: sets sorted by object, source and epoch; each object and source merged into
// its blocks at once (block_writer.h), with the `latest` row of its newest set; then per
// object one upsert of its name and of each year tally.
#include "storage/writer.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <tuple>

#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>

#include "storage/checkpointer.h"
#include "storage/database.h"
#include "storage/row_codec.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

SQLite::Statement prepare(Database& db, std::string_view text) {
  return SQLite::Statement(db.connection(), std::string(text));
}

// SQLite calls this after each commit with the number of frames in the log.
int on_wal_commit(void* checkpointer, sqlite3* /*db*/, const char* /*schema*/, int frames) {
  static_cast<Checkpointer*>(checkpointer)->committed(frames);
  return SQLITE_OK;
}

}  // namespace

Writer::Writer(Database& db) try
    : db_(db),
      versions_(db.connection()),
      blocks_(db.connection(), db.path(), versions_),
      upsert_object_(prepare(db, sql::kUpsertObject)),
      upsert_latest_(prepare(db, sql::kUpsertLatest)),
      add_to_set_count_(prepare(db, sql::kAddToSetCount)),
      lower_earliest_epoch_(prepare(db, sql::kLowerEarliestEpoch)),
      upsert_object_year_(prepare(db, sql::kUpsertObjectYear)),
      upsert_catalog_(prepare(db, sql::kUpsertCatalog)),
      raise_max_epoch_lead_(prepare(db, sql::kRaiseMaxEpochLead)) {
  try {
    checkpointer_ = std::make_unique<Checkpointer>(db.path());
  } catch (const SQLite::Exception&) {
    return;  // SQLite's own checkpoints after commits do the same work, only slower
  }
  db.connection().exec(std::string(sql::kWriterJournalSizeLimit));
  // Replaces SQLite's automatic checkpoint, which is a hook of the same kind.
  sqlite3_wal_hook(db.connection().getHandle(), on_wal_commit, checkpointer_.get());
} catch (const SQLite::Exception& error) {
  throw_database_error(db.path(), error);
}

Writer::~Writer() {
  if (checkpointer_) {
    sqlite3_wal_hook(db_.connection().getHandle(), nullptr, nullptr);
    checkpointer_.reset();
    // Back to the settings of Database::open (the first also restores SQLite's hook).
    db_.connection().tryExec(std::string(sql::kWalAutocheckpoint).c_str());
    db_.connection().tryExec(std::string(sql::kJournalSizeLimit).c_str());
  }
}

WriteCounts Writer::write_batch(std::span<const ElementSet> sets,
                                std::span<const CatalogRecord> records, std::int64_t run_id) {
  return with_database_errors(db_.path(), [&] {
    if (checkpointer_) {
      checkpointer_->before_write();
    }
    WriteCounts counts;
    SQLite::Transaction transaction(db_.connection(), SQLite::TransactionBehavior::IMMEDIATE);
    // First: every row written below carries the new generation (sql.h GPQ_THIS_GENERATION).
    db_.connection().exec(std::string(sql::kBumpGeneration));
    versions_.take_max_epoch_lead();  // nothing of a batch that failed
    sort_batch(sets);
    write_sets(sets, run_id, counts);
    write_year_tallies();
    if (const std::optional<std::int64_t> lead = versions_.take_max_epoch_lead()) {
      raise_max_epoch_lead_.tryReset();
      raise_max_epoch_lead_.bind(1, static_cast<std::int64_t>(*lead));
      raise_max_epoch_lead_.exec();
    }
    write_objects(sets, run_id);
    write_catalog(records, run_id, counts);
    if (counts.added > 0) {
      add_to_set_count_.tryReset();
      add_to_set_count_.bind(1, static_cast<std::int64_t>(counts.added));
      add_to_set_count_.exec();
      const auto oldest = std::min_element(
          order_.begin(), order_.end(),
          [](const SortKey& a, const SortKey& b) { return a.epoch_us < b.epoch_us; });
      lower_earliest_epoch_.tryReset();
      lower_earliest_epoch_.bind(1, static_cast<std::int64_t>(oldest->epoch_us));
      lower_earliest_epoch_.exec();
    }
    transaction.commit();
    remember_committed();
    return counts;
  });
}

void Writer::sort_batch(std::span<const ElementSet> sets) {
  order_.clear();
  order_.reserve(sets.size());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const ElementSet& set = sets[i];
    order_.push_back({set.norad_id, source_code(set.source), set.epoch.unix_micros(),
                      static_cast<std::uint32_t>(i)});
  }
  std::sort(order_.begin(), order_.end(), [](const SortKey& a, const SortKey& b) {
    return std::tie(a.norad_id, a.source, a.epoch_us, a.position) <
           std::tie(b.norad_id, b.source, b.epoch_us, b.position);
  });
}

// Repeats of one identity within the batch are resolved in memory first, so that only the
// winner meets the stored set: re-importing a file whose sets repeat changes nothing. The
// winner takes the TLE layout of the first repeat, as a stored set keeps its own.
std::size_t Writer::gather_winners(std::span<const ElementSet> sets, std::size_t first,
                                   std::int64_t run_id) {
  winners_.clear();
  repeats_.clear();
  std::size_t next = first;
  while (next < order_.size() && order_[next].norad_id == order_[first].norad_id &&
         order_[next].source == order_[first].source) {
    const SortKey& key = order_[next];
    const ElementSet* winner = &sets[key.position];
    Repeats repeats{key, 0, 0};
    for (++next; next < order_.size() && order_[next].norad_id == key.norad_id &&
                 order_[next].source == key.source && order_[next].epoch_us == key.epoch_us;
         ++next) {
      const ElementSet& repeat = sets[order_[next].position];
      if (same_stored_values(*winner, repeat)) {
        ++repeats.rejected;
      } else if (keeps_stored(*winner, repeat)) {
        versions_.keep(repeat, run_id);
        ++repeats.rejected;
      } else {
        versions_.keep(*winner, run_id);
        winner = &repeat;
        ++repeats.superseded;
      }
    }
    const ElementSet& first_repeat = sets[key.position];
    if (winner->tle_layout != first_repeat.tle_layout) {
      relaid_.push_back(*winner);
      relaid_.back().tle_layout = first_repeat.tle_layout;
      winner = &relaid_.back();
    }
    winners_.push_back(winner);
    repeats_.push_back(repeats);
  }
  return next;
}

void Writer::count_written(const Repeats& repeats, BlockWriter::Written written,
                           WriteCounts& counts) {
  switch (written) {
    case BlockWriter::Written::added:
      tally_year(repeats.key);
      counts.added += 1;
      counts.updated += repeats.superseded;
      counts.unchanged += repeats.rejected;
      break;
    case BlockWriter::Written::updated:
      counts.updated += 1 + repeats.superseded;
      counts.unchanged += repeats.rejected;
      break;
    case BlockWriter::Written::unchanged:
      counts.unchanged += 1 + repeats.superseded + repeats.rejected;
      break;
  }
}

void Writer::write_sets(std::span<const ElementSet> sets, std::int64_t run_id,
                        WriteCounts& counts) {
  year_tallies_.clear();
  relaid_.clear();
  for (std::size_t first = 0; first < order_.size();) {
    // One object and source at a time: the winner of each epoch, and what its repeats count as.
    const std::size_t next = gather_winners(sets, first, run_id);
    const StoredSet* newest =
        blocks_.write(winners_, run_id, [&](std::size_t i, BlockWriter::Written written) {
          count_written(repeats_[i], written, counts);
          if (written != BlockWriter::Written::unchanged) {
            versions_.note_epoch_lead(*winners_[i], run_id);
          }
        });
    if (newest != nullptr) {
      upsert_latest_.tryReset();
      bind_set(upsert_latest_, newest->set, newest->run_id);
      upsert_latest_.exec();
    }
    first = next;
  }
}

// order_ is sorted by object, so an object's tallies are the last few entries.
void Writer::tally_year(const SortKey& added) {
  const int year = to_civil(TimePoint::from_unix_micros(added.epoch_us)).year;
  for (auto it = year_tallies_.rbegin();
       it != year_tallies_.rend() && it->norad_id == added.norad_id; ++it) {
    if (it->source == added.source && it->year == year) {
      ++it->set_count;
      it->first_epoch_us = std::min(it->first_epoch_us, added.epoch_us);
      it->last_epoch_us = std::max(it->last_epoch_us, added.epoch_us);
      return;
    }
  }
  year_tallies_.push_back({added.norad_id, added.source, year, 1, added.epoch_us, added.epoch_us});
}

void Writer::write_year_tallies() {
  for (const YearTally& tally : year_tallies_) {
    upsert_object_year_.tryReset();
    upsert_object_year_.bind(1, tally.norad_id);
    upsert_object_year_.bind(2, tally.source);
    upsert_object_year_.bind(3, tally.year);
    upsert_object_year_.bind(4, tally.set_count);
    upsert_object_year_.bind(5, tally.first_epoch_us);
    upsert_object_year_.bind(6, tally.last_epoch_us);
    upsert_object_year_.exec();
  }
}

// order_ is sorted by NORAD id: one pass, at most one upsert per object.
void Writer::write_objects(std::span<const ElementSet> sets, std::int64_t run_id) {
  static const std::string kNone;
  pending_objects_.clear();
  std::size_t i = 0;
  while (i < order_.size()) {
    const std::int32_t norad_id = order_[i].norad_id;
    PendingObject object{norad_id, &kNone, &kNone, nullptr};
    // Until a set gives them, the object's first set (for the publication time below).
    std::uint32_t name_position = order_[i].position;
    std::uint32_t designator_position = order_[i].position;
    for (; i < order_.size() && order_[i].norad_id == norad_id; ++i) {
      const SortKey& key = order_[i];
      const ElementSet& set = sets[key.position];
      if (!set.object_name.empty() &&
          (object.object_name->empty() || key.position > name_position)) {
        object.object_name = &set.object_name;
        name_position = key.position;
      }
      if (!set.object_id.empty() &&
          (object.object_id->empty() || key.position > designator_position)) {
        object.object_id = &set.object_id;
        designator_position = key.position;
      }
    }
    object.giver = &sets[std::max(name_position, designator_position)];
    upsert_object(object, run_id);
  }
}

void Writer::upsert_object(const PendingObject& object, std::int64_t run_id) {
  if (const auto known = known_objects_.find(object.norad_id); known != known_objects_.end()) {
    const bool same_name =
        object.object_name->empty() || *object.object_name == known->second.object_name;
    const bool same_id = object.object_id->empty() || *object.object_id == known->second.object_id;
    if (same_name && same_id) {
      return;
    }
  }
  upsert_object_.tryReset();
  upsert_object_.bind(1, object.norad_id);
  upsert_object_.bindNoCopy(2, *object.object_name);
  upsert_object_.bindNoCopy(3, *object.object_id);
  // Names are published with the set that brought them.
  upsert_object_.bind(4, static_cast<std::int64_t>(versions_.published_us(*object.giver, run_id)));
  upsert_object_.exec();
  pending_objects_.push_back(object);
}

// After commit only: a rolled-back batch must leave the caches as they were.
void Writer::remember_committed() {
  for (const PendingObject& object : pending_objects_) {
    KnownObject& known = known_objects_[object.norad_id];
    if (!object.object_name->empty()) {
      known.object_name = *object.object_name;
    }
    if (!object.object_id->empty()) {
      known.object_id = *object.object_id;
    }
  }
  pending_objects_.clear();
}

void Writer::write_catalog(std::span<const CatalogRecord> records, std::int64_t run_id,
                           WriteCounts& counts) {
  if (records.empty()) {
    return;
  }
  const std::int64_t published = versions_.run_published_us(run_id);
  for (const CatalogRecord& record : records) {
    upsert_catalog_.tryReset();
    bind_catalog(upsert_catalog_, record);
    upsert_catalog_.bind(15, static_cast<std::int64_t>(published));
    counts.catalog_changed += static_cast<std::uint64_t>(upsert_catalog_.exec());
  }
}

void Writer::replace_group_members(std::string_view group, std::span<const std::int32_t> norad_ids,
                                   TimePoint synced_at) {
  with_database_errors(db_.path(), [&] {
    const std::string name(group);
    SQLite::Transaction transaction(db_.connection(), SQLite::TransactionBehavior::IMMEDIATE);
    db_.connection().exec(std::string(sql::kBumpGeneration));
    SQLite::Statement remove = prepare(db_, sql::kDeleteGroupMembers);
    remove.bind(1, name);
    remove.exec();
    SQLite::Statement insert = prepare(db_, sql::kInsertGroupMember);
    for (const std::int32_t norad_id : norad_ids) {
      insert.tryReset();
      insert.bind(1, name);
      insert.bind(2, norad_id);
      insert.exec();
    }
    SQLite::Statement synced = prepare(db_, sql::kUpsertGroupSync);
    synced.bind(1, name);
    synced.bind(2, static_cast<std::int64_t>(synced_at.unix_micros()));
    synced.exec();
    transaction.commit();
  });
}

}  // namespace gpq::storage
