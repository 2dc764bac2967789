// A line 1 whose BSTAR exponent took two digits (tle_wide_line.h).
#include "core/tle_wide_line.h"

#include <fmt/core.h>

#include "gpq/tle.h"

#include "core/tle_fields.h"

namespace gpq {

using tle_fields::is_digit;
using tle_fields::parse_exponent_field;

std::optional<NarrowedLine1> narrow_wide_line1(std::string_view line1, std::string& why) {
  if (line1.size() != 70 || line1[0] != '1') {
    return std::nullopt;
  }
  const std::string_view field = line1.substr(53, 9);
  NarrowedLine1 narrowed;
  // The wide field is a sign, 5 digits, an exponent sign and two digits.
  if (field.substr(1, 5).find(' ') != std::string_view::npos || field[6] == ' ' ||
      !parse_exponent_field(field, narrowed.bstar) || line1[62] != ' ') {
    return std::nullopt;  // no such field: the usual checks say what is wrong
  }
  const std::string_view exponent = field.substr(6, 3);
  // tle_checksum() sums columns 1-68; column 69 is one more digit here, summed by its rule.
  const int checksum = (tle_checksum(line1) + tle_checksum(line1.substr(68, 1))) % 10;
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
