// The apogee/perigee filter of conjunction screening: the least and greatest distance from the
// earth's centre an object's SGP4 position can take within a window. Two objects whose bands
// lie farther apart than the threshold never come that close (|r_i - r_j| <= |r_i - r_j|
// as vectors). docs/CONJUNCTIONS.md derives each bound.
#pragma once

#include <limits>

#include "orbit/sgp4.h"

namespace gpq::orbit {

struct RadialBand {
  double low_km = 0;
  double high_km = std::numeric_limits<double>::infinity();

  // Whether some radius of this band is within `gap_km` of some radius of `other`.
  bool overlaps(const RadialBand& other, double gap_km) const {
    return low_km <= other.high_km + gap_km && other.low_km <= high_km + gap_km;
  }
};

// The band of `propagator` between `from_minutes` and `to_minutes` after its epoch. Near-earth
// sets: from SGP4's own equations, the drag polynomials bounded over the window and each
// periodic term by its amplitude. Deep-space sets: the mean elements sampled every six hours
// (the resonance integrator's half step), widened by the largest change between neighbouring
// samples, with the lunar-solar and SGP4 periodic terms by their amplitudes. An object the
// theory may fail for inside the window (a drag factor or an eccentricity leaving its range)
// gets the unbounded band; one that may fall below the earth's radius, where SGP4 gives no
// state, a band from 0.
RadialBand radial_band(const Sgp4Propagator& propagator, double from_minutes, double to_minutes);

}  // namespace gpq::orbit
