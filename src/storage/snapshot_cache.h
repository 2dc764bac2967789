// The members of the last snapshot with a regime filter, which cost a read of every object:
// kept for the data generation of the index they were computed from.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/query.h"

namespace gpq::storage {

class SnapshotCache {
 public:
  using Members = std::shared_ptr<const std::vector<ElementSet>>;

  // The members kept for the same epoch, object type, regime and group at `generation`, or
  // null.
  // Thread-safe.
  Members find(const SnapshotQuery& query, std::int64_t generation) const;

  // Keeps `members`, computed from the index at `generation`, unless members of a newer
  // generation are kept already: a slow computation that finishes after a newer one must not
  // replace it. Thread-safe.
  void keep(const SnapshotQuery& query, std::int64_t generation, Members members);

 private:
  struct Entry {
    std::int64_t generation = -1;
    SnapshotQuery query;
    Members members;
  };
  mutable std::mutex mutex_;  // guards entry_, held only to copy or replace it
  std::shared_ptr<const Entry> entry_;
};

}  // namespace gpq::storage
