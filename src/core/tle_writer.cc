// Writing TLE lines in CelesTrak's canonical layout (FORMATS.md section 1), so that
// parse-then-write reproduces a line:
// eccentricity truncated to 7 digits, exponent fields rounded half up on the
// shortest decimal of the value, epoch in 1e-8 day steps.
#include "core/tle_writer.h"

#include <charconv>
#include <cmath>
#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/tle.h"

#include "core/printable_text.h"

namespace gpq::detail {
namespace {

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

// ` 12345-3` form: sign, 5 mantissa digits rounded half up, exponent sign and digit.
std::string exponent_field(double value) {
  if (value == 0) {
    return " 00000+0";
  }
  std::string digits;
  int exponent = 0;
  shortest_digits(value, digits, exponent);
  digits.resize(std::max<std::size_t>(digits.size(), 6), '0');
  int mantissa = std::stoi(digits.substr(0, 5));
  if (digits[5] >= '5') {
    ++mantissa;
  }
  int tle_exponent = exponent + 1;
  if (mantissa == 100000) {
    mantissa = 10000;
    ++tle_exponent;
  }
  if (tle_exponent < -9) {
    return " 00000+0";
  }
  tle_exponent = std::min(tle_exponent, 9);
  return fmt::format("{}{:05}{}{}", value < 0 ? '-' : ' ', mantissa, tle_exponent < 0 ? '-' : '+',
                     std::abs(tle_exponent));
}

// The largest magnitude whose 8-decimal rounding still fits ` .99999999`.
constexpr double kMaxFirstDerivative = 0.999999995;

// ` .00007235` / `-.00001273`: the value rounded to 8 decimals, no leading zero.
// tle_value_problem() has refused a magnitude that would round to 1.
std::string first_derivative_field(double value) {
  const std::string text = fmt::format("{:.8f}", std::fabs(value));
  return fmt::format("{}{}", value < 0 && text != "0.00000000" ? '-' : ' ', text.substr(1));
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

// `98067A  ` from `1998-067A`; blanks when unknown or not in that shape.
std::string intdes_field(const std::string& object_id) {
  if (object_id.size() < 8 || object_id[4] != '-') {
    return std::string(8, ' ');
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

std::string catalog_field(std::int32_t norad_id) {
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

}  // namespace

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
  return std::nullopt;
}

namespace {

// The lines of a set already checked.
std::string line1_of(const ElementSet& set) {
  return with_checksum(fmt::format(
      "1 {}{} {} {} {} {} {} {} {:>4}", catalog_field(set.norad_id), set.classification_type,
      intdes_field(set.object_id), epoch_field(set.epoch),
      first_derivative_field(set.mean_motion_dot), exponent_field(set.mean_motion_ddot),
      exponent_field(set.bstar), static_cast<int>(set.ephemeris_type), set.element_set_no % 10000));
}

std::string line2_of(const ElementSet& set) {
  return with_checksum(fmt::format("2 {} {:8.4f} {:8.4f} {} {:8.4f} {:8.4f} {:11.8f}{:5}",
                                   catalog_field(set.norad_id), set.inclination, set.ra_of_asc_node,
                                   eccentricity_field(set.eccentricity), set.arg_of_pericenter,
                                   set.mean_anomaly, set.mean_motion, set.rev_at_epoch % 100000));
}

}  // namespace

std::string format_line1_unchecked(const ElementSet& set) {
  if (const auto problem = tle_value_problem(set)) {
    fail(Errc::bad_request, "{}", *problem);
  }
  return line1_of(set);
}

std::string format_line2_unchecked(const ElementSet& set) { return line2_of(set); }

}  // namespace gpq::detail

namespace gpq {

std::optional<std::string> tle_output_problem(const ElementSet& set) {
  if (set.norad_id > kMaxTleOutputId) {
    return fmt::format(
        "NORAD {} is above 99999, which TLE and 2LE cannot carry; use json, csv, xml or kvn",
        set.norad_id);
  }
  return detail::tle_value_problem(set);
}

namespace {

void require_tle_output(const ElementSet& set) {
  if (const auto problem = tle_output_problem(set)) {
    fail(Errc::bad_request, "{}", *problem);
  }
}

}  // namespace

std::string format_tle_line1(const ElementSet& set) {
  require_tle_output(set);
  return detail::line1_of(set);
}

std::string format_tle_line2(const ElementSet& set) {
  require_tle_output(set);
  return detail::line2_of(set);
}

TleLines format_tle_lines(const ElementSet& set) {
  require_tle_output(set);
  return {detail::line1_of(set), detail::line2_of(set)};
}

}  // namespace gpq
