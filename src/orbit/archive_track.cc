#include "orbit/archive_track.h"

#include <algorithm>

#include "gpq/error.h"

#include "orbit/set_propagation.h"

namespace gpq::orbit {

ArchiveTrack::ArchiveTrack(std::vector<ElementSet> sets)
    : sets_(std::move(sets)), propagators_(sets_.size()), cursors_(sets_.size()) {}

std::size_t ArchiveTrack::nearest(TimePoint t) const {
  const auto after = std::upper_bound(
      sets_.begin(), sets_.end(), t,
      [](TimePoint instant, const ElementSet& set) { return instant < set.epoch; });
  if (after == sets_.begin()) {
    return 0;
  }
  const auto before = after - 1;
  if (after == sets_.end()) {
    return static_cast<std::size_t>(before - sets_.begin());
  }
  const std::int64_t to_before = t.unix_micros() - before->epoch.unix_micros();
  const std::int64_t to_after = after->epoch.unix_micros() - t.unix_micros();
  return static_cast<std::size_t>((to_after < to_before ? after : before) - sets_.begin());
}

TemeState ArchiveTrack::propagate(std::size_t index, TimePoint t) const {
  const ElementSet& set = sets_[index];
  std::unique_ptr<Sgp4Propagator>& propagator = propagators_[index];
  if (!propagator) {
    require_sgp4_set(set);
    propagator = std::make_unique<Sgp4Propagator>(set);
  }
  SetPropagation result = propagate_set(*propagator, set, t, &cursors_[index]);
  if (!result.problem.empty()) {
    throw Error(Errc::unprocessable, result.problem);  // the request is right; the set fails
  }
  return result.state;
}

OrbitPoint ArchiveTrack::point(TimePoint t, OrbitFrame frame) const {
  const std::size_t index = nearest(t);
  return point_in_frame(propagate(index, t), t, frame, sets_[index].epoch);
}

OrbitPoint point_in_frame(const TemeState& teme, TimePoint t, OrbitFrame frame,
                          TimePoint set_epoch) {
  OrbitPoint point;
  point.epoch = t;
  point.set_epoch = set_epoch;
  if (frame == OrbitFrame::teme) {
    point.position_km = teme.position_km;
    point.velocity_km_s = teme.velocity_km_s;
    return point;
  }
  const ItrfState itrf = teme_to_itrf(teme, t);
  point.position_km = itrf.position_km;
  point.velocity_km_s = itrf.velocity_km_s;
  if (frame == OrbitFrame::geodetic) {
    const Geodetic g = itrf_to_geodetic(itrf.position_km);
    point.latitude_deg = g.latitude_deg;
    point.longitude_deg = g.longitude_deg;
    point.height_km = g.height_km;
  }
  return point;
}

}  // namespace gpq::orbit
