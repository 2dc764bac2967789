// Read primitives over one read-only connection, for the query core's Store: the newest
// set and neighbours of an epoch (reader.cc), windows of an object's history
// (reader_history.cc); catalog records, groups and the mirror's totals (reader_catalog.cc).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/query.h"
#include "gpq/store.h"

#include "storage/block_codec.h"
#include "storage/data_generation.h"
#include "storage/lazy_statement.h"

namespace gpq::storage {

// An object whose SATCAT record changed after an instant, and whether it had one by then.
struct CatalogChange {
  std::int32_t norad_id = 0;
  bool recorded_then = false;
};

class Database;

// Every set returned carries object_name/object_id from the object table (the names the GP
// data last gave) and collected_at = the start of the sync run that last wrote it.
//
// SourceFilter::all merges the sources: where two hold a set of the object at the same
// millisecond (epochs rounded half up, as printed), only the set of the source that outranks
// the other (gpq/element_set.h) exists in the merged view. History, counts, stats and the
// neighbours of an epoch all read that view. Nothing here names a source: a new row of
// GPQ_DATA_SOURCES is read and merged as the others are.
//
// Not thread-safe: one Reader per thread. Visitors must not call back into the same Reader.
// Every method throws Error on database failure (see throw_database_error in database.h);
// statements are reset after each call so that no read transaction stays open (it would
// stall WAL checkpoints).
class Reader {
 public:
  // Opens `path` read-only (see Database::open for creation, migration and its errors).
  explicit Reader(const std::filesystem::path& path);
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;
  Reader(Reader&&) = delete;
  Reader& operator=(Reader&&) = delete;

  // The newest set of the object within `source`; for all, the newest of any source (the
  // outranking one when two fall on the same millisecond).
  std::optional<ElementSet> latest_set(std::int32_t norad_id, SourceFilter source);

  // Sets with from <= EPOCH <= to, ascending by EPOCH, skipping `window.offset`, at most
  // `window.limit` (negative: all).
  void history(std::int32_t norad_id, TimePoint from, TimePoint to, SourceFilter source,
               Window window, const SetVisitor& visit);
  std::int64_t count_history(std::int32_t norad_id, TimePoint from, TimePoint to,
                             SourceFilter source);
  // Count, first and last epoch, and the number of distinct UTC years of the same sets.
  SetStats history_stats(std::int32_t norad_id, TimePoint from, TimePoint to, SourceFilter source);

  // The last set with EPOCH <= epoch / the first with EPOCH > epoch.
  std::optional<ElementSet> set_at_or_before(std::int32_t norad_id, TimePoint epoch,
                                             SourceFilter source);
  std::optional<ElementSet> set_after(std::int32_t norad_id, TimePoint epoch, SourceFilter source);

  // Both of the above in one call (one look-up of the object's sources and names):
  // the snapshot's per-object step.
  std::pair<std::optional<ElementSet>, std::optional<ElementSet>> neighbours(std::int32_t norad_id,
                                                                             TimePoint epoch,
                                                                             SourceFilter source);

  // The versions of the object's sets with from <= EPOCH <= to that a later publication
  // replaced, by epoch, source and publication time (each one's published_at).
  void superseded_versions(std::int32_t norad_id, TimePoint from, TimePoint to,
                           const SetVisitor& visit);

  // The newest set of every object (as latest_set), in NORAD id order.
  void for_each_latest(SourceFilter source, const SetVisitor& visit);

  std::optional<CatalogRecord> catalog_record(std::int32_t norad_id);
  // Every catalog record, in NORAD id order.
  void for_each_catalog(const CatalogVisitor& visit);

  // Members of a synced upstream group in NORAD order; std::nullopt when never synced.
  std::optional<std::vector<std::int32_t>> group_members(std::string_view group);

  std::int64_t total_sets();      // O(1): a counter the writer maintains
  std::int64_t total_versions();  // superseded versions kept (set_versions.h)
  // meta max_epoch_lead_us (Store::max_epoch_lead_micros).
  std::optional<std::int64_t> max_epoch_lead();
  // The catalog record as published at `instant` (Store::catalog_record_at).
  std::optional<CatalogRecord> catalog_record_at(std::int32_t norad_id, TimePoint instant);
  // Objects whose current SATCAT record was published after `instant`, in NORAD order.
  std::vector<CatalogChange> catalog_changed_after(TimePoint instant);
  // The object's names as published at `instant` (Store::object_names_at).
  std::optional<ObjectNames> object_names_at(std::int32_t norad_id, TimePoint instant);
  std::int64_t total_objects();  // objects with at least one set
  std::int64_t total_catalog();  // SATCAT records
  // (NORAD id, first epoch in microseconds) of every object with a set, in NORAD order.
  std::vector<std::pair<std::int32_t, std::int64_t>> first_epochs();
  EpochSpan epoch_span();  // O(1): oldest epoch (kept by the writer) and newest
  // The newest run of each sync source and its newest success, by source name.
  std::vector<SourceSync> source_syncs();
  // When a replica's newest pull from its peer committed; none when it follows no peer.
  std::optional<TimePoint> peer_pulled_at();
  // How many runs of each source ended each way, by source and outcome.
  std::vector<SyncRunTally> run_tallies();
  // Store::last_syncs.
  std::vector<SourceCollected> last_syncs(TimePoint by);

