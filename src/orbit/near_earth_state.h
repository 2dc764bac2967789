// A near-earth (SGP4) propagation whole, for one set or four side by side (lanes.h): the
// stages in order, as Sgp4Propagator::propagate runs them for one set and propagate_batch for
// four, so that both give a set the same state to the bit.
#pragma once

#include "orbit/lanes.h"
#include "orbit/secular.h"
#include "orbit/short_period.h"

namespace gpq::orbit {

// The state `minutes` after epoch of the set(s) whose terms `terms` holds (Sgp4Terms, or four
// sets' side by side), and the Sgp4Error code: the mean elements' error when they leave the
// theory, else the state's.
template <typename Real, typename Terms>
GPQ_LANES IntOf<Real> near_earth_state(const Terms& terms, Real minutes, StateOf<Real>& state) {
  MeanStateOf<Real> mean = near_earth_mean(terms, minutes);
  Real semi_major_axis;
  const IntOf<Real> mean_error = finish_mean(terms, mean, semi_major_axis);
  OsculatingInputOf<Real> in = from_mean(mean, semi_major_axis);
  const auto& k = terms.near;
  in.sin_inclination = k.sin_inclination;
  in.cos_inclination = k.cos_inclination;
  in.aycof = k.aycof;
  in.xlcof = k.xlcof;
  in.con41 = k.con41;
  in.x1mth2 = k.x1mth2;
  in.x7thm1 = k.x7thm1;
  const IntOf<Real> state_error = osculating(in, terms.gravity, state);
  return select(mean_error != 0, mean_error, state_error);
}

}  // namespace gpq::orbit
