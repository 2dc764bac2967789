#include "core/change_texts.h"

#include <algorithm>

#include "gpq/change_event_format.h"
#include "gpq/error.h"
#include "gpq/store.h"

namespace gpq {
bool ChangeTexts::admits(const ChangeFilter& filter, const ChangeEvent& event) {
  if (!filter.admits_kind(event.kind)) {
    return false;
  }
  const auto in = [&](const std::vector<std::int32_t>& ids) {
    return std::binary_search(ids.begin(), ids.end(), event.norad_id);
  };
  if (!filter.norad_ids.empty() && !filter.group.empty()) {
    return in(filter.norad_ids) || in(members(filter.group));
  }
  if (!filter.norad_ids.empty()) {
    return in(filter.norad_ids);
  }
  return filter.group.empty() || in(members(filter.group));
}

const std::vector<std::int32_t>& ChangeTexts::members(const std::string& group) {
  const std::int64_t generation = core_.data_generation();
  if (generation != generation_) {
    groups_.clear();
    generation_ = generation;
  }
  auto found = groups_.find(group);
  if (found == groups_.end()) {
    std::vector<std::int32_t> ids;
    GpFilter filter;
    filter.group = group;
    filter.include_decayed = true;
    Paging paging;
    paging.all = true;
    core_.search(filter, paging, [&](const ElementSet& set) { ids.push_back(set.norad_id); });
    std::sort(ids.begin(), ids.end());
    found = groups_.emplace(group, std::move(ids)).first;
  }
  return found->second;
}

std::string ChangeTexts::json(const ChangeEvent& event) const {
  const Store& store = core_.store();
  std::optional<ElementSet> set;
  std::optional<CatalogRecord> record;
  std::string name;
  if (event.kind == ChangeKind::decay && !event.orbit) {
    record = store.catalog_record(event.norad_id);
    name = record ? record->object_name : std::string();
  } else {
    set = store.at_or_before(event.norad_id, event.epoch, only(event.source));
    if (set && set->epoch != event.epoch) {
      set.reset();  // the mirror no longer holds that set
    }
  }
  if (name.empty()) {
    if (const std::optional<ElementSet> newest = store.latest(event.norad_id, SourceFilter::all)) {
      name = newest->object_name;
    }
  }
  std::string out;
  write_change_event_json(event, {name, set ? &*set : nullptr, record ? &*record : nullptr}, out);
  return out;
}

}  // namespace gpq
