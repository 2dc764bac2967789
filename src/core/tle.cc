// TLE lines: parsing with every check of docs/FORMATS.md section 1, and the catalog number in
// both directions. The column fields are read in tle_fields.cc, the layout in tle_layout.cc;
// writing is in tle_writer.cc.
#include "gpq/tle.h"

#include <algorithm>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/tle_fields.h"
#include "core/tle_wide_line.h"

namespace gpq {
namespace {

using tle_fields::field;
using tle_fields::is_digit;
using tle_fields::parse_decimal;
using tle_fields::parse_epoch;
using tle_fields::parse_exponent_field;
using tle_fields::parse_first_derivative;
using tle_fields::parse_fixed_decimal;
using tle_fields::parse_int;
using tle_fields::parse_intdes;

constexpr std::string_view kAlpha5Letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";  // A=10 .. Z=33
// Five digits up to here, Alpha-5 above.
constexpr std::int32_t kLastFiveDigitNumber = 99'999;

bool check_line(std::string_view line, char number, std::string& why) {
  if (line.size() < 69) {
    why = fmt::format("line {}: {} characters, a TLE line has 69", number, line.size());
    return false;
  }
  if (line[0] != number || line[1] != ' ') {
    why = fmt::format("line {}: does not start with '{} '", number, number);
    return false;
  }
  const int expected = tle_checksum(line);
  if (!is_digit(line[68]) || line[68] - '0' != expected) {
    why = fmt::format("line {}: bad checksum, expected {}, found '{}'", number, expected,
                      excerpt(line.substr(68, 1)));
    return false;
  }
  return true;
}

}  // namespace

int tle_checksum(std::string_view line) noexcept {
  int sum = 0;
  const std::size_t end = std::min<std::size_t>(line.size(), 68);
  for (std::size_t i = 0; i < end; ++i) {
    if (is_digit(line[i])) {
      sum += line[i] - '0';
    } else if (line[i] == '-') {
      sum += 1;
    }
  }
  return sum % 10;
}

std::optional<std::int32_t> parse_tle_catalog_number(std::string_view text) noexcept {
  if (text.size() != 5) {
    return std::nullopt;
  }
  const std::size_t letter = kAlpha5Letters.find(text[0]);
  if (letter != std::string_view::npos) {
    std::int32_t rest = 0;
    for (std::size_t i = 1; i < 5; ++i) {
      if (!is_digit(text[i])) {
        return std::nullopt;
      }
      rest = rest * 10 + (text[i] - '0');
    }
    return static_cast<std::int32_t>((letter + 10) * 10000) + rest;
  }
  std::int64_t value = 0;
  if (!parse_int(text, value) || text.front() == '+' || value < 1) {
    return std::nullopt;
  }
  return static_cast<std::int32_t>(value);
}

std::optional<std::string> format_tle_catalog_number(std::int32_t norad_id) {
  if (norad_id < 1 || norad_id > kMaxAlpha5Id) {
    return std::nullopt;
  }
  if (norad_id <= kLastFiveDigitNumber) {
    return fmt::format("{:05}", norad_id);
  }
  return fmt::format("{}{:04}", kAlpha5Letters[static_cast<std::size_t>(norad_id / 10000 - 10)],
                     norad_id % 10000);
}

namespace {

// The catalog number, the same on both lines (columns 3-7).
bool read_catalog_number(std::string_view line1, std::string_view line2, ElementSet& set,
                         std::string& error) {
  const auto id1 = parse_tle_catalog_number(field(line1, 3, 7));
  const auto id2 = parse_tle_catalog_number(field(line2, 3, 7));
  if (!id1) {
    error = fmt::format("line 1: catalog number '{}' is not valid", excerpt(field(line1, 3, 7)));
    return false;
  }
  if (!id2) {
    error = fmt::format("line 2: catalog number '{}' is not valid", excerpt(field(line2, 3, 7)));
    return false;
  }
  if (*id1 != *id2) {
    error = fmt::format("catalog numbers differ: {} on line 1, {} on line 2", *id1, *id2);
    return false;
  }
  set.norad_id = *id1;
  return true;
}

// Line 1's classification, international designator and epoch.
bool read_identity(std::string_view line1, ElementSet& set, std::string& error) {
  const char classification = line1[7];
  if (classification != 'U' && classification != 'C' && classification != 'S') {
    error =
        fmt::format("line 1: classification '{}' is not U, C or S", excerpt(field(line1, 8, 8)));
    return false;
  }
  set.classification_type = classification;
  if (!parse_intdes(field(line1, 10, 17), set.object_id)) {
    error = fmt::format("line 1: international designator '{}' is not valid",
                        excerpt(field(line1, 10, 17)));
    return false;
  }
  if (!parse_epoch(field(line1, 19, 32), set.epoch, error)) {
    error = "line 1: " + error;
    return false;
  }
  return true;
}

// The mean elements and their derivatives, as written (ranges are check_ranges()').
bool read_elements(std::string_view line1, std::string_view line2, ElementSet& set,
                   std::string& error) {
  if (!parse_first_derivative(field(line1, 34, 43), set.mean_motion_dot)) {
    error =
        fmt::format("line 1: first derivative of mean motion '{}' is not laid out as ' .NNNNNNNN'",
                    excerpt(field(line1, 34, 43)));
    return false;
  }
  struct Decimal {
    std::string_view text;
    double* value;
    const char* name;
    std::size_t decimals;
    const char* layout;
  };
  const Decimal decimals[] = {
      {field(line2, 9, 16), &set.inclination, "inclination", 4, "NNN.NNNN"},
      {field(line2, 18, 25), &set.ra_of_asc_node, "right ascension of the node", 4, "NNN.NNNN"},
      {field(line2, 35, 42), &set.arg_of_pericenter, "argument of perigee", 4, "NNN.NNNN"},
      {field(line2, 44, 51), &set.mean_anomaly, "mean anomaly", 4, "NNN.NNNN"},
      {field(line2, 53, 63), &set.mean_motion, "mean motion", 8, "NN.NNNNNNNN"},
  };
  for (const Decimal& d : decimals) {
    if (!parse_fixed_decimal(d.text, d.decimals, *d.value)) {
      error =
          fmt::format("line 2: {} '{}' is not laid out as '{}'", d.name, excerpt(d.text), d.layout);
      return false;
    }
  }
  if (!parse_exponent_field(field(line1, 45, 52), set.mean_motion_ddot)) {
    error = fmt::format("line 1: second derivative of mean motion '{}' is not valid",
                        excerpt(field(line1, 45, 52)));
    return false;
  }
  if (!parse_exponent_field(field(line1, 54, 61), set.bstar)) {
    error = fmt::format("line 1: BSTAR '{}' is not valid", excerpt(field(line1, 54, 61)));
    return false;
  }
  const std::string_view ecc = field(line2, 27, 33);
  if (ecc.find_first_not_of("0123456789") != std::string_view::npos) {
    error = fmt::format("line 2: eccentricity '{}' is not a number", excerpt(ecc));
    return false;
  }
  parse_decimal(fmt::format("0.{}", ecc), set.eccentricity);
  return true;
}

// Ephemeris type, element set number and revolution number (blank counts as 0).
bool read_counters(std::string_view line1, std::string_view line2, ElementSet& set,
                   std::string& error) {
  std::int64_t ephemeris = 0;
  std::int64_t element_set_no = 0;
  std::int64_t rev = 0;
  if (!parse_int(field(line1, 63, 63), ephemeris, 0)) {
    error =
        fmt::format("line 1: ephemeris type '{}' is not a digit", excerpt(field(line1, 63, 63)));
    return false;
  }
  if (!parse_int(field(line1, 65, 68), element_set_no, 0)) {
    error = fmt::format("line 1: element set number '{}' is not a number",
                        excerpt(field(line1, 65, 68)));
    return false;
  }
  if (!parse_int(field(line2, 64, 68), rev, 0)) {
    error = fmt::format("line 2: revolution number '{}' is not a number",
                        excerpt(field(line2, 64, 68)));
    return false;
  }
  set.ephemeris_type = static_cast<std::int8_t>(ephemeris);
  set.element_set_no = static_cast<std::int32_t>(element_set_no);
  set.rev_at_epoch = static_cast<std::int32_t>(rev);
  return true;
}

// Angles and mean motion within what an orbit can have.
bool check_ranges(const ElementSet& set, std::string& error) {
  if (set.inclination < 0 || set.inclination > 180) {
    error = fmt::format("line 2: inclination {} is outside 0..180", set.inclination);
    return false;
  }
  for (const double angle : {set.ra_of_asc_node, set.arg_of_pericenter, set.mean_anomaly}) {
    if (angle < 0 || angle > 360) {
      error = fmt::format("line 2: angle {} is outside 0..360", angle);
      return false;
    }
  }
  if (!(set.mean_motion > 0) || set.mean_motion >= 100) {
    error = fmt::format("line 2: mean motion {} is not in (0, 100) rev/day", set.mean_motion);
    return false;
  }
  return true;
}

}  // namespace

bool parse_tle(std::string_view wide_line1, std::string_view line2, ElementSet& out,
               std::string& error) {
  // A line 1 whose BSTAR exponent pushed it to 70 columns is read as the 69 it meant.
  std::string why;
  const std::optional<NarrowedLine1> narrowed = narrow_wide_line1(wide_line1, why);
  if (!why.empty()) {
    error = std::move(why);
    return false;
  }
  const std::string_view line1 = narrowed ? std::string_view(narrowed->line) : wide_line1;
  if (!check_line(line1, '1', error) || !check_line(line2, '2', error)) {
    return false;
  }
  ElementSet set = out;
  if (!read_catalog_number(line1, line2, set, error) || !read_identity(line1, set, error) ||
      !read_elements(line1, line2, set, error) || !read_counters(line1, line2, set, error) ||
      !check_ranges(set, error)) {
    return false;
  }
  if (narrowed) {
    set.bstar = narrowed->bstar;
  }
  set.tle_layout = tle_layout_of(line1, line2);
  out = std::move(set);
  return true;
}

}  // namespace gpq
