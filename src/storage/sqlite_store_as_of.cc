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

namespace {

// The change of `norad_id`'s record after the instant, or null when it has none.
const CatalogChange* change_of(const std::vector<CatalogChange>& changes, std::int32_t norad_id) {
  const auto found = std::lower_bound(
      changes.begin(), changes.end(), norad_id,
      [](const CatalogChange& change, std::int32_t id) { return change.norad_id < id; });
  return found != changes.end() && found->norad_id == norad_id ? &*found : nullptr;
}

}  // namespace

std::vector<Store::AsOfCandidate> SqliteStore::snapshot_candidates(const SnapshotQuery& query,
                                                                   TimePoint as_of) const {
  const auto idx = index_.current().index;
  const TimePoint epoch = *query.epoch;
  const std::int64_t horizon_us = epoch.unix_micros() + kMicrosPerDay;
  Lease reader(readers_);
  const std::vector<CatalogChange> changed = reader->catalog_changed_after(as_of);
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
    const CatalogChange* change = change_of(changed, id);
    const bool in_group = !query.group || idx->in_group(object, *query.group, epoch);
    if (change == nullptr ? !passes_filters(*idx, object, query, epoch) : !in_group) {
      continue;
    }
    // Without a record then: never decayed, of no object type.
    const bool unrecorded = change != nullptr && !change->recorded_then;
    if (unrecorded && query.object_type) {
      continue;
    }
    candidates.push_back(
        {id, change == nullptr || unrecorded, TimePoint::from_unix_micros(published[i])});
  }
  return candidates;
}

std::vector<Store::AsOfCandidate> SqliteStore::search_candidates(const GpFilter& filter,
                                                                 TimePoint as_of) const {
  const auto idx = index_.current().index;
  Lease reader(readers_);
  const std::vector<CatalogChange> changed = reader->catalog_changed_after(as_of);
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
    const CatalogChange* change = change_of(changed, id);
    const bool unrecorded = change != nullptr && !change->recorded_then;
    if ((change == nullptr && !record_passes(object.catalog, filter, as_of)) ||
        (unrecorded && !record_passes(nullptr, filter, as_of))) {
      continue;
    }
    candidates.push_back(
        {id, change == nullptr || unrecorded, TimePoint::from_unix_micros(published[i])});
  }
  return candidates;
}

std::vector<CatalogRecord> SqliteStore::catalog_matching_at(const CatalogFilter& filter,
                                                            TimePoint as_of) const {
  const auto idx = index_.current().index;
  Lease reader(readers_);
  const std::vector<CatalogChange> changed = reader->catalog_changed_after(as_of);
  std::vector<CatalogRecord> matching;
  for (const CatalogRecord& record : idx->catalog()) {
    const CatalogChange* change = change_of(changed, record.norad_id);
    if (change == nullptr) {
      if (idx->matches(record, filter, filter.as_of)) {
        matching.push_back(record);
      }
    } else if (!change->recorded_then) {
      continue;  // first recorded after the instant
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
