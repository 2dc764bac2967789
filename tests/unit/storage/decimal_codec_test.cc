#include "storage/decimal_codec.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include <fmt/core.h>
#include <gtest/gtest.h>

namespace gpq::storage {
namespace {

std::uint64_t bits(double x) {
  return std::bit_cast<std::uint64_t>(x);
}

double parse(const std::string& text) {
  return std::strtod(text.c_str(), nullptr);
}

TEST(DecimalCodecTest, FixedCodesOfRealElementValues) {
  struct Case {
    const char* text;
    int decimals;
    std::int64_t code;
  };
  const Case cases[] = {
      {"51.6325", 4, 516325},   {"359.9999", 4, 3599999},       {"0.0", 4, 0},
      {"90", 4, 900000},        {"15.49334650", 8, 1549334650}, {"13.76647064", 8, 1376647064},
      {".00234977", 8, 234977}, {"0.0004383", 8, 43830},        {"-.00000123", 8, -123},
      {".406E-5", 8, 406},      {"0.99999999", 8, 99999999},    {"16.99999999", 8, 1699999999},
  };
  for (const Case& c : cases) {
    const double x = parse(c.text);
    const auto code = encode_fixed(x, c.decimals);
    ASSERT_TRUE(code.has_value()) << c.text;
    EXPECT_EQ(*code, c.code) << c.text;
    EXPECT_EQ(bits(decode_fixed(*code, c.decimals)), bits(x)) << c.text;
  }
}

TEST(DecimalCodecTest, FloatingCodesOfRealExponentValues) {
  const char* cases[] = {".40393571E-3", "0.1642946e-3", ".13024E-3",   "0.00047365",
                         "-.11606E-4",   "0.12345e-9",   "1.5e-13",     "0",
                         "-2.3e-21",     "42",           "123456789.5", "9007199254740991"};
  for (const char* text : cases) {
    const double x = parse(text);
    const auto code = encode_floating(x);
    ASSERT_TRUE(code.has_value()) << text;
    EXPECT_EQ(bits(decode_floating(*code)), bits(x)) << text;
  }
  // Short mantissas make small codes: .13024E-3 = 13024 * 10^-8.
  EXPECT_EQ(encode_floating(parse(".13024E-3")), 13024 * 32 + 8);
  EXPECT_EQ(encode_floating(0.0), 0);
}

TEST(DecimalCodecTest, RefusesWhatNoCodeHoldsExactly) {
  const double cases[] = {-0.0,
                          std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity(),
                          0.1 + 0.2,  // 0.30000000000000004: 17 digits
                          1e300,
                          5e-324};
  for (const double x : cases) {
    EXPECT_FALSE(encode_floating(x).has_value()) << x;
    EXPECT_FALSE(encode_fixed(x, 8).has_value()) << x;
  }
  EXPECT_FALSE(encode_fixed(51.63251, 4).has_value()) << "5 decimals in a 4-decimal column";
  EXPECT_FALSE(encode_fixed(1.0, -1).has_value()) << "negative decimals";
  EXPECT_FALSE(encode_fixed(1.0, 23).has_value()) << "10^23 is not exact";
}

TEST(DecimalCodecTest, ColumnCodecsDispatch) {
  constexpr DecimalCodec kAngle = DecimalCodec::fixed(4);
  constexpr DecimalCodec kExponent = DecimalCodec::floating();
  EXPECT_EQ(kAngle.encode(51.6325), 516325);
  EXPECT_EQ(kAngle.decode(516325), 51.6325);
  EXPECT_EQ(kExponent.encode(0.00013024), 13024 * 32 + 8);
  EXPECT_EQ(kExponent.decode(13024 * 32 + 8), 0.00013024);
}

// Any decimal of up to 15 significant digits and up to 22 decimals encodes, and every code
// decodes to the very double strtod made of the text.
TEST(DecimalCodecTest, PropertyRandomDecimalsRoundTripExactly) {
  std::mt19937_64 random(20240615);
  std::uniform_int_distribution<int> digit_count(1, 15);
  std::uniform_int_distribution<int> exponent(-22, 0);
  for (int i = 0; i < 100'000; ++i) {
    const int digits = digit_count(random);
    std::int64_t mantissa = 0;
    for (int d = 0; d < digits; ++d) {
      mantissa = mantissa * 10 + static_cast<std::int64_t>(random() % 10);
    }
    const bool negative = random() % 2 == 0;
    const int e = exponent(random);
    const std::string text = fmt::format("{}{}e{}", negative ? "-" : "", mantissa, e);
    const double x = parse(text);
    if (x == 0 && negative) {
      continue;  // -0.0: stored as a double, tested above
    }
    const auto code = encode_floating(x);
    ASSERT_TRUE(code.has_value()) << text;
    ASSERT_EQ(bits(decode_floating(*code)), bits(x)) << text;
    if (-e <= 8 && digits + 8 + e <= 15) {  // the fixed code stays below 10^15
      const auto fixed = encode_fixed(x, 8);
      ASSERT_TRUE(fixed.has_value()) << text;
      ASSERT_EQ(bits(decode_fixed(*fixed, 8)), bits(x)) << text;
    }
  }
}

// Whatever the double, a code that is returned decodes exactly.
TEST(DecimalCodecTest, PropertyRandomDoublesNeverDecodeWrongly) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 100'000; ++i) {
    const double x = std::bit_cast<double>(random());
    if (const auto code = encode_floating(x)) {
      ASSERT_EQ(bits(decode_floating(*code)), bits(x)) << x;
    }
    if (const auto code = encode_fixed(x, 4)) {
      ASSERT_EQ(bits(decode_fixed(*code, 4)), bits(x)) << x;
    }
  }
}

}  // namespace
}  // namespace gpq::storage
