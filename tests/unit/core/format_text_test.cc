// Line formats: TLE (3LE), 2LE and CSV for docs/FORMATS.md's T1 (ISS), list layouts, each set's
// own TLE layout or the canonical one, CSV quoting, and Alpha-5 up to NORAD 339999.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/time.h"

#include "support/expect_error.h"
#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;
using test::iss;

constexpr std::string_view kIssLine1 =
    "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990";
constexpr std::string_view kIssLine2 =
    "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975";

constexpr std::string_view kCsvHeader =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT,PERIOD_MINUTES,"
    "APOGEE_KM,PERIGEE_KM,SEMI_MAJOR_AXIS_KM,DATA_SOURCE,CREATION_DATE,_collected_at\n";
constexpr std::string_view kIssCsvRow =
    "ISS (ZARYA),1998-067A,2026-05-23T19:25:57.298080,15.49334650,0.000752,51.6325,60.7811,"
    "90.7634,269.4217,0,U,25544,999,56797,0.00013771,7.235e-05,0,92.943,423.784,413.562,"
    "6796.808,celestrak,,2026-05-24T06:00:00.000Z\n";

std::string single(Format format, const ElementSet& set) {
  std::string out;
  write_set(format, set, out);
  return out;
}

std::string list(Format format, const std::vector<ElementSet>& sets) {
  std::string out;
  const auto writer = make_set_list_writer(format);
  writer->begin(out);
  for (const ElementSet& set : sets) {
    writer->set(set, out);
  }
  writer->end(out);
  return out;
}

ElementSet vanguard() {
  ElementSet set;
  set.norad_id = 5;
  set.object_name = "VANGUARD 1";
  set.object_id = "1958-002B";
  set.epoch = at("2000-06-27T18:50:19.733568");
  set.mean_motion = 10.82419157;
  set.eccentricity = 0.1859667;
  set.inclination = 34.2682;
  set.ra_of_asc_node = 348.7242;
  set.arg_of_pericenter = 331.7664;
  set.mean_anomaly = 19.3264;
  set.bstar = 2.8098e-5;
  set.mean_motion_dot = 2.3e-7;
  set.rev_at_epoch = 41366;
  set.element_set_no = 475;
  set.collected_at = at("2026-05-24T06:00:00");
  return set;
}

TEST(FormatTextTest, IssInEveryLineFormat) {
  struct Row {
    Format format;
    std::string text;
  };
  const Row rows[] = {
      {Format::tle,
       "ISS (ZARYA)\n" + std::string(kIssLine1) + "\n" + std::string(kIssLine2) + "\n"},
      {Format::two_le, std::string(kIssLine1) + "\n" + std::string(kIssLine2) + "\n"},
      {Format::csv, std::string(kCsvHeader) + std::string(kIssCsvRow)},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(single(row.format, iss()), row.text) << to_string(row.format);
  }
}

TEST(FormatTextTest, CsvHasCelestraksSeventeenColumnsThenDerivedThenSource) {
  std::vector<std::string> columns;
  std::string_view header = kCsvHeader.substr(0, kCsvHeader.size() - 1);
  for (std::size_t comma; (comma = header.find(',')) != std::string_view::npos;) {
    columns.emplace_back(header.substr(0, comma));
    header.remove_prefix(comma + 1);
  }
  columns.emplace_back(header);
  ASSERT_EQ(columns.size(), 24U);
  // docs/FORMATS.md 3.1: CelesTrak's header, verbatim.
  std::string celestrak;
  for (std::size_t i = 0; i < 17; ++i) {
    celestrak += (i == 0 ? "" : ",") + columns[i];
  }
  EXPECT_EQ(celestrak,
            "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
            "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
            "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT");
  // Every row has as many fields as the header.
  EXPECT_EQ(std::count(kIssCsvRow.begin(), kIssCsvRow.end(), ','), 23);
}

