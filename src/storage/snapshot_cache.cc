#include "storage/snapshot_cache.h"

namespace gpq::storage {
namespace {

bool same_query(const SnapshotQuery& a, const SnapshotQuery& b) {
  return a.epoch == b.epoch && a.object_type == b.object_type && a.orbit_regime == b.orbit_regime &&
         a.group == b.group;
}

}  // namespace

SnapshotCache::Members SnapshotCache::find(const SnapshotQuery& query,
                                           std::int64_t generation) const {
  const std::lock_guard lock(mutex_);
  if (entry_ && entry_->generation == generation && same_query(entry_->query, query)) {
    return entry_->members;
  }
  return nullptr;
}

void SnapshotCache::keep(const SnapshotQuery& query, std::int64_t generation, Members members) {
  const std::lock_guard lock(mutex_);
  if (!entry_ || entry_->generation <= generation) {
    entry_ = std::make_shared<const Entry>(Entry{generation, query, std::move(members)});
  }
}

}  // namespace gpq::storage
