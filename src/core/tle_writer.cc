// Writing TLE lines in CelesTrak's canonical layout (docs/FORMATS.md section 1), or in the layout
// a set's source used (the kTle* bits of gpq/tle.h), so that parse-then-write reproduces a
// line: eccentricity truncated to 7 digits, exponent fields rounded half up on the shortest
// decimal of the value, epoch in 1e-8 day steps.
#include <charconv>
#include <cmath>
#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/tle.h"

#include "core/printable_text.h"

namespace gpq {
namespace {

// The sign column of a value that is not negative: `+` when `layout` has `plus`, else blank.
char plain_sign(std::uint16_t layout, std::uint16_t plus) {
  return (layout & plus) != 0 ? '+' : ' ';
}

// The shortest decimal digits of |value| and the power of ten of the first digit:
// 1.642946e-4 -> ("1642946", -4).
void shortest_digits(double value, std::string& digits, int& exponent) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(value),
                                    std::chars_format::scientific);
  const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
  const std::size_t e = text.find('e');
  digits.clear();
  for (const char c : text.substr(0, e)) {
    if (c != '.') {
      digits += c;
    }
  }
  exponent = std::atoi(std::string(text.substr(e + 1)).c_str());
}

// ` 12345-3` form: sign, 5 mantissa digits rounded half up, exponent sign and digit. A zero
// is ` 00000+0`, or ` 00000-0` when `layout` has `zero_minus`; below 1e-10, ` 06600-9`.
std::string exponent_field(double value, std::uint16_t layout, std::uint16_t zero_minus) {
  const auto zero = [&] {
    return fmt::format("{}00000{}0", plain_sign(layout, kTlePlusExponentFields),
                       (layout & zero_minus) != 0 ? '-' : '+');
  };
  if (value == 0) {
    return zero();
  }
  std::string digits;
  int exponent = 0;
  shortest_digits(value, digits, exponent);
  int tle_exponent = exponent + 1;
  if (tle_exponent < -9) {
    // Below 1e-10 the exponent stays -9 and the mantissa takes leading zeros instead
    // (-6.6e-11 is `-06600-9`): the nearest value the field can hold, zero only below 5e-15.
    digits.insert(0, static_cast<std::size_t>(std::min(-9 - tle_exponent, 6)), '0');
    tle_exponent = -9;
  }
  digits.resize(std::max<std::size_t>(digits.size(), 6), '0');
  int mantissa = std::stoi(digits.substr(0, 5));
  if (digits[5] >= '5') {
    ++mantissa;
  }
  if (mantissa == 100000) {
    mantissa = 10000;
    ++tle_exponent;
  }
  if (mantissa == 0) {
    return zero();
  }
  tle_exponent = std::min(tle_exponent, 9);
  return fmt::format("{}{:05}{}{}", value < 0 ? '-' : plain_sign(layout, kTlePlusExponentFields),
                     mantissa, tle_exponent < 0 ? '-' : '+', std::abs(tle_exponent));
}

// The largest magnitude whose 8-decimal rounding still fits ` .99999999`.
constexpr double kMaxFirstDerivative = 0.999999995;

// ` .00007235` / `-.00001273`: the value rounded to 8 decimals, no leading zero; a zero is
// ` .00000000`, or `-.00000000` with kTleNdotZeroMinus. tle_value_problem() has refused a
// magnitude that would round to 1.
std::string first_derivative_field(double value, std::uint16_t layout) {
  const std::string text = fmt::format("{:.8f}", std::fabs(value));
  const bool zero = text == "0.00000000";
  const bool minus = zero ? (layout & kTleNdotZeroMinus) != 0 : value < 0;
  return fmt::format("{}{}", minus ? '-' : plain_sign(layout, kTlePlusFirstDerivative),
                     text.substr(1));
}

// Eccentricity digits after "0.", truncated to 7 (exact on the shortest decimal).
std::string eccentricity_field(double value) {
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
  const std::size_t point = text.find('.');
  std::string digits = point == std::string_view::npos ? "" : std::string(text.substr(point + 1));
  if (text.substr(0, point) != "0") {
    return "9999999";  // e >= 1 cannot be written; parsers never produce it
  }
  digits.resize(7, '0');
  return digits;
}

