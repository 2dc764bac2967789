// Data sources, derived orbital quantities and the orbit-regime rule.
#include "gpq/element_set.h"

#include <cmath>
#include <numbers>

#include "core/text.h"

namespace gpq {

std::string_view to_string(DataSource source) noexcept {
  return source == DataSource::spacetrack ? "spacetrack" : "celestrak";
}

std::optional<DataSource> parse_data_source(std::string_view text) noexcept {
  if (iequals(text, "spacetrack") || iequals(text, "source_a")) {
    return DataSource::spacetrack;
  }
  if (iequals(text, "celestrak") || iequals(text, "source_b")) {
    return DataSource::celestrak;
  }
  return std::nullopt;
}

DerivedFields derive(double mean_motion, double eccentricity) noexcept {
  const double n_rad_per_s = mean_motion * 2.0 * std::numbers::pi / 86400.0;
  const double a = std::cbrt(kEarthGm / (n_rad_per_s * n_rad_per_s));
  return DerivedFields{
      .period_minutes = 1440.0 / mean_motion,
      .semi_major_axis_km = a,
      .apogee_km = a * (1.0 + eccentricity) - kEarthRadiusKm,
      .perigee_km = a * (1.0 - eccentricity) - kEarthRadiusKm,
  };
}

OrbitRegime orbit_regime(double mean_motion, double eccentricity) noexcept {
  if (eccentricity >= 0.25) {
    return OrbitRegime::heo;
  }
  if (mean_motion >= 0.99 && mean_motion <= 1.01 && eccentricity < 0.01) {
    return OrbitRegime::geo;
  }
  if (mean_motion >= 11.25) {
    return OrbitRegime::leo;
  }
  return OrbitRegime::meo;
}

std::string_view to_string(OrbitRegime regime) noexcept {
  switch (regime) {
    case OrbitRegime::leo:
      return "LEO";
    case OrbitRegime::meo:
      return "MEO";
    case OrbitRegime::geo:
      return "GEO";
    case OrbitRegime::heo:
      return "HEO";
  }
  return "MEO";
}

std::optional<OrbitRegime> parse_orbit_regime(std::string_view text) noexcept {
  for (const OrbitRegime regime :
       {OrbitRegime::leo, OrbitRegime::meo, OrbitRegime::geo, OrbitRegime::heo}) {
    if (iequals(text, to_string(regime))) {
      return regime;
    }
  }
  return std::nullopt;
}

}  // namespace gpq
