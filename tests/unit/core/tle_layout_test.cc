// TLE layouts other than CelesTrak's canonical one (the kTle* bits of gpq/tle.h): each real
// variant parsed and written again gives its own bytes back, and the canonical layout gives
// CelesTrak's. The lines are real: Space-Track's 3LE snapshots and gp rows of
// $GPQ_REAL_DATA, and docs/FORMATS.md's reference vectors T6 and T8.
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "gpq/tle.h"

namespace gpq {
namespace {

struct LayoutRow {
  const char* what;
  const char* line1;
  const char* line2;
  int layout;  // kTle* bits read from the lines
  const char* canonical1;
  const char* canonical2;
};

constexpr int kZeros = kTleNddotZeroMinus | kTleBstarZeroMinus;
constexpr int kPlus = kTlePlusFirstDerivative | kTlePlusExponentFields;
constexpr int kBlank = kTleBlankDesignator;

const LayoutRow kRows[] = {
    {"CelesTrak, canonical",
     "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
     "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975", 0,
     "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
     "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975"},
    {"second derivative zero ` 00000-0`",
     "1 00005U 58002B   25074.29826870  .00000371  00000-0  44282-3 0  9994",
     "2 00005  34.2556 290.6819 1841689 229.4736 113.0475 10.85892682393394", kTleNddotZeroMinus,
     "1 00005U 58002B   25074.29826870  .00000371  00000+0  44282-3 0  9993",
     "2 00005  34.2556 290.6819 1841689 229.4736 113.0475 10.85892682393394"},
    {"both zeros ` 00000-0`",
     "1 00503U 62068A   25074.60810307 -.00000028  00000-0  00000-0 0  9994",
     "2 00503  47.5064 291.8039 2845173  22.6863   3.7779  7.78161640769785", kZeros,
     "1 00503U 62068A   25074.60810307 -.00000028  00000+0  00000+0 0  9992",
     "2 00503  47.5064 291.8039 2845173  22.6863   3.7779  7.78161640769785"},
    {"BSTAR zero ` 00000-0`, second derivative not zero",
     "1 57209U 23092A   23182.63893389 -.00001140  36184-5  00000-0 0  9998",
     "2 57209  36.9800 294.6018 0159500 140.4000 359.8200 16.04191078    04", kTleBstarZeroMinus,
     "1 57209U 23092A   23182.63893389 -.00001140  36184-5  00000+0 0  9997",
     "2 57209  36.9800 294.6018 0159500 140.4000 359.8200 16.04191078    04"},
    {"blank-padded catalog, BSTAR zero ` 00000+0` beside ` 00000-0`",
     "1   634U 63031A   25074.62932433 -.00000140  00000-0  00000+0 0  9991",
     "2   634  30.9631 306.9058 0007426 195.3822 339.0280  1.00292718225753",
     kTleBlankPaddedCatalog | kTleNddotZeroMinus,
     "1 00634U 63031A   25074.62932433 -.00000140  00000+0  00000+0 0  9990",
     "2 00634  30.9631 306.9058 0007426 195.3822 339.0280  1.00292718225753"},
    {"two-digit catalog number blank-padded",
     "1    16U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9996",
     "2    16  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722",
     kTleBlankPaddedCatalog | kTleNddotZeroMinus,
     "1 00016U 58002A   25074.63696541  .00000204  00000+0  28575-3 0  9995",
     "2 00016  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722"},
    {"first derivative zero `-.00000000`",
     "1  3158U 68023A   25074.90443575 -.00000000  00000-0  62858-4 0  9995",
     "2  3158  65.3324 314.3725 0025174  58.0455 302.3058 13.97891029907379",
     kTleBlankPaddedCatalog | kTleNddotZeroMinus | kTleNdotZeroMinus,
     "1 03158U 68023A   25074.90443575  .00000000  00000+0  62858-4 0  9993",
     "2 03158  65.3324 314.3725 0025174  58.0455 302.3058 13.97891029907379"},
    {"`+` signs, zero `+00000+0`",
     "1 81052U          25072.77966801 +.00014693 +00000+0 +43262-2 0  9997",
     "2 81052  65.7766 358.7697 0565253  81.6110 284.8594 13.78389542562499", kPlus | kBlank,
     "1 81052U          25072.77966801  .00014693  00000+0  43262-2 0  9997",
     "2 81052  65.7766 358.7697 0565253  81.6110 284.8594 13.78389542562499"},
    {"`+` signs on three values",
     "1 89067U          25073.68283858 +.00105498 +17501-5 +11175-2 0  9998",
     "2 89067  80.9518 207.4983 0235931 340.8146  18.4312 15.36672977545359", kPlus | kBlank,
     "1 89067U          25073.68283858  .00105498  17501-5  11175-2 0  9998",
     "2 89067  80.9518 207.4983 0235931 340.8146  18.4312 15.36672977545359"},
    {"`+` signs beside a negative second derivative",
     "1 84415U          23207.67811207 +.22308466 -14118-4 +86345-2 0  9997",
     "2 84415  23.3955  29.4821 0281876 136.8243 225.4727 15.72633210145825", kPlus | kBlank,
     "1 84415U          23207.67811207  .22308466 -14118-4  86345-2 0  9997",
     "2 84415  23.3955  29.4821 0281876 136.8243 225.4727 15.72633210145825"},
    {"`+` signs with zeros `+00000-0`, every line 2 number zero-padded",
     "1 84006U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9996",
     "2 84006 022.9156 231.8658 6081348 325.5644 006.8060 02.16230305078172",
     kZeros | kTlePlusExponentFields | kTleZeroPaddedLine2 | kBlank,
     "1 84006U          25066.87855002 -.00000139  00000+0  00000+0 0  9994",
     "2 84006  22.9156 231.8658 6081348 325.5644   6.8060  2.16230305 78172"},
    {"zero-padded node and argument of perigee, designator without a piece",
     "1 81254U 70025    25064.32225221 +.00002725 +00000-0 +18638-2 0  9994",
     "2 81254 100.3909 088.2015 0073906 095.4663 265.4933 13.99438040114364",
     kTleNddotZeroMinus | kPlus | kTleZeroPaddedLine2,
     "1 81254U 70025    25064.32225221  .00002725  00000+0  18638-2 0  9993",
     "2 81254 100.3909  88.2015 0073906  95.4663 265.4933 13.99438040114364"},
    {"Alpha-5 from Space-Track",
     "1 T0449U          26163.02399636  .00000300  00000-0  13400-3 0  9997",
     "2 T0449  88.9870 274.2408 0043506 214.0229 145.8170 14.19751688 92630",
     kTleNddotZeroMinus | kBlank,
     "1 T0449U          26163.02399636  .00000300  00000+0  13400-3 0  9996",
     "2 T0449  88.9870 274.2408 0043506 214.0229 145.8170 14.19751688 92630"},
    {"T6: blank ephemeris type",
     "1 11801U          80230.29629788  .01431103  00000-0  14311-1      13",
     "2 11801  46.7916 230.4354 7318036  47.4722  10.4117  2.28537848    13",
     kTleNddotZeroMinus | kTleBlankEphemerisType | kBlank,
     "1 11801U          80230.29629788  .01431103  00000+0  14311-1 0    12",
     "2 11801  46.7916 230.4354 7318036  47.4722  10.4117  2.28537848    13"},
    {"T8: `+` before the exponent fields only",
     "1 16937U 86069A   86268.39247979  .06329737 +26713-4 +26949-2 0  9997",
     "2 16937 039.0531 276.4305 0111873 171.4053 189.5525 16.08291950003063",
     kTlePlusExponentFields | kTleZeroPaddedLine2,
     "1 16937U 86069A   86268.39247979  .06329737  26713-4  26949-2 0  9997",
     "2 16937  39.0531 276.4305 0111873 171.4053 189.5525 16.08291950  3063"},
};

TEST(TleLayoutTest, EachLayoutIsReadFromTheLines) {
  for (const LayoutRow& row : kRows) {
    EXPECT_EQ(tle_layout_of(row.line1, row.line2), row.layout) << row.what;
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(row.line1, row.line2, set, error)) << row.what << ": " << error;
    EXPECT_EQ(set.tle_layout, row.layout) << row.what;
  }
}

TEST(TleLayoutTest, ParseThenWriteGivesTheSourceBytes) {
  for (const LayoutRow& row : kRows) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(row.line1, row.line2, set, error)) << row.what << ": " << error;
    const TleLines lines = format_tle_lines(set);
    EXPECT_EQ(lines.line1, row.line1) << row.what;
    EXPECT_EQ(lines.line2, row.line2) << row.what;
    EXPECT_EQ(format_tle_line1(set, TleLayout::source), row.line1) << row.what;
    EXPECT_EQ(format_tle_line2(set, TleLayout::source), row.line2) << row.what;
  }
}

