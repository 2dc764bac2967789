// SqliteStore's side of the archive as known at an instant (AsOfStore): the candidates of a
// snapshot or a search, from memory, and the catalog search over the records then.
#include <algorithm>
#include <optional>
#include <vector>

#include "core/gp_filter_rules.h"
#include "storage/current_index.h"
#include "storage/index_filters.h"
#include "storage/reader.h"
#include "storage/sqlite_store.h"

namespace gpq::storage {

using Lease = ReaderPool::Lease;

std::vector<Store::AsOfCandidate> SqliteStore::snapshot_candidates(const SnapshotQuery& query,
                                                                   TimePoint as_of) const {
  const auto idx = index_.current().index;
  const TimePoint epoch = *query.epoch;
  const std::int64_t horizon_us = epoch.unix_micros() + kMicrosPerDay;
  Lease reader(readers_);
  const std::vector<std::int32_t> changed = reader->catalog_changed_after(as_of);
  const std::vector<std::int64_t>& firsts = idx->first_epochs(*reader);
  const std::vector<std::int64_t>& published = idx->first_published(*reader);
  const std::vector<IndexedObject>& objects = idx->objects();
  std::vector<AsOfCandidate> candidates;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const IndexedObject& object = objects[i];
    if (firsts[i] > horizon_us) {
      continue;
    }
    const std::int32_t id = object.current.norad_id;
    const bool settled = !std::binary_search(changed.begin(), changed.end(), id);
    if (settled ? !passes_filters(*idx, object, query, epoch)
                : query.group && !idx->in_group(object, *query.group, epoch)) {
      continue;
    }
    candidates.push_back({id, settled, TimePoint::from_unix_micros(published[i])});
  }
  return candidates;
}

std::vector<Store::AsOfCandidate> SqliteStore::search_candidates(const GpFilter& filter,
                                                                 TimePoint as_of) const {
  const auto idx = index_.current().index;
  Lease reader(readers_);
  const std::vector<std::int32_t> changed = reader->catalog_changed_after(as_of);
  const std::vector<std::int64_t>& published = idx->first_published(*reader);
  const std::vector<IndexedObject>& objects = idx->objects();
  std::vector<AsOfCandidate> candidates;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const IndexedObject& object = objects[i];
    const std::int32_t id = object.current.norad_id;
    if (!filter.norad_ids.empty() &&
        !std::binary_search(filter.norad_ids.begin(), filter.norad_ids.end(), id)) {
      continue;
    }
    if (filter.group && !idx->in_group(object, *filter.group, as_of)) {
      continue;
    }
    const bool settled = !std::binary_search(changed.begin(), changed.end(), id);
    if (settled && !record_passes(object.catalog, filter, as_of)) {
      continue;
    }
    candidates.push_back({id, settled, TimePoint::from_unix_micros(published[i])});
  }
  return candidates;
}

std::vector<CatalogRecord> SqliteStore::catalog_matching_at(const CatalogFilter& filter,
                                                            TimePoint as_of) const {
  const auto idx = index_.current().index;
  Lease reader(readers_);
  const std::vector<std::int32_t> changed = reader->catalog_changed_after(as_of);
  std::vector<CatalogRecord> matching;
  for (const CatalogRecord& record : idx->catalog()) {
    if (!std::binary_search(changed.begin(), changed.end(), record.norad_id)) {
      if (idx->matches(record, filter, filter.as_of)) {
        matching.push_back(record);
      }
    } else if (std::optional<CatalogRecord> then =
                   reader->catalog_record_at(record.norad_id, as_of);
               then && idx->matches(*then, filter, filter.as_of)) {
      matching.push_back(std::move(*then));
    }
  }
  return matching;
}

std::int64_t SqliteStore::count_catalog_at(const CatalogFilter& filter, TimePoint as_of) const {
  return static_cast<std::int64_t>(catalog_matching_at(filter, as_of).size());
}

void SqliteStore::catalog_at(const CatalogFilter& filter, TimePoint as_of, Window window,
                             const CatalogVisitor& visit) const {
  const std::vector<CatalogRecord> matching = catalog_matching_at(filter, as_of);
  std::vector<const CatalogRecord*> items;
  for (const CatalogRecord& record : matching) {
    items.push_back(&record);
  }
  visit_window(items, window, visit);
}

}  // namespace gpq::storage
