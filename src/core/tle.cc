// TLE lines: parsing with every check of FORMATS.md section 1, and the catalog number in
// both directions. Writing is in tle_writer.cc, reading the layout in tle_layout.cc.
#include "gpq/tle.h"

#include <charconv>
#include <cmath>
#include <cstring>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"

namespace gpq {
namespace {

constexpr std::string_view kAlpha5Letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";  // A=10 .. Z=33
// Five digits up to here, Alpha-5 above.
constexpr std::int32_t kLastFiveDigitNumber = 99'999;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string_view field(std::string_view line, int first_col, int last_col) {
  return line.substr(static_cast<std::size_t>(first_col - 1),
                     static_cast<std::size_t>(last_col - first_col + 1));
}

std::string_view strip(std::string_view text) {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

// Whole number, blank- or zero-padded; a lone '+' sign allowed. Blank counts as `blank_value`.
bool parse_int(std::string_view text, std::int64_t& value, std::int64_t blank_value = -1) {
  text = strip(text);
  if (text.empty()) {
    value = blank_value;
    return blank_value >= 0;
  }
  if (text.front() == '+') {
    text.remove_prefix(1);
  }
  if (text.empty()) {
    return false;
  }
  for (const char c : text) {
    if (!is_digit(c)) {
      return false;
    }
  }
  value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return true;
}

// A plain decimal (`51.6325`, ` .00007235`, `-.00001273`, `+.06329737`, `039.0531`).
bool parse_decimal(std::string_view text, double& value) {
  text = strip(text);
  std::string buffer;
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  bool digits = false;
  bool point = false;
  for (const char c : text) {
    if (c == '.' && !point) {
      point = true;
    } else if (is_digit(c)) {
      digits = true;
    } else {
      return false;
    }
  }
  if (!digits) {
    return false;
  }
  if (text.front() == '.') {
    buffer = "0";
  }
  buffer.append(text);
  const auto [end, error] = std::from_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (error != std::errc() || end != buffer.data() + buffer.size()) {
    return false;
  }
  if (negative && value != 0) {
    value = -value;  // Space-Track's `-.00000000` reads as 0, not as a negative zero
  }
  return true;
}

// Assumed-decimal exponent form ` 12345-3` = 0.12345e-3 (sign, 5 digits, exponent sign, digit).
bool parse_exponent_field(std::string_view text, double& value) {
  if (text.size() != 8) {
    return false;
  }
  const char sign = text[0];
  if (sign != ' ' && sign != '-' && sign != '+') {
    return false;
  }
  std::string_view mantissa = text.substr(1, 5);
  // Leading blanks in the mantissa occur in very old sets; treat them as zeros.
  std::string digits(mantissa);
  for (char& c : digits) {
    if (c == ' ') {
      c = '0';
    } else if (!is_digit(c)) {
      return false;
    }
  }
  const char exp_sign = text[6];
  const char exp_digit = text[7];
  if ((exp_sign != '-' && exp_sign != '+' && exp_sign != ' ') || !is_digit(exp_digit)) {
    return false;
  }
  const std::string decimal = fmt::format("{}0.{}e{}{}", sign == '-' ? "-" : "", digits,
                                          exp_sign == '-' ? "-" : "", exp_digit);
  std::from_chars(decimal.data(), decimal.data() + decimal.size(), value);
  if (value == 0) {
    value = 0;  // no negative zero
  }
  return true;
}

bool leap_year(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// `YYDDD.DDDDDDDD` -> microseconds, exactly: 1e-8 day = 864 us.
bool parse_epoch(std::string_view text, TimePoint& epoch, std::string& why) {
  std::int64_t yy = 0;
  std::int64_t day = 0;
  std::int64_t fraction = 0;
  // The day is right-aligned: blanks may pad it on the left (`  1.5`), never before the point.
  const std::string_view day_text = text.substr(2, 3);
  if (!parse_int(text.substr(0, 2), yy) || !is_digit(text[0]) || !is_digit(text[1]) ||
      text[5] != '.' || !is_digit(text[4]) || !parse_int(day_text, day)) {
    why = fmt::format("epoch '{}' is not YYDDD.DDDDDDDD", shown(text));
    return false;
  }
  const std::string_view fraction_text = text.substr(6, 8);
  for (const char c : fraction_text) {
    if (!is_digit(c)) {
      why = fmt::format("epoch '{}' is not YYDDD.DDDDDDDD", shown(text));
      return false;
    }
  }
  std::from_chars(fraction_text.data(), fraction_text.data() + 8, fraction);
  const int year = static_cast<int>(yy < 57 ? 2000 + yy : 1900 + yy);
  if (day < 1 || day > (leap_year(year) ? 366 : 365)) {
    why = fmt::format("epoch day {} does not exist in {}", day, year);
    return false;
  }
  const TimePoint jan1 = from_civil({year, 1, 1});
  epoch =
      TimePoint::from_unix_micros(jan1.unix_micros() + (day - 1) * kMicrosPerDay + fraction * 864);
  return true;
}

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
                      shown(line.substr(68, 1)));
    return false;
  }
  return true;
}

