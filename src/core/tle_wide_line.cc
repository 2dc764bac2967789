// A line 1 whose BSTAR exponent took two digits (tle_wide_line.h).
#include "core/tle_wide_line.h"

#include <charconv>

#include <fmt/core.h>

#include "gpq/tle.h"

#include "core/tle_fields.h"

namespace gpq {
namespace {

using tle_fields::is_digit;

// `-66000-10` (columns 54-62): sign, 5 digits, exponent sign and two digits.
bool wide_bstar(std::string_view text, double& value) {
  if (text.size() != 9 || (text[0] != ' ' && text[0] != '+' && text[0] != '-') ||
      (text[6] != '-' && text[6] != '+') || !is_digit(text[7]) || !is_digit(text[8])) {
    return false;
  }
  for (const char c : text.substr(1, 5)) {
    if (!is_digit(c)) {
      return false;
    }
  }
  const std::string decimal = fmt::format("{}0.{}e{}{}", text[0] == '-' ? "-" : "",
                                          text.substr(1, 5), text[6], text.substr(7, 2));
  std::from_chars(decimal.data(), decimal.data() + decimal.size(), value);
  value = value == 0 ? 0 : value;
  return true;
}

}  // namespace

std::optional<NarrowedLine1> narrow_wide_line1(std::string_view line1, std::string& why) {
  if (line1.size() != 70 || line1[0] != '1') {
    return std::nullopt;
  }
  const std::string_view field = line1.substr(53, 9);
  NarrowedLine1 narrowed;
  if (!wide_bstar(field, narrowed.bstar) || line1[62] != ' ') {
    return std::nullopt;  // no such field: the usual checks say what is wrong
  }
  const std::string_view exponent = field.substr(6, 3);
  // tle_checksum() sums columns 1-68; column 69 is one more digit here.
  const int column69 = is_digit(line1[68]) ? line1[68] - '0' : (line1[68] == '-' ? 1 : 0);
  const int checksum = (tle_checksum(line1) + column69) % 10;
  if (!is_digit(line1[69]) || line1[69] - '0' != checksum || exponent[0] == '+') {
    why = fmt::format("line 1 is 70 columns: the BSTAR exponent {} does not fit a TLE", exponent);
    return std::nullopt;
  }
  // The later columns one place left; a non-zero BSTAR placeholder keeps only the sign, so the
  // layout read from this line is the source's.
  narrowed.line = fmt::format("{}{}10000-9{}", line1.substr(0, 53), field[0], line1.substr(62, 8));
  narrowed.line[68] = static_cast<char>('0' + tle_checksum(narrowed.line));
  return narrowed;
}

}  // namespace gpq
