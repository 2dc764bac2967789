// Inputs the fuzz targets (fuzz/, docs/FUZZING.md "Findings") found to break a promise of the
// core, each kept as the fuzzer found it.
#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "core/printable_text.h"
#include "support/expect_error.h"

namespace gpq {
namespace {

using namespace std::string_literals;

// fuzz_tle: a reason quoted a column's raw bytes, and `gpq sync --from` prints reasons as they
// are (here the checksum column holds a byte that is not UTF-8).
TEST(FuzzFindingsTest, TleReasonsQuoteColumnsPrintably) {
  const std::string line1 =
      "1 32118U 99\x00\x00`@w}\xadp102.\xfe\xff\xff\xff\xff\xff\xff\xff.0497 0027294 144.8649 "
      "215.4390 15.5\xd3\xcf"s;
  ElementSet set;
  std::string error;
  ASSERT_FALSE(parse_tle(line1, "", set, error));
  EXPECT_EQ(error, "line 1: bad checksum, expected 2, found '\xEF\xBF\xBD'");
  EXPECT_EQ(text_field_problem("reason", error), std::nullopt);
}

// fuzz_tle_text: a designator's piece took any bytes, a NUL included, into OBJECT_ID, which
// the text-field rule keeps free of control characters.
TEST(FuzzFindingsTest, TleDesignatorPieceIsCapitalLetters) {
  const std::string line1 =
      "1 27041U 89006W \x00 23290.34998944  .00001042  00000-0  68057-2 0  9998"s;
  const std::string line2 = "2 27041   8.5600  58.0983 7185968 120.6016 328.4179  2.27891068 28353";
  ElementSet set;
  std::string error;
  ASSERT_FALSE(parse_tle(line1, line2, set, error));
  EXPECT_EQ(error, "line 1: international designator '89006W \xEF\xBF\xBD' is not valid");
}

// fuzz_json_records (and the CSV, XML and KVN targets): an OMM's OBJECT_ID `2026-18:` went
// into line 1 as designator `2618:`, which no TLE reader takes back; it is written blank.
TEST(FuzzFindingsTest, ObjectIdNoTleCanCarryIsWrittenBlank) {
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle("1 A0197U 26175U   26220.62548541 -.00835829  00000-0 -43762-2 0  9996",
                        "2 A0197  97.2877  60.8980 0001600 126.0856 234.0562 15.82788270  2423",
                        set, error))
      << error;
  for (const std::string object_id : {"2026-18:", "1926-001A", "2026-001a", "2026-001ABCD"}) {
    set.object_id = object_id;
    for (const TleLayout layout : {TleLayout::source, TleLayout::canonical}) {
      const TleLines lines = format_tle_lines(set, layout);
      EXPECT_EQ(lines.line1.substr(9, 8), "        ") << object_id;
      ElementSet back;
      EXPECT_TRUE(parse_tle(lines.line1, lines.line2, back, error)) << object_id << ": " << error;
    }
  }
}

// fuzz_tle: a mean motion of 4e-9 rev/day read, but at a TLE's eight decimals it is written
// as 0, which does not read back. Its field `+.000000004` is no TLE mean motion (NN.NNNNNNNN),
// so the reader refuses it now; from OMM such a value still arrives, and TLE output refuses it
// like the other values it cannot hold.
TEST(FuzzFindingsTest, MeanMotionThatRoundsToZeroIsNotWrittenAsTle) {
  ElementSet set;
  std::string error;
  EXPECT_FALSE(parse_tle("1 28595U 79095F   23292.05016780  .00062416  00000-0  10631-1 0  9995",
                         "2 28595  81.1717 205.1671 0008499 141.9756 218.2048 +.000000004640268",
                         set, error));
  EXPECT_NE(error.find("mean motion"), std::string::npos) << error;
  ASSERT_TRUE(parse_tle("1 28595U 79095F   23292.05016780  .00062416  00000-0  10631-1 0  9995",
                        "2 28595  81.1717 205.1671 0008499 141.9756 218.2048 15.00000000  1238",
                        set, error))
      << error;
  set.mean_motion = 4e-9;
  const std::string problem =
      "NORAD 28595: MEAN_MOTION 4e-09 is 0.00000000 at the eight decimals of a TLE, outside "
      "(0, 100) rev/day; use json, csv, xml or kvn";
  EXPECT_EQ(tle_output_problem(set), problem);
  EXPECT_GPQ_ERROR(format_tle_lines(set), Errc::bad_request, problem);
  set.mean_motion = 99.999999996;
  EXPECT_NE(tle_output_problem(set), std::nullopt);
}

// fuzz_tle's differential check: the epoch's day `16 ` (a digit turned blank) was read as 16,
// where python3-sgp4's float() refuses `16 .25000000`; the day takes blanks only on its left.
// The run reported only the field, so the lines around it are its seed's.
TEST(FuzzFindingsTest, BlankBeforeTheEpochDaysPointIsRefused) {
  ElementSet set;
  std::string error;
  EXPECT_FALSE(parse_tle("1 T0449U          2616 .25000000  .00001234  00000-0  12345-3 0  9997",
                         "2 T0449  97.4000 120.0000 0012000  80.0000 280.0000 15.20000000 92631",
                         set, error));
  EXPECT_EQ(error, "line 1: epoch '2616 .25000000' is not YYDDD.DDDDDDDD");
}

}  // namespace
}  // namespace gpq
