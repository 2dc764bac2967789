// Data sources, derived orbital quantities and the orbit-regime rule.
#include "gpq/element_set.h"

#include <cmath>
#include <iterator>
#include <numbers>

#include "core/text.h"

namespace gpq {

namespace {

struct SourceRow {
  DataSource source;
  std::string_view value;
  std::string_view neutral;
};

constexpr SourceRow kSources[] = {
#define GPQ_DATA_SOURCE_ROW(name, value, neutral) {DataSource::name, value, neutral},
    GPQ_DATA_SOURCES(GPQ_DATA_SOURCE_ROW)
#undef GPQ_DATA_SOURCE_ROW
};

constexpr std::string_view kRegimes[] = {
#define GPQ_ORBIT_REGIME_TEXT(name, text) text,
    GPQ_ORBIT_REGIMES(GPQ_ORBIT_REGIME_TEXT)
#undef GPQ_ORBIT_REGIME_TEXT
};

}  // namespace

std::string_view to_string(DataSource source) noexcept {
  return kSources[static_cast<std::size_t>(source)].value;
}

std::string_view neutral_name(DataSource source) noexcept {
  return kSources[static_cast<std::size_t>(source)].neutral;
}

std::optional<DataSource> parse_data_source(std::string_view text) noexcept {
  for (const SourceRow& row : kSources) {
    if (iequals(text, row.value) || iequals(text, row.neutral)) {
      return row.source;
    }
  }
  return std::nullopt;
}

std::vector<std::string_view> data_source_spellings() {
  std::vector<std::string_view> out;
  for (const SourceRow& row : kSources) {
    out.push_back(row.value);
  }
  for (const SourceRow& row : kSources) {
    out.push_back(row.neutral);
  }
  return out;
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
  return kRegimes[static_cast<std::size_t>(regime)];
}

std::optional<OrbitRegime> parse_orbit_regime(std::string_view text) noexcept {
  for (std::size_t i = 0; i < std::size(kRegimes); ++i) {
    if (iequals(text, kRegimes[i])) {
      return static_cast<OrbitRegime>(i);
    }
  }
  return std::nullopt;
}

std::string orbit_regime_names() {
  return either_of(kRegimes);
}

}  // namespace gpq
