// Store over SQLite: each call on a leased Reader or on the index of current sets.
#include "storage/sqlite_store.h"

#include <algorithm>
#include <future>

#include "core/group_rules.h"
#include "core/nearer_set.h"
#include "storage/current_index.h"
#include "storage/index_filters.h"
#include "storage/reader.h"

namespace gpq::storage {

namespace {

using Lease = ReaderPool::Lease;

// The object's set nearest `epoch` when memory alone tells it, which spares the two B-tree
// descents of a read: its newest set when that is at or before the epoch (nothing later
// exists), or when all its sets share one epoch. Null when the archive must be read.
const ElementSet* nearest_in_memory(const IndexedObject& object, std::int64_t first_epoch_us,
                                    TimePoint epoch) {
  const ElementSet& newest = object.current;
  if (newest.epoch <= epoch || first_epoch_us == newest.epoch.unix_micros()) {
    return &newest;
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<SqliteStore> SqliteStore::open(const std::filesystem::path& path) {
  return std::unique_ptr<SqliteStore>(new SqliteStore(path));
}

SqliteStore::SqliteStore(const std::filesystem::path& path) : readers_(path), index_(readers_) {}

SqliteStore::~SqliteStore() = default;

std::int64_t SqliteStore::generation() const {
  return Lease(readers_)->generation();
}

std::optional<ElementSet> SqliteStore::latest(std::int32_t norad_id, SourceFilter source) const {
  Lease reader(readers_);
  return reader->latest_set(norad_id, source);
}

std::int64_t SqliteStore::count_current(const GpFilter& filter) const {
  const auto idx = index_.current().index;
  const TimePoint now = filter.as_of;
  return std::count_if(idx->objects().begin(), idx->objects().end(),
                       [&](const IndexedObject& o) { return idx->matches(o, filter, now); });
}

void SqliteStore::current(const GpFilter& filter, Window window, const SetVisitor& visit) const {
  const auto idx = index_.current().index;
  const TimePoint now = filter.as_of;
  std::vector<const ElementSet*> matching;
  for (const IndexedObject& object : idx->objects()) {
    if (idx->matches(object, filter, now)) {
      matching.push_back(&object.current);
    }
  }
  visit_window(matching, window, visit);
}

SnapshotCache::Members SqliteStore::snapshot_members(const SnapshotQuery& query) const {
  const Indexed indexed = index_.current();
  const auto& idx = indexed.index;
  if (auto kept = snapshots_.find(query, indexed.generation)) {
    return kept;
  }
  const TimePoint epoch = *query.epoch;
  const TimePoint horizon = TimePoint::from_unix_micros(epoch.unix_micros() + kMicrosPerDay);
  const std::vector<IndexedObject>& objects = idx->objects();
  const std::vector<std::int64_t>& firsts = idx->first_epochs(*Lease(readers_));
  // An object memory cannot answer for costs two B-tree descents: the pass is split over two
  // threads, each with its own connection, and the halves are joined in NORAD order.
  const auto pass = [&](std::size_t begin, std::size_t end, std::vector<ElementSet>& out) {
    Lease reader(readers_);
    const Reader::ReadTransaction one_read(*reader);
    const auto keep = [&](const ElementSet& chosen) {
      if (!query.orbit_regime ||
          orbit_regime(chosen.mean_motion, chosen.eccentricity) == *query.orbit_regime) {
        out.push_back(chosen);
      }
    };
    for (std::size_t i = begin; i < end; ++i) {
      const IndexedObject& object = objects[i];
      if (firsts[i] > horizon.unix_micros() || !passes_filters(*idx, object, query, epoch)) {
        continue;
      }
      if (const ElementSet* known = nearest_in_memory(object, firsts[i], epoch)) {
        keep(*known);
        continue;
      }
      auto [before, after] = reader->neighbours(object.current.norad_id, epoch, SourceFilter::all);
      if (before || after) {
        keep(nearer_of(before, after, epoch));
      }
    }
  };
  auto members = std::make_shared<std::vector<ElementSet>>();
  std::vector<ElementSet> second_half;
  const std::size_t middle = objects.size() / 2;
  auto other = std::async(std::launch::async, [&] { pass(middle, objects.size(), second_half); });
  pass(0, middle, *members);
  other.get();
  members->insert(members->end(), std::make_move_iterator(second_half.begin()),
                  std::make_move_iterator(second_half.end()));
  if (snapshot_hook_) {
    snapshot_hook_();
  }
  // Under the generation the members were computed from: the index may have been rebuilt at a
  // newer one meanwhile, and members cached under that would be served until the next sync.
  snapshots_.keep(query, indexed.generation, members);
  return members;
}

// Without a regime filter, whether an object is in a snapshot follows from facts held in
// memory: it has a set at or before the epoch, or its first set comes within a day after,
// which is the same as its first set being before the horizon. Only the objects of the page
// asked for are then read from the database, so a page costs the same at any archive size.
template <typename Member>
void SqliteStore::for_each_snapshot_member(const SnapshotQuery& query, Reader& reader,
                                           const Member& member) const {
  const auto idx = index_.current().index;
  const TimePoint epoch = *query.epoch;
  const std::int64_t horizon_us = epoch.unix_micros() + kMicrosPerDay;
  const std::vector<std::int64_t>& firsts = idx->first_epochs(reader);
  const std::vector<IndexedObject>& objects = idx->objects();
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const IndexedObject& object = objects[i];
    if (firsts[i] > horizon_us || !passes_filters(*idx, object, query, epoch)) {
      continue;
    }
    if (!member(object, firsts[i])) {
      return;
    }
  }
}

std::int64_t SqliteStore::count_snapshot(const SnapshotQuery& query) const {
  if (query.orbit_regime) {
    return static_cast<std::int64_t>(snapshot_members(query)->size());
  }
  Lease reader(readers_);
  std::int64_t count = 0;
  for_each_snapshot_member(query, *reader, [&](const IndexedObject&, std::int64_t) {
    ++count;
    return true;
  });
  return count;
}

void SqliteStore::snapshot(const SnapshotQuery& query, Window window,
                           const SetVisitor& visit) const {
  if (!query.orbit_regime) {
    Lease reader(readers_);
    const Reader::ReadTransaction one_read(*reader);
    const TimePoint epoch = *query.epoch;
    std::int64_t position = 0;
    for_each_snapshot_member(
        query, *reader, [&](const IndexedObject& object, std::int64_t first_epoch_us) {
          if (window.limit >= 0 && position >= window.offset + window.limit) {
            return false;
          }
          if (position++ < window.offset) {
            return true;
          }
          if (const ElementSet* known = nearest_in_memory(object, first_epoch_us, epoch)) {
            visit(*known);
            return true;
          }
          auto [before, after] =
              reader->neighbours(object.current.norad_id, epoch, SourceFilter::all);
          if (before || after) {
            visit(nearer_of(before, after, epoch));
          }
          return true;
        });
    return;
  }
  // A regime depends on the set chosen for each object: every member is read (and cached).
  const auto members = snapshot_members(query);
  std::vector<const ElementSet*> items;
  items.reserve(members->size());
  for (const ElementSet& set : *members) {
    items.push_back(&set);
  }
  visit_window(items, window, visit);
}

SetStats SqliteStore::history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                                    SourceFilter source) const {
  Lease reader(readers_);
  return reader->history_stats(norad_id, start, end, source);
}

void SqliteStore::history(std::int32_t norad_id, TimePoint start, TimePoint end,
                          SourceFilter source, Window window, const SetVisitor& visit) const {
  Lease reader(readers_);
  reader->history(norad_id, start, end, source, window, visit);
}

std::optional<ElementSet> SqliteStore::at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                    SourceFilter source) const {
  Lease reader(readers_);
  return reader->set_at_or_before(norad_id, epoch, source);
}

std::optional<ElementSet> SqliteStore::after(std::int32_t norad_id, TimePoint epoch,
                                             SourceFilter source) const {
  Lease reader(readers_);
  return reader->set_after(norad_id, epoch, source);
}

void SqliteStore::superseded_versions(std::int32_t norad_id, TimePoint start, TimePoint end,
                                      const SetVisitor& visit) const {
  Lease reader(readers_);
  reader->superseded_versions(norad_id, start, end, visit);
}

std::optional<std::int64_t> SqliteStore::max_epoch_lead_micros() const {
  Lease reader(readers_);
  return reader->max_epoch_lead();
}

std::optional<ObjectNames> SqliteStore::object_names_at(std::int32_t norad_id,
                                                        TimePoint instant) const {
  Lease reader(readers_);
  return reader->object_names_at(norad_id, instant);
}

std::optional<CatalogRecord> SqliteStore::catalog_record(std::int32_t norad_id) const {
  Lease reader(readers_);
  return reader->catalog_record(norad_id);
}

std::optional<CatalogRecord> SqliteStore::catalog_record_at(std::int32_t norad_id,
                                                            TimePoint instant) const {
  Lease reader(readers_);
  return reader->catalog_record_at(norad_id, instant);
}

std::int64_t SqliteStore::count_catalog(const CatalogFilter& filter) const {
  const auto idx = index_.current().index;
  const TimePoint now = filter.as_of;
  return std::count_if(idx->catalog().begin(), idx->catalog().end(),
                       [&](const CatalogRecord& r) { return idx->matches(r, filter, now); });
}

void SqliteStore::catalog(const CatalogFilter& filter, Window window,
                          const CatalogVisitor& visit) const {
  const auto idx = index_.current().index;
  const TimePoint now = filter.as_of;
  std::vector<const CatalogRecord*> matching;
  for (const CatalogRecord& record : idx->catalog()) {
    if (idx->matches(record, filter, now)) {
      matching.push_back(&record);
    }
  }
  visit_window(matching, window, visit);
}

MirrorStats SqliteStore::mirror_stats() const {
  MirrorStats stats;
  Lease reader(readers_);
  stats.catalog_objects = reader->total_catalog();
  stats.element_sets = reader->total_sets();
  stats.objects_with_sets = reader->total_objects();
  stats.superseded_versions = reader->total_versions();
  stats.epochs = reader->epoch_span();
  stats.sources = reader->source_syncs();
  stats.run_tallies = reader->run_tallies();
  stats.peer_pulled_at = reader->peer_pulled_at();
  for (const char* suffix : {"", "-wal"}) {
    std::error_code error;  // no log file: nothing to add
    const auto bytes = std::filesystem::file_size(readers_.path().string() + suffix, error);
    if (!error) {
      stats.database_bytes += static_cast<std::int64_t>(bytes);
    }
  }
  return stats;
}

}  // namespace gpq::storage
