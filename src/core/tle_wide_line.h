// A line 1 written 70 columns wide because its BSTAR needed a two-digit exponent
// (`-66000-10`, real in CelesTrak's Starlink history): every later column moved one place
// right, and the checksum in column 70 is that of columns 1-69.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpq {

struct NarrowedLine1 {
  std::string line;  // 69 columns: BSTAR a placeholder (its sign kept), checksum recomputed
  double bstar = 0;  // the value the wide field holds
};

// The 69-column line and the BSTAR of a line 1 of exactly 70 columns laid out as above; none
// for any other line. `why` says what is wrong with a 70-column line that is not one.
std::optional<NarrowedLine1> narrow_wide_line1(std::string_view line1, std::string& why);

}  // namespace gpq
