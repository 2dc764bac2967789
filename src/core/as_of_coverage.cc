// The coverage of the archive as known at an instant (AsOfStore::coverage).
#include <algorithm>
#include <limits>
#include <vector>

#include "gpq/as_of.h"

#include "core/group_rules.h"
#include "core/parallel_parts.h"

namespace gpq {

// The records then in orbit at `instant`, merged in NORAD order with the objects that have sets;
// each of those is asked for its sets then around the instant, on the machine's cores (the base
// store is thread-safe, and these reads keep nothing).
Coverage AsOfStore::coverage(TimePoint instant) const {
  CatalogFilter every_record;
  every_record.active_only = false;
  every_record.as_of = as_of_;
  std::vector<std::int32_t> in_orbit;
  base_.catalog_at(every_record, as_of_, Window{}, [&](const CatalogRecord& record) {
    if (in_orbit_at(record, instant)) {
      in_orbit.push_back(record.norad_id);
    }
  });
  GpFilter every_object;
  every_object.include_decayed = true;
  every_object.as_of = as_of_;
  const std::vector<AsOfCandidate> known = base_.search_candidates(every_object, as_of_);
  Coverage coverage;
  coverage.instant = instant;
  coverage.on_orbit = static_cast<std::int64_t>(in_orbit.size());
  std::vector<std::int32_t> asked;
  auto candidate = known.begin();
  for (const std::int32_t norad_id : in_orbit) {
    while (candidate != known.end() && candidate->norad_id < norad_id) {
      ++candidate;
    }
    // Its first set's publication is that of the version answering now: an earlier version
    // may have been published by the instant, so every object with a set is asked.
    if (candidate != known.end() && candidate->norad_id == norad_id) {
      asked.push_back(norad_id);
    }
  }
  const std::int64_t at_us = instant.unix_micros();
  std::vector<std::int64_t> apart(asked.size(), std::numeric_limits<std::int64_t>::max());
  for_each_part(part_count(asked.size(), 512), asked.size(),
                [&](std::size_t, std::size_t begin, std::size_t end) {
                  for (std::size_t i = begin; i < end; ++i) {
                    if (auto before = known_at_or_before(asked[i], instant, SourceFilter::all)) {
                      apart[i] = at_us - before->epoch.unix_micros();
                    }
                    if (apart[i] <= kMicrosPerDay) {
                      continue;  // in every band, whatever comes after
                    }
                    if (auto after = known_after(asked[i], instant, SourceFilter::all)) {
                      apart[i] = std::min(apart[i], after->epoch.unix_micros() - at_us);
                    }
                  }
                });
  for (const std::int64_t apart_us : apart) {
    coverage.count_apart(apart_us);
  }
  return coverage;
}

}  // namespace gpq
