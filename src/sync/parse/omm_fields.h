// The OMM keywords gpq reads, and the one place that turns their text values into
// a validated ElementSet, shared by the CSV, KVN, XML and JSON parsers.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/element_set.h"

#include "sync/parse/parsers.h"

namespace gpq::sync {

enum class OmmKey : std::uint8_t {
  object_name,
  object_id,
  epoch,
  mean_motion,
  eccentricity,
  inclination,
  ra_of_asc_node,
  arg_of_pericenter,
  mean_anomaly,
  ephemeris_type,
  classification_type,
  norad_cat_id,
  element_set_no,
  rev_at_epoch,
  bstar,
  mean_motion_dot,
  mean_motion_ddot,
  creation_date,
  tle_line1,
  tle_line2,
  ref_frame,
  time_system,
  mean_element_theory,
  count
};

std::optional<OmmKey> omm_key(std::string_view name) noexcept;

// Text values by keyword; the views must outlive the call to build_element_set.
struct OmmFields {
  std::array<std::optional<std::string_view>, static_cast<std::size_t>(OmmKey::count)> values;

  void set(OmmKey key, std::string_view value) { values[static_cast<std::size_t>(key)] = value; }
  std::optional<std::string_view> get(OmmKey key) const {
    return values[static_cast<std::size_t>(key)];
  }
  void clear() { values.fill(std::nullopt); }
};

// Builds and validates a set; `source` is the source the record counts as. Required:
// NORAD_CAT_ID (1..999999999), EPOCH (ISO 8601), MEAN_MOTION (0 < n < 100),
// ECCENTRICITY (0 <= e < 1), INCLINATION (0..180), RA_OF_ASC_NODE, ARG_OF_PERICENTER,
// MEAN_ANOMALY (0..360; angles up to 1e-6 deg outside are clamped in). Optional, with
// defaults: BSTAR, MEAN_MOTION_DOT, MEAN_MOTION_DDOT, REV_AT_EPOCH (0), ELEMENT_SET_NO (999),
// EPHEMERIS_TYPE (0), CLASSIFICATION_TYPE ('U'), OBJECT_NAME, OBJECT_ID ("UNKNOWN" = none),
// CREATION_DATE. Metadata that changes what the numbers mean must, when given, be REF_FRAME
// TEME, TIME_SYSTEM UTC and MEAN_ELEMENT_THEORY SGP4 (CelesTrak's KVN: SGP/SGP4) or SGP4-XP,
// which the set keeps as EPHEMERIS_TYPE 4. A blank value counts as absent. Without MEAN_MOTION but
// with TLE_LINE1 and TLE_LINE2 the elements come from the TLE (parse_tle) and must name the same
// NORAD_CAT_ID; with both, the set keeps the TLE lines' layout (ElementSet::tle_layout). On failure
// returns false with `error` naming the field and quoting the value.
bool build_element_set(const OmmFields& fields, DataSource source, TimePoint collected_at,
                       ElementSet& out, std::string& error);

// A number in any upstream shape: `.00047365`, `0.00047365`, `.1642946E-3`, `-7.689e-5`, `0`,
// with blanks around. std::nullopt for anything else (letters, NaN, inf, empty).
std::optional<double> parse_number(std::string_view text) noexcept;

}  // namespace gpq::sync
