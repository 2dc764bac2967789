// How the fields of an element set become stored integers: shared by the row form of the
// newest sets (row_codec.cc) and the block form of all sets (block_codec.cc). The decimals
// per column follow what upstreams print: angles with 4 decimals, mean motion, eccentricity
// and its first derivative with 8 (CelesTrak's OMM prints 8-digit eccentricities), BSTAR and
// the second derivative in exponent form.
#pragma once

#include <cstdint>

#include "gpq/element_set.h"
#include "gpq/tle.h"

#include "storage/decimal_codec.h"

namespace gpq::storage {

struct ElementColumn {
  double ElementSet::*field;
  DecimalCodec codec;
  // Codes of an angle run over 0..modulus-1 and wrap: differences are taken around the circle.
  std::int64_t modulus;
};

inline constexpr std::int64_t kAngleModulus = 3'600'000;  // 360 degrees, 4 decimals

// The nine element columns, in the order of the stored columns and bound parameters.
inline constexpr ElementColumn kElementColumns[] = {
    {&ElementSet::mean_motion, DecimalCodec::fixed(8), 0},
    {&ElementSet::eccentricity, DecimalCodec::fixed(8), 0},
    {&ElementSet::inclination, DecimalCodec::fixed(4), 0},
    {&ElementSet::ra_of_asc_node, DecimalCodec::fixed(4), kAngleModulus},
    {&ElementSet::arg_of_pericenter, DecimalCodec::fixed(4), kAngleModulus},
    {&ElementSet::mean_anomaly, DecimalCodec::fixed(4), kAngleModulus},
    {&ElementSet::bstar, DecimalCodec::floating(), 0},
    {&ElementSet::mean_motion_dot, DecimalCodec::fixed(8), 0},
    {&ElementSet::mean_motion_ddot, DecimalCodec::floating(), 0},
};

inline constexpr std::int32_t kDefaultElementSetNo = 999;

// The class/ephemeris column: 0 for the usual ('U', 0) in the canonical TLE layout; otherwise
// the classification byte above the ephemeris type, and the layout bits (gpq/tle.h) above
// both. Sets stored before the layout was kept read as canonical.
inline std::int64_t class_eph_code(const ElementSet& set) noexcept {
  const std::int64_t cls =
      set.classification_type == 'U' ? 0 : static_cast<unsigned char>(set.classification_type);
  return std::int64_t{set.tle_layout} << 16 | cls << 8 |
         static_cast<std::uint8_t>(set.ephemeris_type);
}
inline void apply_class_eph_code(std::int64_t code, ElementSet& set) noexcept {
  const auto cls = static_cast<unsigned char>((code >> 8) & 0xff);
  set.classification_type = cls == 0 ? 'U' : static_cast<char>(cls);
  set.ephemeris_type = static_cast<std::int8_t>(static_cast<std::uint8_t>(code & 0xff));
  set.tle_layout = static_cast<std::uint16_t>((code >> 16) & kTleLayoutBits);
}

}  // namespace gpq::storage
