// Store: the read primitives the query core needs, implemented over SQLite in
// src/storage/. The core decides what to ask; the store only fetches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpq/query.h"

namespace gpq {

// Per-object facts of the sets in a time window.
struct SetStats {
  std::int64_t count = 0;
  std::optional<TimePoint> earliest;
  std::optional<TimePoint> latest;
  std::int64_t distinct_years = 0;
};

// An object's OBJECT_NAME and OBJECT_ID as the GP data gave them.
struct ObjectNames {
  std::string object_name;
  std::string object_id;
};

// What the mirror holds, for /status and `gpq status`.
// The oldest and newest epoch stored; none while the mirror is empty.
struct EpochSpan {
  std::optional<TimePoint> earliest;
  std::optional<TimePoint> latest;
};

struct MirrorStats {
  std::int64_t catalog_objects = 0;      // SATCAT records
  std::int64_t element_sets = 0;         // every stored set, both sources
  std::int64_t objects_with_sets = 0;    // objects with at least one set
  std::int64_t superseded_versions = 0;  // versions a later publication replaced
  EpochSpan epochs;
  std::int64_t database_bytes = 0;        // the file and its write-ahead log
  std::vector<SourceSync> sources;        // by source name
  std::vector<SyncRunTally> run_tallies;  // by source and outcome
  // A replica's (docs/REPLICAS.md): when its newest pull from the peer it follows committed.
  std::optional<TimePoint> peer_pulled_at;
};

// A window of rows: skip `offset`, return at most `limit` (negative: no limit).
struct Window {
  std::int64_t offset = 0;
  std::int64_t limit = -1;
};

// Every method is const and, in implementations meant for servers, thread-safe.
// Failures of the underlying database throw Error{internal}.
class Store {
 public:
  virtual ~Store() = default;
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;
  Store(Store&&) = delete;
  Store& operator=(Store&&) = delete;

  // Newest set of the object within `source`.
  virtual std::optional<ElementSet> latest(std::int32_t norad_id, SourceFilter source) const = 0;

  // Current sets (the newest per object, either source) matching `filter`, NORAD order.
  virtual std::int64_t count_current(const GpFilter& filter) const = 0;
  virtual void current(const GpFilter& filter, Window window, const SetVisitor& visit) const = 0;

  // Snapshot at `query.epoch` (required here): docs/DECISIONS.md "Snapshot", NORAD order.
  virtual std::int64_t count_snapshot(const SnapshotQuery& query) const = 0;
  virtual void snapshot(const SnapshotQuery& query, Window window,
                        const SetVisitor& visit) const = 0;

  // Sets of one object with start <= EPOCH <= end, ascending. With SourceFilter::all, where
  // both sources hold a set at the same millisecond only the Space-Track one is returned.
  virtual SetStats history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                                 SourceFilter source) const = 0;
  virtual void history(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
                       Window window, const SetVisitor& visit) const = 0;

  // Last set with EPOCH <= epoch, first set with EPOCH > epoch (same tie rule as history).
  virtual std::optional<ElementSet> at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                 SourceFilter source) const = 0;
  virtual std::optional<ElementSet> after(std::int32_t norad_id, TimePoint epoch,
                                          SourceFilter source) const = 0;

  // The versions of the object's sets with start <= EPOCH <= end that a later publication
  // replaced (both sources, no merge), by epoch, source and published_at: what `--as-of`
  // answers with where the version answering now was published after its instant.
  virtual void superseded_versions(std::int32_t norad_id, TimePoint start, TimePoint end,
                                   const SetVisitor& visit) const = 0;

  // How far any stored set's epoch lies after its publication at most (negative: every epoch
  // comes before); none when the store holds no set. `as_of` reads no epoch beyond its
  // instant plus this.
  virtual std::optional<std::int64_t> max_epoch_lead_micros() const = 0;
  // The object's names as published at `instant` (each set carries the current ones); none
  // when none was published by then.
  virtual std::optional<ObjectNames> object_names_at(std::int32_t norad_id,
                                                     TimePoint instant) const = 0;

  virtual std::optional<CatalogRecord> catalog_record(std::int32_t norad_id) const = 0;
  // The record as published at `instant`: the current one if published by then, else the
  // latest of those it replaced that was.
  virtual std::optional<CatalogRecord> catalog_record_at(std::int32_t norad_id,
                                                         TimePoint instant) const = 0;
  virtual std::int64_t count_catalog(const CatalogFilter& filter) const = 0;
  virtual void catalog(const CatalogFilter& filter, Window window,
                       const CatalogVisitor& visit) const = 0;
  // The catalog search over the records as published at `as_of` (AsOfStore): today's, except
  // those a later sync changed, as they were then (an object first recorded later is absent).
  virtual std::int64_t count_catalog_at(const CatalogFilter& filter, TimePoint as_of) const = 0;
  virtual void catalog_at(const CatalogFilter& filter, TimePoint as_of, Window window,
                          const CatalogVisitor& visit) const = 0;

  // The objects that may be members of `query`'s snapshot as of `as_of` (AsOfStore), in NORAD
  // order, from memory: those whose first set is at most a day after the epoch, each with when
  // that first set was published. `settled` is true when the object's SATCAT record is
  // unchanged since `as_of`, so that today's facts decide the filters that do not depend on the
  // set chosen (decay before the epoch, object type, group) and an object they exclude is not
  // given; an unsettled one is given whatever its decay and type say, for the caller to judge
  // by its record then (its group is today's).
  // An object that had no SATCAT record published by `as_of` at all is settled too: the store
  // judges it by having none (no decay, no object type).
  struct AsOfCandidate {
    std::int32_t norad_id = 0;
    bool settled = true;
    TimePoint first_published;
  };
  virtual std::vector<AsOfCandidate> snapshot_candidates(const SnapshotQuery& query,
                                                         TimePoint as_of) const = 0;
  // The same for a search of current sets as of `as_of`: every object with a set, those the
  // filters of NORAD ids and group (today's list) admit, of the settled ones those today's
  // record admits (decay by `as_of`, object type).
  virtual std::vector<AsOfCandidate> search_candidates(const GpFilter& filter,
                                                       TimePoint as_of) const = 0;

  // How much of the catalog the sets cover at `instant` (gpq/query.h Coverage; any instant,
  // past ones reading the sets around it): last_syncs is left empty.
  virtual Coverage coverage(TimePoint instant) const = 0;
  // Per source, by name: when its newest successful sync whose sets were collected (or, with
  // --published-at, published) at or before `by` collected them.
  virtual std::vector<SourceCollected> last_syncs(TimePoint by) const = 0;

  virtual MirrorStats mirror_stats() const = 0;

  // Changes whenever element sets, catalog records, group lists or the change events change
  // (not otherwise), so that callers may keep answers computed at the same generation.
  virtual std::int64_t generation() const = 0;
};

}  // namespace gpq
