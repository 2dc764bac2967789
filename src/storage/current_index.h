// An in-memory index of the current state of every object (its newest set and its
// catalog facts), so that filtered searches of current sets and catalog searches
// scan a few MB of memory instead of joining tables on every request.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/query.h"

#include "core/group_rules.h"

namespace gpq::storage {

class Reader;

struct IndexedObject {
  ElementSet current;      // newest set, either source (Space-Track wins a tie)
  std::string name_upper;  // for case-insensitive substring search
  const CatalogRecord* catalog = nullptr;
  // The catalog's DECAY_DATE, copied here: a snapshot asks it of every object, and reading it
  // through `catalog` cost a cache miss each.
  std::optional<TimePoint> decay_date;
};

class CurrentIndex {
 public:
  // Reads every current set, catalog record and synced group from `reader`.
  explicit CurrentIndex(Reader& reader);

  // Objects with at least one set, in NORAD order.
  const std::vector<IndexedObject>& objects() const { return objects_; }
  // Catalog records in NORAD order.
  const std::vector<CatalogRecord>& catalog() const { return catalog_; }

  // True when `object` passes every filter of `filter`, evaluated at `now`.
  bool matches(const IndexedObject& object, const GpFilter& filter, TimePoint now) const;
  bool matches(const CatalogRecord& record, const CatalogFilter& filter, TimePoint now) const;

  // The epoch of each object's first set, in objects() order (microseconds). Read from the
  // per-year summary on first use, since only snapshots need it.
  const std::vector<std::int64_t>& first_epochs(Reader& reader) const;
  // When each object's first set was published, in objects() order (microseconds): one
  // look-up per object on first use, since only snapshots as of an instant need it.
  const std::vector<std::int64_t>& first_published(Reader& reader) const;

  // Members of a synced group; std::nullopt when never synced (rules apply then).
  const std::vector<std::int32_t>* synced_group(const std::string& group) const;

  // True when `object` is in `group`: its synced list when there is one, else the rules of
  // core/group_rules.h at `now`.
  bool in_group(const IndexedObject& object, const std::string& group, TimePoint now) const;

 private:
  std::vector<CatalogRecord> catalog_;
  std::vector<IndexedObject> objects_;
  std::unordered_map<std::string, std::vector<std::int32_t>> groups_;
  mutable std::once_flag first_epochs_once_;
  mutable std::vector<std::int64_t> first_epochs_;
  mutable std::once_flag first_published_once_;
  mutable std::vector<std::int64_t> first_published_;
};

}  // namespace gpq::storage
