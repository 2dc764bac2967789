// The test vectors of the format reference (real element sets checked by hand).
#include <gtest/gtest.h>

#include "core/tle_writer.h"
#include "gpq/tle.h"
#include "support/expect_error.h"

namespace gpq {
namespace {

struct Vector {
  const char* name;
  const char* line1;
  const char* line2;
  std::int32_t norad_id;
  const char* object_id;
  const char* epoch;  // format_iso8601_micros
  double ndot, nddot, bstar, inclination, raan, eccentricity, argp, mean_anomaly, mean_motion;
  std::int32_t rev, element_set_no;
};

const Vector kVectors[] = {
    {"T1 ISS", "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
     "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975", 25544, "1998-067A",
     "2026-05-23T19:25:57.298080", 7.235e-5, 0, 1.3771e-4, 51.6325, 60.7811, 0.0007520, 90.7634,
     269.4217, 15.49334650, 56797, 999},
    {"T2 VANGUARD 1", "1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753",
     "2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667", 5, "1958-002B",
     "2000-06-27T18:50:19.733568", 2.3e-7, 0, 2.8098e-5, 34.2682, 348.7242, 0.1859667, 331.7664,
     19.3264, 10.82419157, 41366, 475},
    {"T3 MOLNIYA", "1 21897U 92011A   06176.02341244 -.00001273  00000-0 -13525-3 0  3044",
     "2 21897  62.1749 198.0096 7421690 253.0462  20.1561  2.01269994104880", 21897, "1992-011A",
     "2006-06-25T00:33:42.834816", -1.273e-5, 0, -1.3525e-4, 62.1749, 198.0096, 0.7421690,
     253.0462, 20.1561, 2.01269994, 10488, 304},
    {"T4 SL-6", "1 16925U 86065D   06151.67415771  .02550794 -30915-6  18784-3 0  4486",
     "2 16925  62.0906 295.0239 5596327 245.1593  47.9690  4.88511875148616", 16925, "1986-065D",
     "2006-05-31T16:10:47.226144", 0.02550794, -3.0915e-7, 1.8784e-4, 62.0906, 295.0239,
     0.5596327, 245.1593, 47.9690, 4.88511875, 14861, 448},
    {"T5 WIND", "1 23333U 94071A   94305.49999999 -.00172956  26967-3  10000-3 0    15",
     "2 23333  28.7490   2.3720 9728298  30.4360   1.3500  0.07309491    70", 23333, "1994-071A",
     "1994-11-01T11:59:59.999136", -0.00172956, 2.6967e-4, 1.0e-4, 28.7490, 2.3720, 0.9728298,
     30.4360, 1.3500, 0.07309491, 7, 1},
    {"T6 11801", "1 11801U          80230.29629788  .01431103  00000-0  14311-1      13",
     "2 11801  46.7916 230.4354 7318036  47.4722  10.4117  2.28537848    13", 11801, "",
     "1980-08-17T07:06:40.136832", 0.01431103, 0, 1.4311e-2, 46.7916, 230.4354, 0.7318036,
     47.4722, 10.4117, 2.28537848, 1, 1},
    {"T7 Alpha-5", "1 A0245U 26180C   26220.59493304  .00218995  19137-4  74224-3 0  9998",
     "2 A0245  42.0065  15.8693 0245919 248.7329 108.7095 15.55157830   355", 100245,
     "2026-180C", "2026-08-08T14:16:42.214656", 0.00218995, 1.9137e-5, 7.4224e-4, 42.0065,
     15.8693, 0.0245919, 248.7329, 108.7095, 15.55157830, 35, 999},
    {"T8 plus signs", "1 16937U 86069A   86268.39247979  .06329737 +26713-4 +26949-2 0  9997",
     "2 16937 039.0531 276.4305 0111873 171.4053 189.5525 16.08291950003063", 16937, "1986-069A",
     "1986-09-25T09:25:10.253856", 0.06329737, 2.6713e-5, 2.6949e-3, 39.0531, 276.4305,
     0.0111873, 171.4053, 189.5525, 16.08291950, 306, 999},
    {"T9 ITALSAT", "1 24208U 96044A   06177.04061740 -.00000094  00000-0  10000-3 0  1600",
     "2 24208   3.8536  80.0121 0026640 311.0977  48.3000  1.00778054 36119", 24208, "1996-044A",
     "2006-06-26T00:58:29.343360", -9.4e-7, 0, 1.0e-4, 3.8536, 80.0121, 0.0026640, 311.0977,
     48.3000, 1.00778054, 3611, 160},
};

TEST(TleVectorsTest, ParsesEveryField) {
  for (const Vector& v : kVectors) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(v.line1, v.line2, set, error)) << v.name << ": " << error;
    EXPECT_EQ(set.norad_id, v.norad_id) << v.name;
    EXPECT_EQ(set.object_id, v.object_id) << v.name;
    EXPECT_EQ(format_iso8601_micros(set.epoch), v.epoch) << v.name;
    EXPECT_EQ(set.mean_motion_dot, v.ndot) << v.name;
    EXPECT_EQ(set.mean_motion_ddot, v.nddot) << v.name;
    EXPECT_EQ(set.bstar, v.bstar) << v.name;
    EXPECT_EQ(set.inclination, v.inclination) << v.name;
    EXPECT_EQ(set.ra_of_asc_node, v.raan) << v.name;
    EXPECT_EQ(set.eccentricity, v.eccentricity) << v.name;
    EXPECT_EQ(set.arg_of_pericenter, v.argp) << v.name;
    EXPECT_EQ(set.mean_anomaly, v.mean_anomaly) << v.name;
    EXPECT_EQ(set.mean_motion, v.mean_motion) << v.name;
    EXPECT_EQ(set.rev_at_epoch, v.rev) << v.name;
    EXPECT_EQ(set.element_set_no, v.element_set_no) << v.name;
    EXPECT_EQ(set.classification_type, 'U') << v.name;
  }
}

