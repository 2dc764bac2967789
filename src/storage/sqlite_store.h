// SqliteStore: the query core's Store over one SQLite file. Thread-safe: each call
// leases a Reader (one read-only connection) from a pool, and searches of current
// sets use a CurrentIndex rebuilt whenever another connection has committed sets.
// The generation is read on the leased connection, so callers do not queue for one.
#pragma once

#include <filesystem>
#include <functional>
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

  // For tests: runs after a snapshot's members are computed and before they are cached, so
  // that a test can commit in between.
  void TEST_on_snapshot_computed(std::function<void()> hook) { snapshot_hook_ = std::move(hook); }

 private:
  class Lease;
  explicit SqliteStore(const std::filesystem::path& path);

  // An index and the generation it was built at: what is computed from the index is labelled
  // with that generation, never with a later one.
  struct Indexed {
    std::shared_ptr<const CurrentIndex> index;
    std::int64_t generation = -1;
  };
  // The index at the generation as of now (rebuilt when another connection committed sets).
  Indexed index() const;
  // Calls member(norad_id) for each object of a snapshot without a regime filter, in NORAD
  // order, until it returns false.
  template <typename Member>
  void for_each_snapshot_member(const SnapshotQuery& query, Reader& reader,
                                const Member& member) const;
  std::shared_ptr<const std::vector<ElementSet>> snapshot_members(
      const SnapshotQuery& query) const;

  std::filesystem::path path_;
  mutable std::mutex pool_mutex_;  // guards idle_readers_
  mutable std::vector<std::unique_ptr<Reader>> idle_readers_;
  mutable std::mutex rebuild_mutex_;  // one index rebuild at a time
  mutable std::mutex mutex_;          // guards index_ and snapshot_cache_, held only to copy
  mutable Indexed index_;
  struct SnapshotCache;
  mutable std::shared_ptr<SnapshotCache> snapshot_cache_;
  std::function<void()> snapshot_hook_;
};

}  // namespace gpq::storage
