// SqliteStore: the query core's Store over one SQLite file. Thread-safe: each call
// leases a Reader (one read-only connection) from a pool, and searches of current
// sets use a CurrentIndex rebuilt whenever another connection has committed.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "gpq/store.h"

namespace gpq::storage {

class Database;
class Reader;
class CurrentIndex;

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

  std::optional<ElementSet> latest(std::int32_t norad_id, SourceFilter source) const override;
  std::int64_t count_current(const GpFilter& filter) const override;
  void current(const GpFilter& filter, Window window, const SetVisitor& visit) const override;
  std::int64_t count_snapshot(const SnapshotQuery& query) const override;
  void snapshot(const SnapshotQuery& query, Window window,
                const SetVisitor& visit) const override;
  SetStats history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                         SourceFilter source) const override;
  void history(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
               Window window, const SetVisitor& visit) const override;
  std::optional<ElementSet> at_or_before(std::int32_t norad_id, TimePoint epoch,
                                         SourceFilter source) const override;
  std::optional<ElementSet> after(std::int32_t norad_id, TimePoint epoch,
                                  SourceFilter source) const override;
  std::optional<CatalogRecord> catalog_record(std::int32_t norad_id) const override;
  std::int64_t count_catalog(const CatalogFilter& filter) const override;
  void catalog(const CatalogFilter& filter, Window window,
               const CatalogVisitor& visit) const override;
  MirrorStats mirror_stats() const override;
  std::int64_t generation() const override;

 private:
  class Lease;
  explicit SqliteStore(const std::filesystem::path& path);

  std::shared_ptr<const CurrentIndex> index() const;
  std::int64_t generation_locked() const;  // with mutex_ held
  // Calls member(norad_id) for each object of a snapshot without a regime filter, in NORAD
  // order, until it returns false.
  template <typename Member>
  void for_each_snapshot_member(const SnapshotQuery& query, Reader& reader,
                                const Member& member) const;
  std::shared_ptr<const std::vector<ElementSet>> snapshot_members(
      const SnapshotQuery& query) const;

  std::filesystem::path path_;
  mutable std::mutex mutex_;  // guards everything below
  mutable std::vector<std::unique_ptr<Reader>> idle_readers_;
  std::unique_ptr<Database> watcher_;  // a connection that notices other connections' commits
  mutable std::int64_t seen_version_ = -1;     // PRAGMA data_version at the last check
  mutable std::int64_t seen_generation_ = -1;  // meta 'generation' at that check
  mutable std::int64_t index_generation_ = -1;  // the generation index_ was built at
  mutable std::mutex rebuild_mutex_;
  mutable std::shared_ptr<const CurrentIndex> index_;
  struct SnapshotCache;
  mutable std::shared_ptr<SnapshotCache> snapshot_cache_;
};

}  // namespace gpq::storage
