// The archive as it was known at an instant (docs/DECISIONS.md "As of"): a Store that shows
// only what was published at or before it, each set in the version then current, and a
// QueryService over it whose clock stands at that instant, so that every default that reads
// "now" (history's end, the age of a set) reads the instant instead.
#pragma once

#include <algorithm>
#include <mutex>
#include <optional>
#include <vector>

#include "gpq/query_service.h"
#include "gpq/store.h"

namespace gpq {

class AsOfStore final : public Store {
 public:
  // `base` must outlive the view. Reads no epoch after `as_of` plus the base's largest lead
  // of an epoch over its publication: element sets are fitted to past observations, so that
  // is usually below zero, and only a predicted set lies ahead.
  AsOfStore(const Store& base, TimePoint as_of);

  // One object's sets, as known at the instant.
  std::optional<ElementSet> latest(std::int32_t norad_id, SourceFilter source) const override;
  SetStats history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                         SourceFilter source) const override;
  void history(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
               Window window, const SetVisitor& visit) const override;
  std::optional<ElementSet> at_or_before(std::int32_t norad_id, TimePoint epoch,
                                         SourceFilter source) const override;
  std::optional<ElementSet> after(std::int32_t norad_id, TimePoint epoch,
                                  SourceFilter source) const override;
  void superseded_versions(std::int32_t norad_id, TimePoint start, TimePoint end,
                           const SetVisitor& visit) const override;
  std::optional<std::int64_t> max_epoch_lead_micros() const override {
    return base_.max_epoch_lead_micros();
  }
  std::optional<ObjectNames> object_names_at(std::int32_t norad_id,
                                             TimePoint instant) const override {
    return base_.object_names_at(norad_id, instant);
  }

  // The record as published at the instant.
  std::optional<CatalogRecord> catalog_record(std::int32_t norad_id) const override {
    return base_.catalog_record_at(norad_id, as_of_);
  }
  std::optional<CatalogRecord> catalog_record_at(std::int32_t norad_id,
                                                 TimePoint instant) const override {
    return base_.catalog_record_at(norad_id, instant);
  }

  // The snapshot at an epoch as known at the instant: the objects with a set then known at most
  // a day after the epoch, each with the one then nearest it (its version then, its names
  // then), filtered by the SATCAT record then.
  std::int64_t count_snapshot(const SnapshotQuery& query) const override;
  void snapshot(const SnapshotQuery& query, Window window, const SetVisitor& visit) const override;
  std::vector<AsOfCandidate> snapshot_candidates(const SnapshotQuery& query,
                                                 TimePoint as_of) const override {
    return base_.snapshot_candidates(query, as_of);
  }
  std::vector<AsOfCandidate> search_candidates(const GpFilter& filter,
                                               TimePoint as_of) const override {
    return base_.search_candidates(filter, as_of);
  }

  // The search of current sets as known at the instant: each object's newest set then (its
  // version then, its names then), filtered by it and by the SATCAT record then.
  std::int64_t count_current(const GpFilter& filter) const override;
  void current(const GpFilter& filter, Window window, const SetVisitor& visit) const override;

  // The catalog search over the records as published at the instant.
  std::int64_t count_catalog(const CatalogFilter& filter) const override {
    return base_.count_catalog_at(filter, as_of_);
  }
  void catalog(const CatalogFilter& filter, Window window,
               const CatalogVisitor& visit) const override {
    base_.catalog_at(filter, as_of_, window, visit);
  }
  std::int64_t count_catalog_at(const CatalogFilter& filter, TimePoint as_of) const override {
    return base_.count_catalog_at(filter, as_of);
  }
  void catalog_at(const CatalogFilter& filter, TimePoint as_of, Window window,
                  const CatalogVisitor& visit) const override {
    base_.catalog_at(filter, as_of, window, visit);
  }