// `98067A  ` from `1998-067A`; blanks when unknown, with kTleBlankDesignator, or when
// OBJECT_ID is not a designator a TLE can carry (`YYYY-NNN` and up to three capital letters,
// YYYY within kFirstTleYear..kLastTleYear): an OMM may name its object in any words, and the
// line must read back as that object's designator or as none.
std::string intdes_field(const std::string& object_id, std::uint16_t layout) {
  const std::string blank(8, ' ');
  if ((layout & kTleBlankDesignator) != 0 || object_id.size() < 8 || object_id.size() > 11 ||
      object_id[4] != '-') {
    return blank;
  }
  for (std::size_t i = 0; i < object_id.size(); ++i) {
    const char c = object_id[i];
    const bool digit = c >= '0' && c <= '9';
    if (i != 4 && (i < 8 ? !digit : c < 'A' || c > 'Z')) {
      return blank;
    }
  }
  const int year = std::stoi(object_id.substr(0, 4));
  if (year < kFirstTleYear || year > kLastTleYear) {
    return blank;
  }
  return fmt::format("{:<8}",
                     object_id.substr(2, 2) + object_id.substr(5, 3) + object_id.substr(8, 3));
}

// The epoch rounded to the 1e-8 day (864 us) step first, so that a carry into the next day
// also carries into the next year (31 Dec 23:59:59.9997 -> YY+1 day 001). Days hold exactly
// 1e8 steps, so the steps line up with the Unix epoch; floor for years before 1970.
TimePoint tle_epoch(TimePoint epoch) {
  const std::int64_t shifted = epoch.unix_micros() + 432;
  const std::int64_t step = shifted / 864 - (shifted % 864 < 0 ? 1 : 0);
  return TimePoint::from_unix_micros(step * 864);
}

std::string epoch_field(TimePoint epoch) {
  const TimePoint rounded = tle_epoch(epoch);
  const CivilTime civil = to_civil(rounded);
  const TimePoint jan1 = from_civil({civil.year, 1, 1});
  const std::int64_t since_jan1 = rounded.unix_micros() - jan1.unix_micros();
  return fmt::format("{:02}{:03}.{:08}", civil.year % 100, since_jan1 / kMicrosPerDay + 1,
                     (since_jan1 % kMicrosPerDay) / 864);
}

// `00005`, or `    5` with kTleBlankPaddedCatalog; Alpha-5 above 99999.
std::string catalog_field(std::int32_t norad_id, std::uint16_t layout) {
  if ((layout & kTleBlankPaddedCatalog) != 0 && norad_id >= 1 && norad_id < 10'000) {
    return fmt::format("{:>5}", norad_id);
  }
  const auto text = format_tle_catalog_number(norad_id);
  if (!text) {
    fail(Errc::bad_request, "NORAD {} cannot be written in a TLE (above 339999)", norad_id);
  }
  return *text;
}

std::string with_checksum(std::string line) {
  line += static_cast<char>('0' + tle_checksum(line));
  return line;
}

constexpr std::string_view kOtherFormats = "use json, csv, xml or kvn";

// Why the values of `set` cannot be written in TLE lines, whatever its catalog number: a
// classification other than U, C or S, an epoch outside 1957..2056, |MEAN_MOTION_DOT| >= 1,
// a MEAN_MOTION that rounds to 0 or 100 at eight decimals.
std::optional<std::string> tle_value_problem(const ElementSet& set) {
  if (!valid_classification(set.classification_type)) {
    return fmt::format(
        "NORAD {}: classification '{}' cannot be written in a TLE (only U, C or "
        "S); {}",
        set.norad_id, printable(std::string_view(&set.classification_type, 1)), kOtherFormats);
  }
  const int year = to_civil(tle_epoch(set.epoch)).year;
  if (year < kFirstTleYear || year > kLastTleYear) {
    return fmt::format(
        "NORAD {}: epoch {} is outside {}..{}, the years a TLE's two-digit year "
        "can name; {}",
        set.norad_id, format_iso8601_millis(set.epoch), kFirstTleYear, kLastTleYear, kOtherFormats);
  }
  if (!(std::fabs(set.mean_motion_dot) < kMaxFirstDerivative)) {
    return fmt::format(
        "NORAD {}: MEAN_MOTION_DOT {} is too large for a TLE (its field holds "
        "less than 1 rev/day^2); {}",
        set.norad_id, set.mean_motion_dot, kOtherFormats);
  }
  // Eight decimals, as line 2 writes it: a value that rounds to 0 or to 100 would read back
  // as no mean motion at all, or push the columns after it out of place.
  const std::string motion = fmt::format("{:.8f}", set.mean_motion);
  if (motion == "0.00000000" || motion.size() > 11) {
    return fmt::format(
        "NORAD {}: MEAN_MOTION {} is {} at the eight decimals of a TLE, outside (0, 100) "
        "rev/day; {}",
        set.norad_id, set.mean_motion, motion, kOtherFormats);
  }
  return std::nullopt;
}

