// Filters over current sets and catalog records. A group never synced is decided by the
// rules of core/group_rules.h (docs/DECISIONS.md "Groups").
#include "storage/current_index.h"

#include <algorithm>

#include "gpq/request.h"

#include "core/gp_filter_rules.h"
#include "core/text.h"
#include "storage/reader.h"

namespace gpq::storage {
CurrentIndex::CurrentIndex(Reader& reader) {
  reader.for_each_catalog([&](const CatalogRecord& record) { catalog_.push_back(record); });
  reader.for_each_latest(SourceFilter::all, [&](const ElementSet& set) {
    IndexedObject object{set, to_upper(set.object_name), nullptr, std::nullopt};
    const auto it =
        std::lower_bound(catalog_.begin(), catalog_.end(), set.norad_id,
                         [](const CatalogRecord& r, std::int32_t id) { return r.norad_id < id; });
    if (it != catalog_.end() && it->norad_id == set.norad_id) {
      object.catalog = &*it;
      object.decay_date = it->decay_date;
    }
    objects_.push_back(std::move(object));
  });
  for (const std::string_view group : kGroups) {
    if (auto members = reader.group_members(group)) {
      groups_.emplace(std::string(group), std::move(*members));
    }
  }
}

const std::vector<std::int64_t>& CurrentIndex::first_epochs(Reader& reader) const {
  std::call_once(first_epochs_once_, [&] {
    const auto firsts = reader.first_epochs();
    first_epochs_.reserve(objects_.size());
    auto it = firsts.begin();
    for (const IndexedObject& object : objects_) {
      while (it != firsts.end() && it->first < object.current.norad_id) {
        ++it;
      }
      // Read after the index was built, the list may be newer; an object it lacks counts
      // as first seen at its current set.
      const bool found = it != firsts.end() && it->first == object.current.norad_id;
      first_epochs_.push_back(found ? it->second : object.current.epoch.unix_micros());
    }
  });
  return first_epochs_;
}

const std::vector<std::int64_t>& CurrentIndex::first_published(Reader& reader) const {
  std::call_once(first_published_once_, [&] {
    const std::vector<std::int64_t>& firsts = first_epochs(reader);
    const Reader::ReadTransaction one_read(reader);
    first_published_.reserve(objects_.size());
    for (std::size_t i = 0; i < objects_.size(); ++i) {
      const std::int32_t id = objects_[i].current.norad_id;
      const auto first =
          reader.neighbours(id, TimePoint::from_unix_micros(firsts[i]), SourceFilter::all).first;
      first_published_.push_back((first ? *first : objects_[i].current).published_at.unix_micros());
    }
  });
  return first_published_;
}

const std::vector<std::int32_t>* CurrentIndex::synced_group(const std::string& group) const {
  const auto it = groups_.find(group);
  return it == groups_.end() ? nullptr : &it->second;
}

bool CurrentIndex::in_group(const IndexedObject& object, const std::string& group,
                            TimePoint now) const {
  if (const auto* members = synced_group(group)) {
    return std::binary_search(members->begin(), members->end(), object.current.norad_id);
  }
  const GroupSubject subject{object.name_upper, object.current.norad_id, object.current.mean_motion,
                             object.current.eccentricity, object.catalog};
  return in_group_by_rule(group, subject, now);
}

bool CurrentIndex::matches(const IndexedObject& object, const GpFilter& filter,
                           TimePoint now) const {
  return record_passes(object.catalog, filter, now) &&
         set_passes(object.current, object.name_upper, filter) &&
         (!filter.group || in_group(object, *filter.group, now));
}

bool CurrentIndex::matches(const CatalogRecord& record, const CatalogFilter& filter,
                           TimePoint now) const {
  if (filter.active_only && decayed_before(&record, now)) {
    return false;
  }
  if (filter.search &&
      to_upper(record.object_name).find(to_upper(*filter.search)) == std::string::npos) {
    return false;
  }
  if (filter.owner && !iequals(record.owner, *filter.owner)) {
    return false;
  }
  if (filter.object_type && record.object_type != filter.object_type) {
    return false;
  }
  if (filter.launch_year &&
      (!record.launch_date || to_civil(*record.launch_date).year != *filter.launch_year)) {
    return false;
  }
  return true;
}

}  // namespace gpq::storage