  // The coverage at `instant` of the records and sets then known.
  Coverage coverage(TimePoint instant) const override;
  // The syncs that had collected their sets by the instant.
  std::vector<SourceCollected> last_syncs(TimePoint by) const override {
    return base_.last_syncs(std::min(by, as_of_));
  }
  // Not answered as of an instant: the front ends never ask (the status answers now), so
  // reaching it is a fault, Error{internal}.
  MirrorStats mirror_stats() const override;

  std::int64_t generation() const override { return base_.generation(); }

 private:
  // The version of the identity of `answering` (its object, source and epoch) that was
  // current at the instant: `answering` itself when published by then, else the latest of
  // the versions it replaced that was; none when nothing of it was published yet.
  std::optional<ElementSet> version_then(const ElementSet& answering) const;
  // The sets of at_or_before() and after(), with today's names.
  std::optional<ElementSet> known_at_or_before(std::int32_t norad_id, TimePoint epoch,
                                               SourceFilter source) const;
  std::optional<ElementSet> known_after(std::int32_t norad_id, TimePoint epoch,
                                        SourceFilter source) const;
  // `set` named as its object was at the instant.
  std::optional<ElementSet> named_then(std::optional<ElementSet> set) const;
  static void rename(const std::optional<ObjectNames>& names, ElementSet& set);
  // Visits the sets of [start, end] known at the instant, ascending; stops when `visit`
  // returns false.
  template <typename Visit>
  void walk_known(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
                  const Visit& visit) const;
  // A member of a snapshot or a search, with its set when it has been read.
  struct Member {
    AsOfCandidate candidate;
    std::optional<ElementSet> set;
  };
  // The members among `candidates`: one whose SATCAT record is unchanged since the instant and
  // whose first set was published by then is a member without a read unless the question
  // `reads_sets`; the others are members when `read` gives their set.
  template <typename Read>
  std::vector<Member> members_of(const std::vector<AsOfCandidate>& candidates, bool reads_sets,
                                 const Read& read) const;
  // The members of `query`'s snapshot (count_snapshot), computed once per view and query: a
  // page asks for the count, then for its sets. An object whose first set was published by
  // the instant is a member without a read; only a regime filter reads every member's set.
  std::vector<Member>& snapshot_members(const SnapshotQuery& query) const;
  // The set then nearest the epoch that makes the object a member, or none.
  std::optional<ElementSet> member_then(const AsOfCandidate& candidate,
                                        const SnapshotQuery& query) const;
  // The same for a search: without a filter of the set or its name, an object whose first set
  // was published by the instant is a member without a read.
  std::vector<Member>& search_members(const GpFilter& filter) const;
  // The object's newest set then, when it and the record then pass `filter`.
  std::optional<ElementSet> latest_member_then(const AsOfCandidate& candidate,
                                               const GpFilter& filter) const;
  // Visits the page `window` of the members `members_asked()` gives (under the lock), reading
  // the sets it lacks with `read`, then naming them as at the instant.
  template <typename Members, typename Read>
  void visit_page(const Members& members_asked, Window window, const Read& read,
                  const SetVisitor& visit) const;
  // The newest epoch a set known at the instant can have.
  TimePoint horizon() const { return horizon_; }

  const Store& base_;
  TimePoint as_of_;
  TimePoint horizon_;
  mutable std::mutex members_mutex_;
  mutable std::optional<SnapshotQuery> members_query_;
  mutable std::vector<Member> members_;
  mutable std::optional<GpFilter> search_query_;
  mutable std::vector<Member> search_members_;
};

// A QueryService over the archive as known at `as_of`; `core`'s store must outlive it.
class AsOfCore {
 public:
  AsOfCore(const Store& store, TimePoint as_of)
      : view_(store, as_of), core_(view_, [as_of] { return as_of; }) {}
  AsOfCore(const AsOfCore&) = delete;
  AsOfCore& operator=(const AsOfCore&) = delete;
  AsOfCore(AsOfCore&&) = delete;
  AsOfCore& operator=(AsOfCore&&) = delete;

  const QueryService& core() const { return core_; }

 private:
  AsOfStore view_;
  QueryService core_;
};

}  // namespace gpq
