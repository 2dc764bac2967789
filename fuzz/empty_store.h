// A Store that holds nothing, in memory: the HTTP target runs the endpoint functions over it
// without a database file. Every list is empty and every look-up finds nothing, so what the
// endpoints do with sets found is left to the parser targets' writers.
#pragma once

#include <vector>

#include "gpq/store.h"

namespace gpq::fuzz {

class EmptyStore final : public Store {
 public:
  std::optional<ElementSet> latest(std::int32_t, SourceFilter) const override { return {}; }
  std::int64_t count_current(const GpFilter&) const override { return 0; }
  void current(const GpFilter&, Window, const SetVisitor&) const override {}
  std::int64_t count_snapshot(const SnapshotQuery&) const override { return 0; }
  void snapshot(const SnapshotQuery&, Window, const SetVisitor&) const override {}
  SetStats history_stats(std::int32_t, TimePoint, TimePoint, SourceFilter) const override {
    return {};
  }
  void history(std::int32_t, TimePoint, TimePoint, SourceFilter, Window,
               const SetVisitor&) const override {}
  std::optional<ElementSet> at_or_before(std::int32_t, TimePoint, SourceFilter) const override {
    return {};
  }
  std::optional<ElementSet> after(std::int32_t, TimePoint, SourceFilter) const override {
    return {};
  }
  void superseded_versions(std::int32_t, TimePoint, TimePoint, const SetVisitor&) const override {}
  std::optional<std::int64_t> max_epoch_lead_micros() const override { return {}; }
  std::optional<ObjectNames> object_names_at(std::int32_t, TimePoint) const override { return {}; }
  std::optional<CatalogRecord> catalog_record(std::int32_t) const override { return {}; }
  Coverage coverage(TimePoint instant) const override {
    Coverage none;
    none.instant = instant;
    return none;
  }
  std::vector<SourceCollected> last_syncs(TimePoint) const override { return {}; }
  std::optional<CatalogRecord> catalog_record_at(std::int32_t, TimePoint) const override {
    return {};
  }
  std::int64_t count_catalog(const CatalogFilter&) const override { return 0; }
  void catalog(const CatalogFilter&, Window, const CatalogVisitor&) const override {}
  std::int64_t count_catalog_at(const CatalogFilter&, TimePoint) const override { return 0; }
  void catalog_at(const CatalogFilter&, TimePoint, Window, const CatalogVisitor&) const override {}
  std::vector<AsOfCandidate> snapshot_candidates(const SnapshotQuery&, TimePoint) const override {
    return {};
  }
  std::vector<AsOfCandidate> search_candidates(const GpFilter&, TimePoint) const override {
    return {};
  }
  MirrorStats mirror_stats() const override { return {}; }
  std::int64_t generation() const override { return 0; }
};

}  // namespace gpq::fuzz