// `98067A  ` -> `1998-067A`; all blank -> empty. The piece is up to three capital letters:
// anything else would become an OBJECT_ID no TLE can be written back with.
bool parse_intdes(std::string_view text, std::string& object_id) {
  const std::string_view trimmed = strip(text);
  if (trimmed.empty()) {
    object_id.clear();
    return true;
  }
  if (trimmed.size() < 5 || !is_digit(trimmed[0]) || !is_digit(trimmed[1])) {
    return false;
  }
  for (std::size_t i = 2; i < 5; ++i) {
    if (!is_digit(trimmed[i]) && trimmed[i] != ' ') {
      return false;
    }
  }
  // The piece: up to three capital letters (blank-padded).
  const std::string_view piece = strip(trimmed.substr(5));
  for (const char c : piece) {
    if (c < 'A' || c > 'Z') {
      return false;
    }
  }
  const int yy = (trimmed[0] - '0') * 10 + (trimmed[1] - '0');
  std::string launch(trimmed.substr(2, 3));
  for (char& c : launch) {
    c = c == ' ' ? '0' : c;
  }
  object_id = fmt::format("{}-{}{}", yy < 57 ? 2000 + yy : 1900 + yy, launch, piece);
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
    error = fmt::format("line 1: catalog number '{}' is not valid", shown(field(line1, 3, 7)));
    return false;
  }
  if (!id2) {
    error = fmt::format("line 2: catalog number '{}' is not valid", shown(field(line2, 3, 7)));
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
    error = fmt::format("line 1: classification '{}' is not U, C or S",
                        shown(field(line1, 8, 8)));
    return false;
  }
  set.classification_type = classification;
  if (!parse_intdes(field(line1, 10, 17), set.object_id)) {
    error = fmt::format("line 1: international designator '{}' is not valid",
                        shown(field(line1, 10, 17)));
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
  struct Decimal {
    std::string_view text;
    double* value;
    const char* name;
    int line;
  };
  const Decimal decimals[] = {
      {field(line1, 34, 43), &set.mean_motion_dot, "first derivative of mean motion", 1},
      {field(line2, 9, 16), &set.inclination, "inclination", 2},
      {field(line2, 18, 25), &set.ra_of_asc_node, "right ascension of the node", 2},
      {field(line2, 35, 42), &set.arg_of_pericenter, "argument of perigee", 2},
      {field(line2, 44, 51), &set.mean_anomaly, "mean anomaly", 2},
      {field(line2, 53, 63), &set.mean_motion, "mean motion", 2},
  };
  for (const Decimal& d : decimals) {
    if (!parse_decimal(d.text, *d.value)) {
      error = fmt::format("line {}: {} '{}' is not a number", d.line, d.name, shown(d.text));
      return false;
    }
  }
  if (!parse_exponent_field(field(line1, 45, 52), set.mean_motion_ddot)) {
    error = fmt::format("line 1: second derivative of mean motion '{}' is not valid",
                        shown(field(line1, 45, 52)));
    return false;
  }
  if (!parse_exponent_field(field(line1, 54, 61), set.bstar)) {
    error = fmt::format("line 1: BSTAR '{}' is not valid", shown(field(line1, 54, 61)));
    return false;
  }
  const std::string_view ecc = field(line2, 27, 33);
  if (ecc.find_first_not_of("0123456789") != std::string_view::npos) {
    error = fmt::format("line 2: eccentricity '{}' is not a number", shown(ecc));
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
    error = fmt::format("line 1: ephemeris type '{}' is not a digit", shown(field(line1, 63, 63)));
    return false;
  }
  if (!parse_int(field(line1, 65, 68), element_set_no, 0)) {
    error = fmt::format("line 1: element set number '{}' is not a number",
                        shown(field(line1, 65, 68)));
    return false;
  }
  if (!parse_int(field(line2, 64, 68), rev, 0)) {
    error = fmt::format("line 2: revolution number '{}' is not a number",
                        shown(field(line2, 64, 68)));
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

bool parse_tle(std::string_view line1, std::string_view line2, ElementSet& out,
               std::string& error) {
  if (!check_line(line1, '1', error) || !check_line(line2, '2', error)) {
    return false;
  }
  ElementSet set = out;
  if (!read_catalog_number(line1, line2, set, error) || !read_identity(line1, set, error) ||
      !read_elements(line1, line2, set, error) || !read_counters(line1, line2, set, error) ||
      !check_ranges(set, error)) {
    return false;
  }
  set.tle_layout = tle_layout_of(line1, line2);
  out = std::move(set);
  return true;
}

}  // namespace gpq
