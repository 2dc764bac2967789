// How much of the catalog the sets cover at an instant (Store::coverage), and when each source
// last synced (Store::last_syncs).
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "core/group_rules.h"
#include "core/parallel_parts.h"
#include "storage/current_index.h"
#include "storage/reader.h"
#include "storage/sqlite_store.h"

namespace gpq::storage {

namespace {

using Lease = ReaderPool::Lease;

// Coverages kept for past instants: a few answers paged at once.
constexpr std::size_t kKeptCoverages = 8;

}  // namespace

// SATCAT and the objects with sets are both in NORAD order in the index: one merged pass. How
// far an object's nearest set lies from the instant is known from memory when its newest set is
// at or before the instant (now, always), when its first set is at or after it, or when its
// newest set is at most a day after it (every band counts it then); the others, at a past
// instant, read the sets around it, on two threads as a snapshot does, and the figures are kept
// for the generation.
Coverage SqliteStore::coverage(TimePoint instant) const {
  const Indexed indexed = index_.current();
  {
    const std::lock_guard lock(coverage_mutex_);
    for (const KeptCoverage& kept : coverages_) {
      if (kept.generation == indexed.generation && kept.coverage.instant == instant) {
        return kept.coverage;
      }
    }
  }
  const CurrentIndex& idx = *indexed.index;
  const std::vector<IndexedObject>& objects = idx.objects();
  const std::int64_t at_us = instant.unix_micros();
  const std::vector<std::int64_t>* firsts = nullptr;
  std::vector<std::size_t> unread;  // positions in objects()
  Coverage coverage;
  coverage.instant = instant;
  std::size_t next = 0;
  for (const CatalogRecord& record : idx.catalog()) {
    if (!in_orbit_at(record, instant)) {
      continue;
    }
    ++coverage.on_orbit;
    while (next < objects.size() && objects[next].current.norad_id < record.norad_id) {
      ++next;
    }
    if (next == objects.size() || objects[next].current.norad_id != record.norad_id) {
      continue;
    }
    const std::int64_t newest_us = objects[next].current.epoch.unix_micros();
    if (newest_us <= at_us + kMicrosPerDay) {
      coverage.count_apart(std::llabs(at_us - newest_us));
      continue;
    }
    if (firsts == nullptr) {
      firsts = &idx.first_epochs(*Lease(readers_));
    }
    if (const std::int64_t first_us = (*firsts)[next]; first_us >= at_us) {
      coverage.count_apart(first_us - at_us);
      continue;
    }
    unread.push_back(next);
  }
  if (unread.empty()) {
    return coverage;
  }
  std::vector<std::int64_t> apart(unread.size(), std::numeric_limits<std::int64_t>::max());
  for_each_part(part_count(unread.size(), 512), unread.size(),
                [&](std::size_t, std::size_t begin, std::size_t end) {
                  Lease reader(readers_);
                  const Reader::ReadTransaction one_read(*reader);
                  for (std::size_t i = begin; i < end; ++i) {
                    const auto [before, after] = reader->neighbours(
                        objects[unread[i]].current.norad_id, instant, SourceFilter::all);
                    if (before) {
                      apart[i] = at_us - before->epoch.unix_micros();
                    }
                    if (after) {
                      apart[i] = std::min(apart[i], after->epoch.unix_micros() - at_us);
                    }
                  }
                });
  for (const std::int64_t apart_us : apart) {
    coverage.count_apart(apart_us);
  }
  const std::lock_guard lock(coverage_mutex_);
  if (coverages_.size() == kKeptCoverages) {
    coverages_.erase(coverages_.begin());
  }
  coverages_.push_back({indexed.generation, coverage});
  return coverage;
}

std::vector<SourceCollected> SqliteStore::last_syncs(TimePoint by) const {
  Lease reader(readers_);
  return reader->last_syncs(by);
}

}  // namespace gpq::storage
