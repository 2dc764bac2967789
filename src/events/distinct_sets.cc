#include "events/distinct_sets.h"

namespace gpq::events {

std::vector<ElementSet> distinct_sets(std::span<const ElementSet> sets) {
  std::vector<ElementSet> kept;
  kept.reserve(sets.size());
  for (const ElementSet& set : sets) {
    if (!kept.empty() &&
        set.epoch.unix_micros() - kept.back().epoch.unix_micros() < kSameEpochMicros) {
      kept.back() = set;
    } else {
      kept.push_back(set);
    }
  }
  return kept;
}

}  // namespace gpq::events
