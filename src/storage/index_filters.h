// What SqliteStore's questions share over the index of current sets: a page of a list in
// memory, and the snapshot's filters that do not depend on the set chosen.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpq/store.h"

#include "core/group_rules.h"
#include "storage/current_index.h"

namespace gpq::storage {

template <typename Item, typename Visit>
inline void visit_window(const std::vector<const Item*>& items, Window window, const Visit& visit) {
  const auto size = static_cast<std::int64_t>(items.size());
  const std::int64_t end = window.limit < 0 ? size : std::min(size, window.offset + window.limit);
  for (std::int64_t i = window.offset; i < end; ++i) {
    visit(*items[static_cast<std::size_t>(i)]);
  }
}

// The filters of a snapshot that do not depend on the set chosen: decay before the epoch
// (docs/DECISIONS.md "Snapshot"), object type and group (judged at the epoch).
inline bool passes_filters(const CurrentIndex& index, const IndexedObject& object,
                           const SnapshotQuery& query, TimePoint epoch) {
  if (decayed_before(object.decay_date, epoch)) {
    return false;
  }
  if (query.object_type &&
      (object.catalog == nullptr || object.catalog->object_type != query.object_type)) {
    return false;
  }
  return !query.group || index.in_group(object, *query.group, epoch);
}

}  // namespace gpq::storage
