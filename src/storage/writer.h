// Writes element sets, catalog records and group lists in batches, one transaction per
// batch, applying the de-duplication rules of docs/DECISIONS.md "Element sets".
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

#include "storage/block_writer.h"
#include "storage/set_versions.h"

namespace gpq::storage {

class Checkpointer;
class Database;

struct WriteCounts {
  std::uint64_t added = 0;            // new identity (NORAD id, epoch, source)
  std::uint64_t updated = 0;          // an identity already stored, now with other values
  std::uint64_t unchanged = 0;        // identical to what is stored, or older than it
  std::uint64_t catalog_changed = 0;  // catalog records new or different from the stored one
};

class Writer {
 public:
  // `db` must be open read-write and outlive the writer; one Writer per Database at a time.
  // Not thread-safe. While the writer exists, a thread of its own copies the write-ahead log
  // into the database file (checkpointer.h). Throws Error{internal}.
  explicit Writer(Database& db);
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  Writer(Writer&&) = delete;
  Writer& operator=(Writer&&) = delete;

  // Writes everything in one BEGIN IMMEDIATE transaction: all or nothing.
  // A set whose identity is stored already replaces the stored one unless the two are
  // identical, or both carry a CREATION_DATE and the stored one is later, or neither does
  // and the stored one's run was published later. What no longer answers, stored or
  // incoming, is kept as a version with its publication time (set_versions.h). Repeats of an
  // identity within `sets` are settled first by the same rule (the later one wins), then the
  // winner meets the stored set; the repeats it superseded count as updated, those it
  // rejected as unchanged, and all count as unchanged when the winner changes nothing.
  // Each set records `run_id` (its _collected_at is that run's start) when it is added or
  // replaced. The object's name and designator become those of the last set in the batch
  // that has them (empty never overwrites). Catalog records replace the stored record of
  // their NORAD id when different. May first wait for the log copy (checkpointer.h).
  // Throws Error{internal} on database failure, leaving the database as it was.
  WriteCounts write_batch(std::span<const ElementSet> sets, std::span<const CatalogRecord> records,
                          std::int64_t run_id);

  // Makes `norad_ids` the members of `group` (a synced upstream group list) and records
  // `synced_at`, in one transaction. Throws Error{internal}.
  void replace_group_members(std::string_view group, std::span<const std::int32_t> norad_ids,
                             TimePoint synced_at);

 private:
  // One set's place in the batch, sorted by object, source, epoch, then position: each
  // object and source is one run, and a later repeat is applied after an earlier one.
  struct SortKey {
    std::int32_t norad_id;
    std::int32_t source;
    std::int64_t epoch_us;
    std::uint32_t position;
  };

  // What this writer has committed, so that a batch skips the upserts that would change
  // nothing (most objects keep their name).
  struct KnownObject {
    std::string object_name;  // empty: not known
    std::string object_id;
  };
  struct PendingObject {
    std::int32_t norad_id;
    const std::string* object_name;
    const std::string* object_id;
    const ElementSet* giver;  // the later of the sets that brought them: their publication
  };
  // What the repeats of one identity in the batch count as, beside its winner.
  struct Repeats {
    SortKey key;
    std::uint64_t superseded;
    std::uint64_t rejected;
  };

  // Sets added in this batch per object, source and UTC year (schema.cc object_year).
  struct YearTally {
    std::int32_t norad_id;
    std::int32_t source;
    int year;
    std::int64_t set_count;
    std::int64_t first_epoch_us;
    std::int64_t last_epoch_us;
  };

  void sort_batch(std::span<const ElementSet> sets);
  void write_sets(std::span<const ElementSet> sets, std::int64_t run_id, WriteCounts& counts);
  // The winners_ and repeats_ of the object and source at order_[first], keeping the
  // repeats with other values as versions; returns where the next object or source starts.
  std::size_t gather_winners(std::span<const ElementSet> sets, std::size_t first,
                             std::int64_t run_id);
  void count_written(const Repeats& repeats, BlockWriter::Written written, WriteCounts& counts);
  void tally_year(const SortKey& added);
  void write_year_tallies();
  void write_objects(std::span<const ElementSet> sets, std::int64_t run_id);
  void upsert_object(const PendingObject& object, std::int64_t run_id);
  void remember_committed();
  void write_catalog(std::span<const CatalogRecord> records, std::int64_t run_id,
                     WriteCounts& counts);

  Database& db_;
  SetVersions versions_;
  BlockWriter blocks_;
  SQLite::Statement upsert_object_;
  SQLite::Statement upsert_latest_;
  SQLite::Statement add_to_set_count_;
  SQLite::Statement lower_earliest_epoch_;
  SQLite::Statement upsert_object_year_;
  SQLite::Statement upsert_catalog_;
  SQLite::Statement raise_max_epoch_lead_;
  std::unique_ptr<Checkpointer> checkpointer_;  // null: SQLite checkpoints after commits
  std::vector<SortKey> order_;                  // reused across batches
  std::vector<YearTally> year_tallies_;         // reused across batches
  std::vector<const ElementSet*> winners_;      // one object and source at a time
  std::vector<Repeats> repeats_;
  std::deque<ElementSet> relaid_;  // winners given their first repeat's TLE layout
  std::vector<PendingObject> pending_objects_;
  std::unordered_map<std::int32_t, KnownObject> known_objects_;
};

}  // namespace gpq::storage
