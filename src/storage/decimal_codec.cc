// Decimal codes: round to the nearest integer, then prove exactness by decoding, so
// that no reasoning about digit strings is needed to trust a code.
#include "storage/decimal_codec.h"

#include <bit>
#include <cmath>

namespace gpq::storage {
namespace {

// Every power of ten up to 10^22 is a double exactly, so one correctly rounded division
// (IEEE 754) turns code / 10^d into the double nearest to the decimal it denotes.
constexpr double kPow10[kMaxExactDecimals + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Integers of at most 53 bits convert to double without rounding.
constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

constexpr int kDecimalBits = 5;
constexpr std::int64_t kDecimalMask = (1 << kDecimalBits) - 1;

bool same_bits(double a, double b) noexcept {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

}  // namespace

std::optional<std::int64_t> encode_fixed(double x, int decimals) noexcept {
  if (decimals < 0 || decimals > kMaxExactDecimals || !std::isfinite(x)) {
    return std::nullopt;
  }
  const double scaled = std::nearbyint(x * kPow10[decimals]);
  if (!(std::fabs(scaled) < kMaxExactInteger)) {
    return std::nullopt;
  }
  const auto code = static_cast<std::int64_t>(scaled);
  if (!same_bits(decode_fixed(code, decimals), x)) {
    return std::nullopt;
  }
  return code;
}

double decode_fixed(std::int64_t code, int decimals) noexcept {
  if (decimals < 0 || decimals > kMaxExactDecimals) {
    return std::nan("");
  }
  return static_cast<double>(code) / kPow10[decimals];
}

std::optional<std::int64_t> encode_floating(double x) noexcept {
  if (!std::isfinite(x)) {
    return std::nullopt;
  }
  for (int decimals = 0; decimals <= kMaxExactDecimals; ++decimals) {
    const double scaled = x * kPow10[decimals];
    if (!(std::fabs(scaled) < kMaxExactInteger)) {
      return std::nullopt;  // more decimals only make the mantissa larger
    }
    const auto mantissa = static_cast<std::int64_t>(std::nearbyint(scaled));
    if (same_bits(decode_fixed(mantissa, decimals), x)) {
      return mantissa * (kDecimalMask + 1) + decimals;
    }
  }
  return std::nullopt;
}

double decode_floating(std::int64_t code) noexcept {
  const auto decimals = static_cast<int>(code & kDecimalMask);
  // Exact: the low bits are removed before dividing, for negative codes too.
  const std::int64_t mantissa = (code - decimals) / (kDecimalMask + 1);
  return decode_fixed(mantissa, decimals);
}

std::optional<std::int64_t> DecimalCodec::encode(double x) const noexcept {
  return decimals_ == kFloating ? encode_floating(x) : encode_fixed(x, decimals_);
}

double DecimalCodec::decode(std::int64_t code) const noexcept {
  return decimals_ == kFloating ? decode_floating(code) : decode_fixed(code, decimals_);
}

}  // namespace gpq::storage