TEST(FormatTextTest, ListsAreBackToBackWithOneCsvHeader) {
  const std::vector<ElementSet> sets = {iss(), vanguard()};
  // Zero n-dot-dot is written `00000+0` (CelesTrak's form) where Vallado's file has
  // `00000-0`, so the checksum is one lower than docs/FORMATS.md's T2 line.
  const std::string vanguard1 =
      "1 00005U 58002B   00179.78495062  .00000023  00000+0  28098-4 0  4752";
  const std::string vanguard2 =
      "2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667";
  struct Row {
    Format format;
    std::string text;
  };
  const Row rows[] = {
      {Format::tle, "ISS (ZARYA)\n" + std::string(kIssLine1) + "\n" + std::string(kIssLine2) +
                        "\nVANGUARD 1\n" + vanguard1 + "\n" + vanguard2 + "\n"},
      {Format::two_le, std::string(kIssLine1) + "\n" + std::string(kIssLine2) + "\n" + vanguard1 +
                           "\n" + vanguard2 + "\n"},
      {Format::csv, std::string(kCsvHeader) + std::string(kIssCsvRow) +
                        "VANGUARD 1,1958-002B,2000-06-27T18:50:19.733568,10.82419157,0.1859667,"
                        "34.2682,348.7242,331.7664,19.3264,0,U,5,475,41366,2.8098e-05,2.3e-07,0,"
                        "133.035,3859.760,649.033,8632.532,celestrak,,"
                        "2026-05-24T06:00:00.000Z\n"},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(list(row.format, sets), row.text) << to_string(row.format);
  }
}

// Each set in its source's layout by default; every set canonical when asked. The other
// formats do not depend on the layout.
TEST(FormatTextTest, TleLayoutOfEachSetOrCanonical) {
  ElementSet spacetrack = vanguard();
  spacetrack.tle_layout = kTleNddotZeroMinus | kTleBlankPaddedCatalog;
  const std::vector<ElementSet> sets = {iss(), spacetrack};
  const std::string source_lines =
      "1     5U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753\n"
      "2     5  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667\n";
  const std::string canonical_lines =
      "1 00005U 58002B   00179.78495062  .00000023  00000+0  28098-4 0  4752\n"
      "2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667\n";
  const std::string iss_lines = std::string(kIssLine1) + "\n" + std::string(kIssLine2) + "\n";
  const auto write = [&](Format format, TleLayout layout) {
    std::string out;
    const auto writer = make_set_list_writer(format, layout);
    writer->begin(out);
    for (const ElementSet& set : sets) {
      writer->set(set, out);
    }
    writer->end(out);
    return out;
  };
  EXPECT_EQ(write(Format::two_le, TleLayout::source), iss_lines + source_lines);
  EXPECT_EQ(write(Format::two_le, TleLayout::canonical), iss_lines + canonical_lines);
  EXPECT_EQ(write(Format::tle, TleLayout::source),
            "ISS (ZARYA)\n" + iss_lines + "VANGUARD 1\n" + source_lines);
  EXPECT_EQ(list(Format::tle, sets), write(Format::tle, TleLayout::source)) << "the default";
  std::string one;
  write_set(Format::two_le, spacetrack, one, TleLayout::canonical);
  EXPECT_EQ(one, canonical_lines);
  for (const Format format : {Format::json, Format::csv, Format::xml, Format::kvn}) {
    EXPECT_EQ(write(format, TleLayout::source), write(format, TleLayout::canonical))
        << to_string(format);
    std::string with_layout;
    std::string without;
    write_set(format, spacetrack, with_layout);
    write_set(format, vanguard(), without);
    EXPECT_EQ(with_layout, without) << to_string(format);
  }
}

TEST(FormatTextTest, EmptyListsAreEmptyExceptTheCsvHeader) {
  EXPECT_EQ(list(Format::tle, {}), "");
  EXPECT_EQ(list(Format::two_le, {}), "");
  EXPECT_EQ(list(Format::csv, {}), kCsvHeader);
}

