// OMM keyword values to an ElementSet, with the range checks of docs/FORMATS.md and
// docs/IMPORT.md "Validation".
#include "sync/parse/omm_fields.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>

#include <fmt/core.h>

#include "gpq/tle.h"

#include "core/printable_text.h"
#include "core/text.h"

namespace gpq::sync {
namespace {

constexpr std::pair<std::string_view, OmmKey> kKeys[] = {
    {"OBJECT_NAME", OmmKey::object_name},
    {"OBJECT_ID", OmmKey::object_id},
    {"EPOCH", OmmKey::epoch},
    {"MEAN_MOTION", OmmKey::mean_motion},
    {"ECCENTRICITY", OmmKey::eccentricity},
    {"INCLINATION", OmmKey::inclination},
    {"RA_OF_ASC_NODE", OmmKey::ra_of_asc_node},
    {"ARG_OF_PERICENTER", OmmKey::arg_of_pericenter},
    {"MEAN_ANOMALY", OmmKey::mean_anomaly},
    {"EPHEMERIS_TYPE", OmmKey::ephemeris_type},
    {"CLASSIFICATION_TYPE", OmmKey::classification_type},
    {"NORAD_CAT_ID", OmmKey::norad_cat_id},
    {"ELEMENT_SET_NO", OmmKey::element_set_no},
    {"REV_AT_EPOCH", OmmKey::rev_at_epoch},
    {"BSTAR", OmmKey::bstar},
    {"MEAN_MOTION_DOT", OmmKey::mean_motion_dot},
    {"MEAN_MOTION_DDOT", OmmKey::mean_motion_ddot},
    {"CREATION_DATE", OmmKey::creation_date},
    {"TLE_LINE1", OmmKey::tle_line1},
    {"TLE_LINE2", OmmKey::tle_line2},
    {"REF_FRAME", OmmKey::ref_frame},
    {"TIME_SYSTEM", OmmKey::time_system},
    {"MEAN_ELEMENT_THEORY", OmmKey::mean_element_theory},
};

std::string_view key_name(OmmKey key) {
  for (const auto& [name, k] : kKeys) {
    if (k == key) {
      return name;
    }
  }
  return "?";
}

// An accepted interval. Angles get `slack` on both sides, because an upstream rounding a
// value near 0 or 360 may print it just outside; such a value is clamped to the interval.
struct Range {
  double lo;
  double hi;
  bool lo_open = false;
  bool hi_open = false;
  double slack = 0;

  bool contains(double x) const {
    return (lo_open ? x > lo : x >= lo - slack) && (hi_open ? x < hi : x <= hi + slack);
  }
  double clamp(double x) const { return x < lo ? lo : (x > hi ? hi : x); }
  std::string text() const {
    return fmt::format("must be {} {} and {} {}", lo_open ? "above" : "at least", lo,
                       hi_open ? "below" : "at most", hi);
  }
};

constexpr double kAngleSlack = 1e-6;  // degrees
constexpr Range kAngle{0, 360, false, false, kAngleSlack};
constexpr Range kInclination{0, 180, false, false, kAngleSlack};
constexpr Range kMeanMotion{0, 100, true, true};  // rev/day; a TLE holds at most 99.99999999
constexpr Range kEccentricity{0, 1, false, true};
constexpr Range kDrag{-1e3, 1e3};  // BSTAR and MEAN_MOTION_DDOT: anything sane
// MEAN_MOTION_DOT, as a TLE holds it (` .NNNNNNNN`); beyond, the object has come down.
constexpr Range kFirstDerivative{-1, 1, true, true};

struct Checker {
  const OmmFields& fields;
  std::string& error;

  // `fallback` applies when the field is absent or blank and not `required`.
  bool number(OmmKey key, double& out, const Range& range, bool required, double fallback) {
    const auto text = fields.get(key);
    if (!text || trim(*text).empty()) {
      if (required) {
        error = fmt::format("{} is missing", key_name(key));
        return false;
      }
      out = fallback;
      return true;
    }
    const auto value = parse_number(*text);
    if (!value) {
      error = fmt::format("{} '{}' is not a number", key_name(key), excerpt(*text));
      return false;
    }
    if (!range.contains(*value)) {
      error =
          fmt::format("{} '{}' is out of range: {}", key_name(key), excerpt(*text), range.text());
      return false;
    }
    out = range.clamp(*value);
    return true;
  }