TEST(TleLayoutTest, CanonicalLayoutGivesCelesTraksBytes) {
  for (const LayoutRow& row : kRows) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(row.line1, row.line2, set, error)) << row.what << ": " << error;
    const TleLines lines = format_tle_lines(set, TleLayout::canonical);
    EXPECT_EQ(lines.line1, row.canonical1) << row.what;
    EXPECT_EQ(lines.line2, row.canonical2) << row.what;
    // The canonical lines are canonical: read again, they carry no layout bit but the blank
    // designator of a set whose object has none.
    EXPECT_EQ(tle_layout_of(lines.line1, lines.line2) & ~kTleBlankDesignator, 0) << row.what;
  }
}

constexpr int kBlankLine2 = kTleBlankInclination | kTleBlankNode | kTleBlankArgOfPerigee |
                            kTleBlankMeanAnomaly | kTleBlankMeanMotion | kTleBlankRevolution;

// A bit applies only where its field allows it: values it does not concern are written as
// in the canonical layout, so any stored layout gives valid lines for any values. (The blank
// designator applies to any designator.)
TEST(TleLayoutTest, BitsApplyOnlyToTheValuesTheyDescribe) {
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle(kRows[0].line1, kRows[0].line2, set, error)) << error;
  set.tle_layout = kTleLayoutBits & ~kBlankLine2;
  set.norad_id = 25544;             // five digits: no blank padding
  set.mean_motion_dot = -7.235e-5;  // negative: no `+`, and not a zero
  set.ephemeris_type = 2;           // not 0: written as a digit
  set.inclination = 151.6325;       // three digits before the point: nothing to pad
  const TleLines lines = format_tle_lines(set);
  EXPECT_EQ(lines.line1, "1 25544U          26143.80969095 -.00007235 +00000-0 +13771-3 2  9994");
  EXPECT_EQ(lines.line2, "2 25544 151.6325 060.7811 0007520 090.7634 269.4217 15.49334650567976");
  for (const std::string& line : {lines.line1, lines.line2}) {
    EXPECT_EQ(line.size(), 69U) << line;
    EXPECT_EQ(line[68] - '0', tle_checksum(line)) << line;
  }
  // Every blank bit as well: line 2 as in the canonical layout.
  set.tle_layout = kTleLayoutBits;
  EXPECT_EQ(format_tle_line2(set),
            "2 25544 151.6325  60.7811 0007520  90.7634 269.4217 15.49334650567976");
  ElementSet back;
  ASSERT_TRUE(parse_tle(lines.line1, lines.line2, back, error)) << error;
  EXPECT_EQ(back.inclination, 151.6325);
  EXPECT_EQ(back.ephemeris_type, 2);
  EXPECT_EQ(back.mean_motion_dot, -7.235e-5);
}