TEST(FormatTextTest, NameLineIsTheBareUnpaddedName) {
  struct Row {
    const char* text;
    std::string name;
    std::string line0;
  };
  const Row rows[] = {
      {"short", "ISS (ZARYA)", "ISS (ZARYA)"},
      // Longer than CelesTrak's 24 columns: gpq never cuts (no `*`).
      {"long", "HULIANWAN GAOGUI-01 (HLWGG-01)", "HULIANWAN GAOGUI-01 (HLWGG-01)"},
      {"no name falls back to the catalog number", "", "25544"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.object_name = row.name;
    const std::string tle = single(Format::tle, set);
    EXPECT_EQ(tle.substr(0, tle.find('\n')), row.line0) << row.text;
  }
  ElementSet small = iss();
  small.norad_id = 5;
  small.object_name.clear();
  const std::string tle = single(Format::tle, small);
  EXPECT_EQ(tle.substr(0, tle.find('\n')), "00005");
}

TEST(FormatTextTest, LinesEndInLineFeedOnly) {
  for (const Format format : {Format::tle, Format::two_le, Format::csv}) {
    const std::string text = list(format, {iss(), vanguard()});
    EXPECT_EQ(text.find('\r'), std::string::npos) << to_string(format);
    EXPECT_EQ(text.back(), '\n') << to_string(format);
  }
}

TEST(FormatTextTest, CsvQuotesFieldsThatNeedIt) {
  struct Row {
    const char* text;
    std::string name;
    std::string field;
  };
  const Row rows[] = {
      {"plain", "ISS (ZARYA)", "ISS (ZARYA)"},
      {"comma", "DRAGON CRS-2, TRUNK", "\"DRAGON CRS-2, TRUNK\""},
      {"quote", "SAT \"X\"", "\"SAT \"\"X\"\"\""},
      {"quote and comma", "\"A\",B", "\"\"\"A\"\",B\""},
      // A record is always one line: control characters become U+FFFD.
      {"line feed", "A\nB", "A\uFFFDB"},
      {"carriage return", "A\rB", "A\uFFFDB"},
      {"line feed and comma", "A\n,B", "\"A\uFFFD,B\""},
      {"backslash needs nothing", "A\\B", "A\\B"},
      {"utf-8 needs nothing", "\xC3\x89TOILE", "\xC3\x89TOILE"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.object_name = row.name;
    const std::string csv = single(Format::csv, set);
    const std::string rest = std::string(kIssCsvRow).substr(std::string("ISS (ZARYA)").size());
    EXPECT_EQ(csv, std::string(kCsvHeader) + row.field + rest) << row.text;
  }
}

TEST(FormatTextTest, CsvEmptyObjectIdAndCreationDate) {
  ElementSet set = iss();
  set.object_id.clear();
  set.source = DataSource::spacetrack;
  set.creation_date = at("2026-05-23T21:46:11.2996");
  const std::string csv = single(Format::csv, set);
  EXPECT_TRUE(csv.find("\nISS (ZARYA),,2026-05-23T19:25:57.298080,") != std::string::npos) << csv;
  EXPECT_TRUE(csv.ends_with(",spacetrack,2026-05-23T21:46:11.300Z,2026-05-24T06:00:00.000Z\n"))
      << csv;
}

TEST(FormatTextTest, TleWritesAlphaFiveAndLeavesOutCatalogNumbersAbove339999) {
  const std::string message =
      "NORAD 340000 is above 339999 (Alpha-5 Z9999), which TLE and 2LE cannot carry; use json, "
      "csv, xml or kvn";
  ElementSet high = iss();
  high.norad_id = 340000;
  for (const Format format : {Format::tle, Format::two_le}) {
    std::string out;
    EXPECT_GPQ_ERROR(write_set(format, high, out), Errc::bad_request, message);
    EXPECT_EQ(out, "") << to_string(format) << ": nothing written before the refusal";

    // In a list it is left out and counted; the list goes on around it.
    const auto writer = make_set_list_writer(format);
    writer->begin(out);
    writer->set(iss(), out);
    const std::string one = out;
    writer->set(high, out);
    EXPECT_EQ(out, one) << to_string(format);
    ElementSet higher = high;
    higher.norad_id = 400'001;
    writer->set(higher, out);
    writer->set(iss(), out);
    writer->end(out);
    EXPECT_EQ(out, one + one) << to_string(format);
    EXPECT_EQ(writer->omitted().count, 2);
    EXPECT_EQ(writer->omitted().id_list(), "340000,400001");
    EXPECT_EQ(writer->omitted().warning(),
              "2 sets left out that TLE and 2LE cannot carry (the first: NORAD 340000); json, csv, "
              "xml and kvn carry every set");
  }
  // Only the first 20 ids are listed; the count is whole.
  const auto writer = make_set_list_writer(Format::tle);
  std::string out;
  for (int i = 0; i < 25; ++i) {
    ElementSet beyond = high;
    beyond.norad_id = 340'000 + i;
    writer->set(beyond, out);
  }
  EXPECT_EQ(out, "");
  EXPECT_EQ(writer->omitted().count, 25);
  EXPECT_EQ(writer->omitted().first_ids.size(), 20U);
  // 100000..339999 in Alpha-5, as Space-Track writes them.
  for (const auto& [id, field] :
       {std::pair{99'999, "99999"}, std::pair{100'000, "A0000"}, std::pair{100'245, "A0245"},
        std::pair{kMaxTleOutputId, "Z9999"}}) {
    ElementSet set = iss();
    set.norad_id = id;
    const std::string text = single(Format::two_le, set);
    EXPECT_TRUE(text.starts_with(fmt::format("1 {}U ", field))) << text;
    EXPECT_NE(text.find(fmt::format("\n2 {} ", field)), std::string::npos) << text;
  }
  // Other formats carry any catalog number.
  for (const Format format : {Format::json, Format::csv, Format::xml, Format::kvn}) {
    EXPECT_NE(single(format, high).find("340000"), std::string::npos) << to_string(format);
  }
}

}  // namespace
}  // namespace gpq
