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
  if ((line1[2] == ' ') != (line2[2] == ' ')) {
    bits |= kTleOtherPaddedLine2Catalog;
  }
  // Each line 2 number padded with zeros or blanks; the blank ones are named only beside a
  // zero-padded one (bit 64 alone: every one zero-padded where its value leaves room).
  struct Line2Number {
    int first;
    int last;
    std::uint16_t blank;
  };
  constexpr std::array<Line2Number, 6> kLine2Numbers = {{{9, 16, kTleBlankInclination},
                                                         {18, 25, kTleBlankNode},
                                                         {35, 42, kTleBlankArgOfPerigee},
                                                         {44, 51, kTleBlankMeanAnomaly},
                                                         {53, 63, kTleBlankMeanMotion},
                                                         {64, 68, kTleBlankRevolution}}};
  std::uint16_t blanks = 0;
  for (const auto& number : kLine2Numbers) {
    const std::string_view text = field(line2, number.first, number.last);
    if (zero_padded(text)) {
      bits |= kTleZeroPaddedLine2;
    } else if (text[0] == ' ') {
      blanks |= number.blank;
    }
  }
  if ((bits & kTleZeroPaddedLine2) != 0) {
    bits |= blanks;
  }
  if (field(line1, 34, 43) == "-.00000000") {
    bits |= kTleNdotZeroMinus;
  }
  return bits;
}

}  // namespace gpq
