// SDP4's lunar-solar periodics (STR#3's DPPER), with Lyddane's form near the equator.
#pragma once

#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// The elements the periodics change; angles in radians.
struct PeriodicElements {
  double eccentricity = 0;
  double inclination = 0;
  double node = 0;
  double perigee = 0;
  double mean_anomaly = 0;
};

// Adds the sun's and the moon's periodic terms `minutes` after epoch. Above 0.2 rad of
// (perturbed) inclination they are added to the elements directly; below, through Lyddane's
// non-singular variables, keeping the node on the same turn as before. AFSPC mode also keeps
// the node in 0..2pi there, as AFSPC's intrinsic functions do.
void add_lunar_solar_periodics(const DeepSpaceTerms& deep, OperationMode mode, double minutes,
                               PeriodicElements& elements) noexcept;

}  // namespace gpq::orbit
