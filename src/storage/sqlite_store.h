// SqliteStore: the query core's Store over one SQLite file. Thread-safe: each call
// leases a Reader (one read-only connection) from a ReaderPool, and the searches of current
// sets and catalog records, and snapshot membership, use a CurrentIndex (IndexCache) that is
// rebuilt when a call finds the data generation changed, which only commits that write
// element sets, catalog records or group lists do (sql.h kBumpGeneration).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "gpq/store.h"

#include "storage/index_cache.h"
#include "storage/reader_pool.h"
#include "storage/snapshot_cache.h"

namespace gpq::storage {

class Reader;

class SqliteStore final : public Store {
 public:
  // Opens (creating and migrating when needed) the database at `path`.
  // Throws Error (see Database::open).
  static std::unique_ptr<SqliteStore> open(const std::filesystem::path& path);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;
  SqliteStore(SqliteStore&&) = delete;
  SqliteStore& operator=(SqliteStore&&) = delete;

  // The read-only connections kept open for threads that ask at once (ReaderPool::keep_at_most):
  // a server keeps one per worker thread.
  void keep_readers(std::size_t readers) { readers_.keep_at_most(readers); }

  std::optional<ElementSet> latest(std::int32_t norad_id, SourceFilter source) const override;
  std::int64_t count_current(const GpFilter& filter) const override;
  void current(const GpFilter& filter, Window window, const SetVisitor& visit) const override;
  std::int64_t count_snapshot(const SnapshotQuery& query) const override;
  void snapshot(const SnapshotQuery& query, Window window, const SetVisitor& visit) const override;
  SetStats history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                         SourceFilter source) const override;
  void history(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
               Window window, const SetVisitor& visit) const override;
  std::optional<ElementSet> at_or_before(std::int32_t norad_id, TimePoint epoch,
                                         SourceFilter source) const override;
  std::optional<ElementSet> after(std::int32_t norad_id, TimePoint epoch,
                                  SourceFilter source) const override;
  void superseded_versions(std::int32_t norad_id, TimePoint start, TimePoint end,
                           const SetVisitor& visit) const override;
  std::optional<std::int64_t> max_epoch_lead_micros() const override;
  std::optional<ObjectNames> object_names_at(std::int32_t norad_id,
                                             TimePoint instant) const override;
  std::optional<CatalogRecord> catalog_record(std::int32_t norad_id) const override;
  std::optional<CatalogRecord> catalog_record_at(std::int32_t norad_id,
                                                 TimePoint instant) const override;
  std::int64_t count_catalog(const CatalogFilter& filter) const override;
  void catalog(const CatalogFilter& filter, Window window,
               const CatalogVisitor& visit) const override;
  std::vector<AsOfCandidate> snapshot_candidates(const SnapshotQuery& query,
                                                 TimePoint as_of) const override;
  std::vector<AsOfCandidate> search_candidates(const GpFilter& filter,
                                               TimePoint as_of) const override;
  std::int64_t count_catalog_at(const CatalogFilter& filter, TimePoint as_of) const override;
  void catalog_at(const CatalogFilter& filter, TimePoint as_of, Window window,
                  const CatalogVisitor& visit) const override;
  Coverage coverage(TimePoint instant) const override;
  std::vector<SourceCollected> last_syncs(TimePoint by) const override;
  MirrorStats mirror_stats() const override;
  std::int64_t generation() const override;

  // For tests: runs after a snapshot's members are computed and before they are cached, so
  // that a test can commit in between.
  void TEST_on_snapshot_computed(std::function<void()> hook) { snapshot_hook_ = std::move(hook); }

 private:
  explicit SqliteStore(const std::filesystem::path& path);

  // Calls member(object, its first epoch in microseconds) for each object of a snapshot
  // without a regime filter, in NORAD order, until it returns false.
  template <typename Member>
  void for_each_snapshot_member(const SnapshotQuery& query, Reader& reader,
                                const Member& member) const;
  // The records as published at `as_of` that pass `filter`, in NORAD order.
  std::vector<CatalogRecord> catalog_matching_at(const CatalogFilter& filter,
                                                 TimePoint as_of) const;
  // Every member of a snapshot with a regime filter, from the cache when it holds them.
  SnapshotCache::Members snapshot_members(const SnapshotQuery& query) const;

  ReaderPool readers_;
  IndexCache index_;
  mutable SnapshotCache snapshots_;
  std::function<void()> snapshot_hook_;
  // The coverages that read the archive (past instants), the newest last, each with the
  // generation it was computed at: pages of one answer ask for the same one.
  struct KeptCoverage {
    std::int64_t generation = 0;
    Coverage coverage;
  };
  mutable std::mutex coverage_mutex_;
  mutable std::vector<KeptCoverage> coverages_;
};

}  // namespace gpq::storage
