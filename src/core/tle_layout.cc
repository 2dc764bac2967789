// Reading a TLE's layout: which of the kTle* ways (gpq/tle.h) its lines are written in, so
// that the writer can give the same bytes back without the text being stored.
#include <array>

#include "gpq/tle.h"

#include "core/tle_fields.h"

namespace gpq {
namespace {

using tle_fields::field;

// ` 00000-0` (also `+00000-0`): an exponent-form zero with a negative exponent.
bool zero_with_minus_exponent(std::string_view text) {
  return text.substr(1, 5) == "00000" && text[6] == '-';
}

// `039.0531`, `07.81913690`, `00306`: a leading zero where the canonical layout has a blank.
bool zero_padded(std::string_view text) {
  return text.size() > 1 && text[0] == '0' && text[1] != '.';
}

}  // namespace

std::uint16_t tle_layout_of(std::string_view line1, std::string_view line2) noexcept {
  if (line1.size() < 69 || line2.size() < 69) {
    return 0;
  }
  std::uint16_t bits = 0;
  if (zero_with_minus_exponent(field(line1, 45, 52))) {
    bits |= kTleNddotZeroMinus;
  }
  if (zero_with_minus_exponent(field(line1, 54, 61))) {
    bits |= kTleBstarZeroMinus;
  }
  if (field(line1, 10, 17) == "        ") {
    bits |= kTleBlankDesignator;
  }
  if (line1[2] == ' ') {
    bits |= kTleBlankPaddedCatalog;
  }
  if (line1[33] == '+') {
    bits |= kTlePlusFirstDerivative;
  }
  if (line1[44] == '+' || line1[53] == '+') {
    bits |= kTlePlusExponentFields;
  }
  if (line1[62] == ' ') {
    bits |= kTleBlankEphemerisType;
  }
  // Inclination, node, argument of perigee, mean anomaly, mean motion, revolution number.
  constexpr std::array<std::pair<int, int>, 6> kLine2Numbers = {
      {{9, 16}, {18, 25}, {35, 42}, {44, 51}, {53, 63}, {64, 68}}};
  for (const auto& [first, last] : kLine2Numbers) {
    if (zero_padded(field(line2, first, last))) {
      bits |= kTleZeroPaddedLine2;
    }
  }
  if (field(line1, 34, 43) == "-.00000000") {
    bits |= kTleNdotZeroMinus;
  }
  return bits;
}

}  // namespace gpq