TEST(TleVectorsTest, CanonicalLinesComeBackByteForByte) {
  // T2-T6, T8, T9 use layouts CelesTrak never writes (00000-0, '+', padding): docs/tle.md.
  for (const Vector& v : {kVectors[0], kVectors[6]}) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(v.line1, v.line2, set, error)) << v.name;
    EXPECT_EQ(detail::format_line1_unchecked(set), v.line1) << v.name;
    EXPECT_EQ(detail::format_line2_unchecked(set), v.line2) << v.name;
  }
}

TEST(TleVectorsTest, OutputAboveNinetyNineThousandNineHundredNinetyNineIsRefused) {
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle(kVectors[6].line1, kVectors[6].line2, set, error));
  EXPECT_GPQ_ERROR(format_tle_line1(set), Errc::bad_request,
                   "NORAD 100245 is above 99999, which TLE and 2LE cannot carry; use json, csv, "
                   "xml or kvn");
}

TEST(TleWriterTest, RoundsAndTruncatesLikeCelesTrak) {
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle(kVectors[0].line1, kVectors[0].line2, set, error));
  set.bstar = 0.1642946e-3;        // OMM precision: mantissa rounded half up
  set.eccentricity = 0.00047365;   // eight decimals: truncated to seven
  set.mean_motion_ddot = -1.234550e-4;
  const std::string line1 = format_tle_line1(set);
  const std::string line2 = format_tle_line2(set);
  EXPECT_EQ(line1.substr(53, 8), " 16429-3") << line1;
  EXPECT_EQ(line1.substr(44, 8), "-12346-3") << line1;
  EXPECT_EQ(line2.substr(26, 7), "0004736") << line2;
  EXPECT_EQ(tle_checksum(line1), line1[68] - '0');
  EXPECT_EQ(tle_checksum(line2), line2[68] - '0');

  set.epoch = TimePoint::from_unix_micros(set.epoch.unix_micros() -
                                          (set.epoch.unix_micros() % kMicrosPerDay) +
                                          kMicrosPerDay - 300);  // 23:59:59.9997 rounds up
  EXPECT_EQ(format_tle_line1(set).substr(18, 14), "26144.00000000");
}

TEST(TleCatalogNumberTest, DigitsAndAlpha5) {
  const std::pair<const char*, std::optional<std::int32_t>> cases[] = {
      {"25544", 25544}, {"00005", 5},      {"    5", 5},      {"A0000", 100000},
      {"A0245", 100245}, {"H9999", 179999}, {"J0000", 180000}, {"Z9999", 339999},
      {"I0000", std::nullopt}, {"O1234", std::nullopt}, {"a0245", std::nullopt},
      {"A02X5", std::nullopt}, {"00000", std::nullopt}, {"", std::nullopt}};
  for (const auto& [text, value] : cases) {
    EXPECT_EQ(parse_tle_catalog_number(text), value) << text;
  }
  EXPECT_EQ(format_tle_catalog_number(5), "00005");
  EXPECT_EQ(format_tle_catalog_number(270449), "T0449");
  EXPECT_EQ(format_tle_catalog_number(340000), std::nullopt);
}

TEST(TleParseTest, RejectsMalformedLinesWithAReason) {
  const std::string l1 = kVectors[0].line1;
  const std::string l2 = kVectors[0].line2;
  const auto with = [](std::string line, std::size_t at, char c) {
    line[at] = c;
    line[68] = static_cast<char>('0' + tle_checksum(line));
    return line;
  };
  const auto day = [](std::string line, const char* text) {
    line.replace(18, 5, text);
    line[68] = static_cast<char>('0' + tle_checksum(line));
    return line;
  };
  struct Case {
    std::string line1, line2, reason;
  };
  const Case cases[] = {
      {l1.substr(0, 68) + "7", l2, "line 1: bad checksum, expected 0, found '7'"},
      {l1, l2.substr(0, 40), "line 2: 40 characters, a TLE line has 69"},
      {with(l1, 40, 'x'), l2, "line 1: first derivative of mean motion ' .00007x35' is not a number"},
      {l1, with(l2, 28, 'x'), "line 2: eccentricity '00x7520' is not a number"},
      {l1, with(l2, 6, '5'), "catalog numbers differ: 25544 on line 1, 25545 on line 2"},
      {day(l1, "26367"), l2, "line 1: epoch day 367 does not exist in 2026"},
      {day(l1, "25366"), l2, "line 1: epoch day 366 does not exist in 2025"},
      {l1, with(with(l2, 8, '1'), 9, '9'), "line 2: inclination 191.6325 is outside 0..180"},
      {l2, l1, "line 1: does not start with '1 '"},
  };
  for (const Case& c : cases) {
    ElementSet set;
    std::string error;
    EXPECT_FALSE(parse_tle(c.line1, c.line2, set, error)) << c.reason;
    EXPECT_EQ(error, c.reason);
  }
  ElementSet leap;
  std::string error;
  EXPECT_TRUE(parse_tle(day(l1, "24366"), l2, leap, error)) << error;
}

}  // namespace
}  // namespace gpq