// `0`, or a blank for 0 with kTleBlankEphemerisType.
std::string ephemeris_field(std::int8_t type, std::uint16_t layout) {
  if (type == 0 && (layout & kTleBlankEphemerisType) != 0) {
    return " ";
  }
  return fmt::format("{}", static_cast<int>(type));
}

// The lines of a set already checked, in the layout `layout` (kTle* bits).
std::string line1_of(const ElementSet& set, std::uint16_t layout) {
  return with_checksum(
      fmt::format("1 {}{} {} {} {} {} {} {} {:>4}", catalog_field(set.norad_id, layout),
                  set.classification_type, intdes_field(set.object_id, layout),
                  epoch_field(set.epoch), first_derivative_field(set.mean_motion_dot, layout),
                  exponent_field(set.mean_motion_ddot, layout, kTleNddotZeroMinus),
                  exponent_field(set.bstar, layout, kTleBstarZeroMinus),
                  ephemeris_field(set.ephemeris_type, layout), set.element_set_no % 10000));
}

// Whether a line 2 number is padded with zeros: kTleZeroPaddedLine2 without the field's own
// kTleBlank* bit.
bool zero_padded(std::uint16_t layout, std::uint16_t blank) {
  return (layout & kTleZeroPaddedLine2) != 0 && (layout & blank) == 0;
}

// A line 2 decimal right-aligned in `width` columns, padded as zero_padded() says.
std::string line2_number(double value, int width, int decimals, std::uint16_t layout,
                         std::uint16_t blank) {
  return zero_padded(layout, blank) ? fmt::format("{:0{}.{}f}", value, width, decimals)
                                    : fmt::format("{:{}.{}f}", value, width, decimals);
}

std::string line2_of(const ElementSet& set, std::uint16_t layout) {
  const std::uint16_t catalog_layout =
      (layout & kTleOtherPaddedLine2Catalog) != 0 ? layout ^ kTleBlankPaddedCatalog : layout;
  const int rev = set.rev_at_epoch % 100000;
  return with_checksum(
      fmt::format("2 {} {} {} {} {} {} {}{}", catalog_field(set.norad_id, catalog_layout),
                  line2_number(set.inclination, 8, 4, layout, kTleBlankInclination),
                  line2_number(set.ra_of_asc_node, 8, 4, layout, kTleBlankNode),
                  eccentricity_field(set.eccentricity),
                  line2_number(set.arg_of_pericenter, 8, 4, layout, kTleBlankArgOfPerigee),
                  line2_number(set.mean_anomaly, 8, 4, layout, kTleBlankMeanAnomaly),
                  line2_number(set.mean_motion, 11, 8, layout, kTleBlankMeanMotion),
                  zero_padded(layout, kTleBlankRevolution) ? fmt::format("{:05}", rev)
                                                           : fmt::format("{:5}", rev)));
}

void require_tle_output(const ElementSet& set) {
  if (const auto problem = tle_output_problem(set)) {
    fail(Errc::bad_request, "{}", *problem);
  }
}

std::uint16_t layout_bits(const ElementSet& set, TleLayout layout) {
  return layout == TleLayout::canonical ? 0 : set.tle_layout;
}

}  // namespace

std::optional<std::string> tle_output_problem(const ElementSet& set) {
  if (set.norad_id > kMaxTleOutputId) {
    return fmt::format("NORAD {} is above {} (Alpha-5 Z9999), which TLE and 2LE cannot carry; {}",
                       set.norad_id, kMaxTleOutputId, kOtherFormats);
  }
  return tle_value_problem(set);
}

std::string format_tle_line1(const ElementSet& set, TleLayout layout) {
  require_tle_output(set);
  return line1_of(set, layout_bits(set, layout));
}

std::string format_tle_line2(const ElementSet& set, TleLayout layout) {
  require_tle_output(set);
  return line2_of(set, layout_bits(set, layout));
}

TleLines format_tle_lines(const ElementSet& set, TleLayout layout) {
  require_tle_output(set);
  const std::uint16_t bits = layout_bits(set, layout);
  return {line1_of(set, bits), line2_of(set, bits)};
}

}  // namespace gpq