// The designator is the object's (OBJECT_ID, as the GP data last gave it), but a set whose
// line left it blank keeps it blank: Space-Track's 2026 gp row of 89172 has no designator where
// its 2025 snapshot line has `81053`.
TEST(TleLayoutTest, ABlankDesignatorStaysBlankWhenTheObjectHasOne) {
  const std::string line1 = "1 89172U          26139.08709774 +.00004210 +00000+0 +65139-3 0  9993";
  const std::string line2 = "2 89172  82.0625  73.7491 0278589 154.7341 206.7790 14.50150649624678";
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle(line1, line2, set, error)) << error;
  EXPECT_EQ(set.object_id, "");
  set.object_id = "1981-053";  // the object's, from another set
  EXPECT_EQ(format_tle_line1(set), line1);
  EXPECT_EQ(format_tle_line1(set, TleLayout::canonical),
            "1 89172U 81053    26139.08709774  .00004210  00000+0  65139-3 0  9990");
}

// Each line 2 field keeps its own padding: lines that pad some fields with zeros and others
// with blanks come back byte for byte, in either order, as does a catalog number padded one
// way in line 1 and the other in line 2. Made by hand from real lines (blanks and zeros count
// the same in the checksum).
TEST(TleLayoutTest, EachLine2FieldKeepsItsOwnPadding) {
  constexpr int kSpaceTrack = kZeros | kTlePlusExponentFields | kBlank;
  const std::tuple<const char*, const char*, int> kMixed[] = {
      {"1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
       "2 25544  51.6416 051.2345 0007520  90.7634 269.4217 15.49334650567973",
       kTleZeroPaddedLine2 | kTleBlankInclination | kTleBlankArgOfPerigee},
      {"1 84006U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9996",
       "2 84006  22.9156 231.8658 6081348 325.5644 006.8060 02.16230305 78172",
       kSpaceTrack | kTleZeroPaddedLine2 | kTleBlankInclination | kTleBlankRevolution},
      {"1 84006U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9996",
       "2 84006 022.9156 231.8658 6081348 325.5644   6.8060  2.16230305078172",
       kSpaceTrack | kTleZeroPaddedLine2 | kTleBlankMeanAnomaly | kTleBlankMeanMotion},
      {"1 84006U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9996",
       "2 84006 022.9156 231.8658 6081348 025.5644   6.8060 02.16230305 78179",
       kSpaceTrack | kTleZeroPaddedLine2 | kTleBlankMeanAnomaly | kTleBlankRevolution},
      {"1    16U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9996",
       "2 00016  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722",
       kTleNddotZeroMinus | kTleBlankPaddedCatalog | kTleOtherPaddedLine2Catalog},
      {"1 00016U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9996",
       "2    16  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722",
       kTleNddotZeroMinus | kTleOtherPaddedLine2Catalog},
  };
  for (const auto& [line1, line2, layout] : kMixed) {
    EXPECT_EQ(tle_layout_of(line1, line2), layout) << line2;
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(line1, line2, set, error)) << line2 << ": " << error;
    const TleLines lines = format_tle_lines(set);
    EXPECT_EQ(lines.line1, line1);
    EXPECT_EQ(lines.line2, line2);
  }
}

// Lines too short to be TLE lines have no layout (the parser refuses them anyway).
TEST(TleLayoutTest, ShortLinesHaveNoLayout) {
  EXPECT_EQ(tle_layout_of("", ""), 0);
  EXPECT_EQ(tle_layout_of("1    16U", "2    16"), 0);
  EXPECT_EQ(tle_layout_of(kRows[5].line1, "2    16"), 0);
}

}  // namespace
}  // namespace gpq
