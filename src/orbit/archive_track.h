// One object's element sets over a span, each answering for the instants nearest it: the
// archive followed through time, as `gpq ephemeris` and `gpq passes` propagate it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/orbit_query.h"

#include "orbit/frames.h"
#include "orbit/sgp4.h"

namespace gpq::orbit {

class ArchiveTrack {
 public:
  // `sets` ascending by epoch, at least one.
  explicit ArchiveTrack(std::vector<ElementSet> sets);

  // The set nearest `t`: docs/DECISIONS.md "Nearest set", a tie going to the earlier set.
  std::size_t nearest(TimePoint t) const;
  const ElementSet& set(std::size_t index) const { return sets_[index]; }
  std::size_t size() const { return sets_.size(); }
  std::span<const ElementSet> sets() const { return sets_; }

  // Set `index` propagated to `t` (TEME). Throws Error{unprocessable} naming the object and
  // the set when it is no SGP4 set (require_sgp4_set), and naming the object, the set and the
  // instant when SGP4 gives an error there or a state that is not finite.
  // The first call for a set prepares its propagator; not thread-safe.
  TemeState propagate(std::size_t index, TimePoint t) const;

  // `t` from the set nearest it, in `frame`.
  OrbitPoint point(TimePoint t, OrbitFrame frame) const;

 private:
  std::vector<ElementSet> sets_;
  mutable std::vector<std::unique_ptr<Sgp4Propagator>> propagators_;
  // Each set's resonance integration goes on from its last instant: an ephemeris of a
  // geostationary object steps forward instead of integrating from epoch at every point.
  mutable std::vector<ResonanceCursor> cursors_;
};

// A TEME state at `t` as an answer in `frame` (ITRF and geodetic through teme_to_itrf with
// UT1 = UTC).
OrbitPoint point_in_frame(const TemeState& teme, TimePoint t, OrbitFrame frame,
                          TimePoint set_epoch);

}  // namespace gpq::orbit
