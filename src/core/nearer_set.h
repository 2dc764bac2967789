// The rule that picks between the two sets around an instant, shared by today's snapshot
// (storage) and the snapshot as of an instant (AsOfStore).
#pragma once

#include <cstdlib>
#include <optional>

#include "gpq/element_set.h"

namespace gpq {

// Of the sets bracketing `epoch` (at least one present), the closer; a tie goes to `before`.
inline ElementSet& nearer_of(std::optional<ElementSet>& before, std::optional<ElementSet>& after,
                             TimePoint epoch) {
  const auto gap = [&](const ElementSet& s) {
    return std::llabs(s.epoch.unix_micros() - epoch.unix_micros());
  };
  return (!before || (after && gap(*after) < gap(*before))) ? *after : *before;
}

}  // namespace gpq