  // The data generation (see DataGeneration): what the store checks its index against.
  std::int64_t generation() { return generation_.read(); }

  // Holds one read transaction while it lives, for a pass of many look-ups (a snapshot reads
  // thousands of objects): each statement then skips taking and dropping the log's read lock,
  // two system calls each, and every look-up sees the same commit. Keep it short: a checkpoint
  // cannot pass it.
  class ReadTransaction {
   public:
    explicit ReadTransaction(Reader& reader);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;
    ReadTransaction(ReadTransaction&&) = delete;
    ReadTransaction& operator=(ReadTransaction&&) = delete;

   private:
    Reader& reader_;
  };

 private:
  // A statement in use: reset before it is bound and again when done, so that no read
  // transaction outlives the call.
  struct StatementInUse {
    explicit StatementInUse(SQLite::Statement& s) : statement(s) { statement.tryReset(); }
    ~StatementInUse() { statement.tryReset(); }
    StatementInUse(const StatementInUse&) = delete;
    StatementInUse& operator=(const StatementInUse&) = delete;
    StatementInUse(StatementInUse&&) = delete;
    StatementInUse& operator=(StatementInUse&&) = delete;
    SQLite::Statement& statement;
  };

  // Which sources a read of one object looks at, by stored code (most authoritative first):
  // the one asked for, or every source the object has sets of. The merge hides sets only when
  // it reads more than one.
  struct Plan {
    std::array<bool, kDataSourceCount> reads{};
    int count() const;
  };
  Plan plan(std::int32_t norad_id, SourceFilter source);
  // Walks the window [from, to] of the plan's sources in (epoch, source) order.
  template <typename Walk>
  void walk(std::int32_t norad_id, TimePoint from, TimePoint to, const Plan& plan, Walk&& walk);
  // One source's last set with EPOCH <= epoch_us / first set with EPOCH > epoch_us.
  std::optional<StoredSet> last_at_or_before(std::int32_t norad_id, int source_code,
                                             std::int64_t epoch_us);
  std::optional<StoredSet> first_after(std::int32_t norad_id, int source_code,
                                       std::int64_t epoch_us);
  // True when a set of a source of the plan that outranks `set`'s falls on its printed
  // millisecond.
  bool outranked(std::int32_t norad_id, const StoredSet& set, const Plan& plan);
  enum class Side { at_or_before, after };
  std::optional<StoredSet> nearest_of_source(std::int32_t norad_id, int source_code,
                                             std::int64_t epoch_us, Side side);
  // The last set at or before / the first after `epoch` in the plan's merged view.
  std::optional<ElementSet> merged_neighbour(std::int32_t norad_id, TimePoint epoch,
                                             const Plan& plan, Side side);
  ElementSet complete(const StoredSet& stored);
  // Count, span and years of all the object's sets of one source (-1: every source, no
  // merge), from the per-year summary the writer keeps.
  SetStats year_summary(std::int32_t norad_id, int source_code);
  // Decodes the current row, names, collected_at and published_at included.
  void read_row(SQLite::Statement& query, ElementSet& set);
  void fill_names(std::int32_t norad_id, ElementSet& set);
  // The one number a counting statement gives (0 for no row).
  std::int64_t count_of(LazyStatement& count);
  // Sets collected_at and published_at from run `run_id` (and the set's CREATION_DATE).
  void stamp(std::int64_t run_id, ElementSet& set);

  struct RunTimes {
    TimePoint started;
    TimePoint published;
  };

  std::unique_ptr<Database> db_;
  LazyStatement latest_;
  LazyStatement all_latest_;
  LazyStatement latest_sources_;
  LazyStatement object_years_;
  LazyStatement block_at_or_before_;
  LazyStatement block_after_;
  // A window of several sources steps one statement each at once, by stored code.
  std::deque<LazyStatement> source_blocks_;
  LazyStatement object_;
  LazyStatement all_objects_;
  LazyStatement run_times_;
  LazyStatement catalog_record_;
  LazyStatement all_catalog_;
  LazyStatement group_sync_;
  LazyStatement group_members_;
  LazyStatement count_objects_;
  LazyStatement set_count_;
  LazyStatement versions_;
  LazyStatement count_versions_;
  LazyStatement max_epoch_lead_;
  LazyStatement object_at_;
  LazyStatement catalog_record_at_;
  LazyStatement catalog_changed_after_;
  DataGeneration generation_;
  std::unordered_map<std::int64_t, RunTimes> run_times_by_id_;
  std::vector<StoredSet> decoded_;  // the block of the last look-up
  // Names of the last object looked up: one object's history reuses them.
  std::int32_t names_norad_id_ = 0;
  std::string names_object_name_;
  std::string names_object_id_;
};

}  // namespace gpq::storage