  bool whole(OmmKey key, std::int64_t& out, std::int64_t lo, std::int64_t hi, bool required,
             std::int64_t fallback) {
    double value = 0;
    const Range range{static_cast<double>(lo), static_cast<double>(hi)};
    if (!number(key, value, range, required, static_cast<double>(fallback))) {
      return false;
    }
    if (value != std::floor(value)) {
      error = fmt::format("{} '{}' is not a whole number", key_name(key),
                          excerpt(fields.get(key).value_or("")));
      return false;
    }
    out = static_cast<std::int64_t>(value);
    return true;
  }
};

std::string text_of(const OmmFields& fields, OmmKey key) {
  const auto value = fields.get(key);
  return value ? std::string(trim(*value)) : std::string();
}

}  // namespace

std::optional<OmmKey> omm_key(std::string_view name) noexcept {
  for (const auto& [text, key] : kKeys) {
    if (text == name) {
      return key;
    }
  }
  return std::nullopt;
}

std::optional<double> parse_number(std::string_view text) noexcept {
  text = trim(text);
  if (text.empty() || text.size() > 48) {
    return std::nullopt;
  }
  char buffer[64];
  std::size_t n = 0;
  if (text.front() == '+' || text.front() == '-') {
    if (text.front() == '-') {
      buffer[n++] = '-';
    }
    text.remove_prefix(1);
  }
  // A digit or a point must follow the one sign, and the part before any exponent must hold
  // a digit: "+-5", "." and ".e5" are not numbers.
  if (text.empty() || !(text.front() == '.' || (text.front() >= '0' && text.front() <= '9')) ||
      text.substr(0, text.find_first_of("eE")).find_first_of("0123456789") ==
          std::string_view::npos) {
    return std::nullopt;
  }
  if (text.front() == '.') {
    buffer[n++] = '0';
  }
  for (const char c : text) {
    const bool allowed =
        (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
    if (!allowed) {
      return std::nullopt;
    }
    buffer[n++] = c;
  }
  double value = 0;
  const auto [end, status] = std::from_chars(buffer, buffer + n, value);
  if (status != std::errc() || end != buffer + n || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value == 0 ? 0.0 : value;
}

namespace {

// Space-Track's reduced records carry only the TLE lines; their NORAD id must agree.
bool read_tle_lines(std::string_view line1, std::string_view line2, std::int64_t norad,
                    ElementSet& set, std::string& error) {
  if (!parse_tle(line1, line2, set, error)) {
    return false;
  }
  if (set.norad_id != norad) {
    error = fmt::format("NORAD_CAT_ID {} differs from the TLE's {}", norad, set.norad_id);
    return false;
  }
  return true;
}

bool read_epoch(const OmmFields& fields, ElementSet& set, std::string& error) {
  const auto epoch_text = fields.get(OmmKey::epoch);
  if (!epoch_text || trim(*epoch_text).empty()) {
    error = "EPOCH is missing";
    return false;
  }
  const auto epoch = parse_iso8601(trim(*epoch_text));
  if (!epoch) {
    error = fmt::format("EPOCH '{}' is not an ISO 8601 time", excerpt(*epoch_text));
    return false;
  }
  set.epoch = *epoch;
  return true;
}

// The epoch, mean elements, counters and classification of a full OMM record.
bool read_mean_elements(const OmmFields& fields, ElementSet& set, std::string& error) {
  if (!read_epoch(fields, set, error)) {
    return false;
  }
  Checker check{fields, error};
  std::int64_t ephemeris = 0;
  std::int64_t element_set_no = 0;
  std::int64_t rev = 0;
  if (!check.number(OmmKey::mean_motion, set.mean_motion, kMeanMotion, true, 0) ||
      !check.number(OmmKey::eccentricity, set.eccentricity, kEccentricity, true, 0) ||
      !check.number(OmmKey::inclination, set.inclination, kInclination, true, 0) ||
      !check.number(OmmKey::ra_of_asc_node, set.ra_of_asc_node, kAngle, true, 0) ||
      !check.number(OmmKey::arg_of_pericenter, set.arg_of_pericenter, kAngle, true, 0) ||
      !check.number(OmmKey::mean_anomaly, set.mean_anomaly, kAngle, true, 0) ||
      !check.number(OmmKey::bstar, set.bstar, kDrag, false, 0) ||
      !check.number(OmmKey::mean_motion_dot, set.mean_motion_dot, kFirstDerivative, false, 0) ||
      !check.number(OmmKey::mean_motion_ddot, set.mean_motion_ddot, kDrag, false, 0) ||
      !check.whole(OmmKey::ephemeris_type, ephemeris, 0, 9, false, 0) ||
      !check.whole(OmmKey::element_set_no, element_set_no, 0, 99999, false, 999) ||
      !check.whole(OmmKey::rev_at_epoch, rev, 0, 999'999'999, false, 0)) {
    return false;
  }
  set.ephemeris_type = static_cast<std::int8_t>(ephemeris);
  set.element_set_no = static_cast<std::int32_t>(element_set_no);
  set.rev_at_epoch = static_cast<std::int32_t>(rev);
  const std::string classification = text_of(fields, OmmKey::classification_type);
  if (!classification.empty() &&
      (classification.size() > 1 || !valid_classification(classification[0]))) {
    error = fmt::format("CLASSIFICATION_TYPE '{}' is not U, C or S", excerpt(classification));
    return false;
  }
  set.classification_type = classification.empty() ? 'U' : classification[0];
  return true;
}

// OBJECT_NAME, OBJECT_ID and CREATION_DATE, whichever way the elements came.
bool read_names_and_creation(const OmmFields& fields, ElementSet& set, std::string& error) {
  set.object_name = text_of(fields, OmmKey::object_name);
  if (fields.get(OmmKey::object_id)) {
    set.object_id = text_of(fields, OmmKey::object_id);
  }
  for (const auto& [key, value] : {std::pair{OmmKey::object_name, &set.object_name},
                                   std::pair{OmmKey::object_id, &set.object_id}}) {
    if (auto problem = text_field_problem(key_name(key), *value)) {
      error = std::move(*problem);
      return false;
    }
  }
  if (set.object_id == "UNKNOWN") {
    set.object_id.clear();
  }
  const std::string creation = text_of(fields, OmmKey::creation_date);
  if (!creation.empty()) {
    set.creation_date = parse_iso8601(creation);
    if (!set.creation_date) {
      error = fmt::format("CREATION_DATE '{}' is not an ISO 8601 time", excerpt(creation));
      return false;
    }
  }
  return true;
}

// The frame, time scale and theory the numbers are in: gpq stores TEME mean elements of SGP4
// at UTC epochs, and a record in anything else would be read as if it were that. SGP4-XP
// sets are kept, as EPHEMERIS_TYPE 4, which the orbit layer refuses to propagate.
// `type_given`: EPHEMERIS_TYPE came from the record (its field or its TLE lines).
bool read_metadata(const OmmFields& fields, bool type_given, ElementSet& set, std::string& error) {
  const struct {
    OmmKey key;
    std::initializer_list<std::string_view> accepted;
    std::string_view wanted;
  } rules[] = {
      {OmmKey::ref_frame, {"TEME"}, "TEME"},
      {OmmKey::time_system, {"UTC"}, "UTC"},
      {OmmKey::mean_element_theory, {"SGP4", "SGP/SGP4", "SGP4-XP"}, "SGP4 or SGP4-XP"},
  };
  for (const auto& rule : rules) {
    const std::string value = text_of(fields, rule.key);
    if (value.empty()) {
      continue;
    }
    const bool accepted = std::any_of(rule.accepted.begin(), rule.accepted.end(),
                                      [&](std::string_view name) { return iequals(value, name); });
    if (!accepted) {
      error = fmt::format("{} '{}' is not {}: gpq stores only TEME, UTC, SGP4 mean elements",
                          key_name(rule.key), excerpt(value), rule.wanted);
      return false;
    }
  }
  if (!iequals(text_of(fields, OmmKey::mean_element_theory), "SGP4-XP")) {
    return true;
  }
  if (!type_given) {
    set.ephemeris_type = kSgp4XpEphemerisType;  // how a TLE and every other output say SGP4-XP
  } else if (set.ephemeris_type != kSgp4XpEphemerisType) {
    error = fmt::format("MEAN_ELEMENT_THEORY SGP4-XP contradicts EPHEMERIS_TYPE {}",
                        set.ephemeris_type);
    return false;
  }
  return true;
}

}  // namespace

bool build_element_set(const OmmFields& fields, DataSource source, TimePoint collected_at,
                       ElementSet& out, std::string& error) {
  ElementSet set;
  Checker check{fields, error};
  std::int64_t norad = 0;
  if (!check.whole(OmmKey::norad_cat_id, norad, 1, kMaxNoradId, true, 0)) {
    return false;
  }
  set.norad_id = static_cast<std::int32_t>(norad);
  const bool has_elements = fields.get(OmmKey::mean_motion).has_value();
  const auto line1 = fields.get(OmmKey::tle_line1);
  const auto line2 = fields.get(OmmKey::tle_line2);
  const bool read = !has_elements && line1 && line2
                        ? read_tle_lines(*line1, *line2, norad, set, error)
                        : read_mean_elements(fields, set, error);
  const bool type_given = !text_of(fields, OmmKey::ephemeris_type).empty() || !has_elements;
  if (!read || !read_names_and_creation(fields, set, error) ||
      !read_metadata(fields, type_given, set, error)) {
    return false;
  }
  if (has_elements && line1 && line2) {
    // Space-Track's full records carry the same set as TLE lines too: their layout is kept.
    set.tle_layout = tle_layout_of(*line1, *line2);
  }
  set.source = source;
  set.collected_at = collected_at;
  out = std::move(set);
  return true;
}

}  // namespace gpq::sync
