// The mean elements at a time: SGP4's secular gravity and drag terms (and, for deep-space
// orbits, the lunar-solar secular rates and the resonance integration).
#pragma once

#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// Mean elements at a time, and the drag factors still to apply to a, e and L.
struct MeanState {
  double mean_anomaly = 0;
  double perigee = 0;
  double node = 0;
  double eccentricity = 0;
  double inclination = 0;
  double mean_motion = 0;
  double drag_a = 0;  // tempa: a = a0'' (n0''/n)^(2/3) * tempa^2
  double drag_e = 0;  // tempe: subtracted from e
  double drag_l = 0;  // templ: times n0'', added to M
};

// Secular J2/J4 and drag terms `minutes` after epoch (STR#3 section 6, before the
// long-period terms).
MeanState near_earth_secular(const Sgp4Terms& terms, double minutes) noexcept;

// Adds the sun's and the moon's secular rates and, in resonance, replaces the mean motion and
// mean anomaly by the integrated ones (STR#3's DSSEC). With a `cursor` (may be null), the
// integration continues from where the cursor's last call left it when `minutes` lies beyond
// it on the same side of epoch, as the reference keeps its integrator in the satellite
// record, and the cursor moves on; the steps are the same, so is the result, to the bit.
void add_deep_space_secular(const Sgp4Terms& terms, double minutes, MeanState& state,
                            ResonanceCursor* cursor) noexcept;

}  // namespace gpq::orbit
