// Terminal tables: aligned columns, and the name column cut with an ellipsis so
// that each row fits the terminal's width.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/time.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;

// docs/FORMATS.md section 9, T1 (ISS) and T2 (VANGUARD 1), the fields a table shows.
ElementSet iss() {
  ElementSet set;
  set.norad_id = 25544;
  set.object_name = "ISS (ZARYA)";
  set.object_id = "1998-067A";
  set.epoch = at("2026-05-23T19:25:57.298080");
  set.mean_motion = 15.49334650;
  set.eccentricity = 0.0007520;
  set.inclination = 51.6325;
  set.source = DataSource::celestrak;
  return set;
}

ElementSet vanguard() {
  ElementSet set;
  set.norad_id = 5;
  set.object_name = "VANGUARD 1";
  set.epoch = at("2000-06-27T18:50:19.733568");
  set.mean_motion = 10.82419157;
  set.eccentricity = 0.1859667;
  set.inclination = 34.2682;
  set.source = DataSource::celestrak;
  return set;
}

std::string table(int width, const std::vector<ElementSet>& sets) {
  TableWriter writer(width);
  for (const ElementSet& set : sets) {
    writer.add_set(set);
  }
  std::string out;
  writer.write(out);
  return out;
}

// Terminal columns of each line (UTF-8 code points; the ellipsis is one column).
std::vector<std::size_t> line_widths(const std::string& text) {
  std::vector<std::size_t> widths;
  std::size_t columns = 0;
  for (const char c : text) {
    if (c == '\n') {
      widths.push_back(columns);
      columns = 0;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++columns;
    }
  }
  return widths;
}

const std::string kSetHeader =
    "NORAD  NAME         EPOCH                        INCL  APOGEE  PERIGEE  PERIOD  SOURCE\n";
const std::string kIssRow =
    "25544  ISS (ZARYA)  2026-05-23T19:25:57.298Z  51.6325   423.8    413.6   92.94  celestrak\n";
const std::string kVanguardRow =
    "    5  VANGUARD 1   2000-06-27T18:50:19.734Z  34.2682  3859.8    649.0  133.04  celestrak\n";

TEST(FormatTableTest, WideTerminalShowsEverythingAligned) {
  EXPECT_EQ(table(200, {iss(), vanguard()}), kSetHeader + kIssRow + kVanguardRow);
}

TEST(FormatTableTest, HeaderOnlyWhenEmpty) {
  EXPECT_EQ(table(80, {}), "NORAD  NAME  EPOCH  INCL  APOGEE  PERIGEE  PERIOD  SOURCE\n");
}

TEST(FormatTableTest, RowThatFitsExactlyIsNotCut) {
  // The ISS row is 89 columns: a terminal of 89 shows it whole, one of 88 cuts the name.
  EXPECT_EQ(table(89, {iss()}), kSetHeader + kIssRow);
  const std::string cut = table(88, {iss()});
  EXPECT_NE(cut.find("25544  ISS (ZARY\u2026  2026"), std::string::npos) << cut;
  for (const std::size_t width : line_widths(cut)) {
    EXPECT_LE(width, 88U) << cut;
  }
}

TEST(FormatTableTest, LongNameIsCutWithAnEllipsisToFit) {
  ElementSet set = iss();
  set.object_name = "A VERY LONG NAME THAT WILL NOT FIT";  // 34 columns, row of 112
  const std::string text = table(100, {set, vanguard()});
  EXPECT_EQ(text,
            "NORAD  NAME                    EPOCH                        INCL  APOGEE  PERIGEE  "
            "PERIOD  SOURCE\n"
            "25544  A VERY LONG NAME THAT\u2026  2026-05-23T19:25:57.298Z  51.6325   423.8    "
            "413.6   92.94  celestrak\n"
            "    5  VANGUARD 1              2000-06-27T18:50:19.734Z  34.2682  3859.8    649.0  "
            "133.04  celestrak\n");
  EXPECT_EQ(line_widths(text), (std::vector<std::size_t>{97, 100, 100}));
}

TEST(FormatTableTest, NameColumnKeepsAtLeastEightColumns) {
  ElementSet set = iss();
  set.object_name = "A VERY LONG NAME THAT WILL NOT FIT";
  // Nothing else shrinks, so a very narrow terminal gets rows wider than itself.
  EXPECT_EQ(table(40, {set}),
            "NORAD  NAME      EPOCH                        INCL  APOGEE  PERIGEE  PERIOD  SOURCE\n"
            "25544  A VERY \u2026  2026-05-23T19:25:57.298Z  51.6325   423.8    413.6   92.94  "
            "celestrak\n");
}

TEST(FormatTableTest, ShortNamesAreNeverPadded) {
  ElementSet set = iss();
  set.object_name = "X";
  // The name column is as wide as its header; a narrow terminal must not widen it.
  const std::string text = table(40, {set});
  EXPECT_EQ(text,
            "NORAD  NAME  EPOCH                        INCL  APOGEE  PERIGEE  PERIOD  SOURCE\n"
            "25544  X     2026-05-23T19:25:57.298Z  51.6325   423.8    413.6   92.94  "
            "celestrak\n");
}

TEST(FormatTableTest, CutKeepsWholeUtf8CodePoints) {
  ElementSet set = iss();
  set.object_name = "\xC3\x89TOILE \xC3\x89TOILE \xC3\x89TOILE \xC3\x89TOILE";  // 27 columns
  const std::string text = table(90, {set});
  // 89 - 11 + 27 = 105 columns; 15 to lose, the name keeps 12: 11 code points and the ellipsis.
  EXPECT_NE(text.find("25544  \xC3\x89TOILE \xC3\x89TOI\u2026  2026"), std::string::npos) << text;
  EXPECT_EQ(line_widths(text).back(), 90U) << text;
}

TEST(FormatTableTest, Catalog) {
  CatalogRecord iss_record;
  iss_record.norad_id = 25544;
  iss_record.object_name = "ISS (ZARYA)";
  iss_record.object_id = "1998-067A";
  iss_record.object_type = ObjectType::payload;
  iss_record.ops_status_code = "+";
  iss_record.owner = "ISS";
  iss_record.launch_date = at("1998-11-20");
  CatalogRecord rocket;
  rocket.norad_id = 16925;
  rocket.object_name = "SL-6 R/B(2)";
  rocket.object_id = "1986-065D";
  rocket.object_type = ObjectType::rocket_body;
  rocket.ops_status_code = "D";
  rocket.owner = "CIS";
  rocket.launch_date = at("1986-08-28");
  rocket.decay_date = at("2006-07-02");
  TableWriter writer(120);
  writer.add_catalog(iss_record);
  writer.add_catalog(rocket);
  std::string out;
  writer.write(out);
  EXPECT_EQ(out,
            "NORAD  NAME         INTLDES    TYPE         STATUS  OWNER  LAUNCH      DECAY\n"
            "25544  ISS (ZARYA)  1998-067A  PAYLOAD      +       ISS    1998-11-20\n"
            "16925  SL-6 R/B(2)  1986-065D  ROCKET BODY  D       CIS    1986-08-28  2006-07-02\n");
}

}  // namespace
}  // namespace gpq
