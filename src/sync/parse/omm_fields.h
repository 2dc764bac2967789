// The OMM keywords gpq reads, and the one place that turns their text values into
// a validated ElementSet, shared by the CSV, KVN, XML and JSON parsers.
#pragma once

#include <array>
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

// Builds and validates a set. On failure returns false with `error` naming the field and value.
// `source` is the source the record counts as.
bool build_element_set(const OmmFields& fields, DataSource source, TimePoint collected_at,
                       ElementSet& out, std::string& error);

// A number in any upstream shape: `.00047365`, `0.00047365`, `.1642946E-3`, `-7.689e-5`, `0`,
// with blanks around. std::nullopt for anything else (letters, NaN, inf, empty).
std::optional<double> parse_number(std::string_view text) noexcept;

}  // namespace gpq::sync
