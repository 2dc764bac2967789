// Exact, compact storage of the decimal numbers element sets carry: a double that came
// from a short decimal string is kept as a small integer that SQLite stores in a few bytes,
// and always decodes to the very same double (bit for bit).
#pragma once

#include <cstdint>
#include <optional>

namespace gpq::storage {

// How one column turns doubles into integers.
//   fixed(d):  code = x * 10^d, for columns printed with a fixed number of decimals
//              (angles: 4, mean motion: 8). 51.6325 -> 516325.
//   floating:  code = mantissa * 32 + decimals (0..22), for values printed with an exponent
//              (BSTAR .40393571E-3 -> 40393571 * 32 + 11).
// encode() returns std::nullopt when no integer of the form decodes to exactly `x` (too many
// digits, NaN, infinities, -0.0): the caller then stores the double itself.
class DecimalCodec {
 public:
  static constexpr DecimalCodec fixed(int decimals) { return DecimalCodec(decimals); }
  static constexpr DecimalCodec floating() { return DecimalCodec(kFloating); }

  // Guarantee: when a code is returned, decode(*code) has the bit pattern of `x`.
  std::optional<std::int64_t> encode(double x) const noexcept;
  double decode(std::int64_t code) const noexcept;

 private:
  static constexpr int kFloating = -1;
  constexpr explicit DecimalCodec(int decimals) : decimals_(decimals) {}
  int decimals_;
};

// The largest power of ten a double holds exactly; codes never use more decimals.
inline constexpr int kMaxExactDecimals = 22;

// code = round(x * 10^decimals) when code / 10^decimals is exactly x; 0 <= decimals <= 22.
std::optional<std::int64_t> encode_fixed(double x, int decimals) noexcept;
// code / 10^decimals, correctly rounded (exact for |code| < 2^53).
double decode_fixed(std::int64_t code, int decimals) noexcept;

// The smallest number of decimals d for which encode_fixed(x, d) succeeds, as mantissa * 32 + d.
std::optional<std::int64_t> encode_floating(double x) noexcept;
double decode_floating(std::int64_t code) noexcept;

}  // namespace gpq::storage
