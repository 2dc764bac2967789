// OMM CSV (docs/FORMATS.md 3.1): CelesTrak's 17 columns or any order with a header,
// values checked field by field, and every kind of malformed row skipped with
// its line and reason.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/collecting_sink.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

using test::CollectingSink;
using test::describe;

std::unique_ptr<CollectingSink> parse(std::string text, const ParseOptions& options = {}) {
  auto sink = std::make_unique<CollectingSink>();
  const auto in = open_bytes(std::move(text));
  LineReader lines(*in);
  parse_omm_csv(lines, options, *sink);
  return sink;
}

// docs/FORMATS.md 3.1: the exact header and the ISS row of 2026-09-23.
const std::vector<std::string> kColumns = {"OBJECT_NAME",     "OBJECT_ID",           "EPOCH",
                                           "MEAN_MOTION",     "ECCENTRICITY",        "INCLINATION",
                                           "RA_OF_ASC_NODE",  "ARG_OF_PERICENTER",   "MEAN_ANOMALY",
                                           "EPHEMERIS_TYPE",  "CLASSIFICATION_TYPE", "NORAD_CAT_ID",
                                           "ELEMENT_SET_NO",  "REV_AT_EPOCH",        "BSTAR",
                                           "MEAN_MOTION_DOT", "MEAN_MOTION_DDOT"};
const std::vector<std::string> kIssValues = {
    "ISS (ZARYA)", "1998-067A", "2026-09-23T10:22:36.196896",
    "15.49245192", ".00047365", "51.6317",
    "173.8582",    "172.3976",  "187.7085",
    "0",           "U",         "25544",
    "999",         "58698",     ".1642946E-3",
    ".869E-4",     "0"};

std::string join(const std::vector<std::string>& fields) {
  std::string line;
  for (const std::string& field : fields) {
    line += (line.empty() ? "" : ",") + field;
  }
  return line;
}

const std::string kHeader = join(kColumns);
const std::string kIssRow = join(kIssValues);

// The ISS row with some columns' values replaced.
std::string iss_row_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::string> values = kIssValues;
  for (const auto& [column, value] : changes) {
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
      if (kColumns[i] == column) {
        values[i] = value;
      }
    }
  }
  return join(values);
}
std::string iss_row_with(const std::string& column, const std::string& value) {
  return iss_row_with({{column, value}});
}

constexpr std::int64_t kIssEpochMicros = 1'790'158'956'196'896;  // 2026-09-23T10:22:36.196896Z

const char* const kIss =
    "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
    "epoch 2026-09-23T10:22:36.196896\nmean_motion 15.49245192\neccentricity 0.00047365\n"
    "inclination 51.6317\nra_of_asc_node 173.8582\narg_of_pericenter 172.3976\n"
    "mean_anomaly 187.7085\nbstar 0.0001642946\nmean_motion_dot 8.69e-05\n"
    "mean_motion_ddot 0\nrev_at_epoch 58698\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date none\n";

TEST(OmmCsvTest, ReadsTheCelesTrakIssRowInEveryLayout) {
  // Columns in another order, with one gpq does not know, must give the same set.
  const std::string reordered_header =
      "NORAD_CAT_ID,EPOCH,EXTRA,MEAN_MOTION_DDOT,MEAN_MOTION_DOT,BSTAR,REV_AT_EPOCH,"
      "ELEMENT_SET_NO,CLASSIFICATION_TYPE,EPHEMERIS_TYPE,MEAN_ANOMALY,ARG_OF_PERICENTER,"
      "RA_OF_ASC_NODE,INCLINATION,ECCENTRICITY,MEAN_MOTION,OBJECT_ID,OBJECT_NAME";
  const std::string reordered_row =
      "25544,2026-09-23T10:22:36.196896,whatever,0,.869E-4,.1642946E-3,58698,999,U,0,187.7085,"
      "172.3976,173.8582,51.6317,.00047365,15.49245192,1998-067A,ISS (ZARYA)";
  std::string quoted;
  for (const std::string& value : kIssValues) {
    quoted += (quoted.empty() ? "\"" : ",\"") + value + "\"";
  }
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"CRLF as served", kHeader + "\r\n" + kIssRow + "\r\n"},
      {"LF as stored", kHeader + "\n" + kIssRow + "\n"},
      {"no final newline", kHeader + "\n" + kIssRow},
      {"blank lines around", "\n" + kHeader + "\r\n\r\n" + kIssRow + "\r\n\r\n"},
      {"every field quoted", kHeader + "\n" + quoted + "\n"},
      {"quoted header",
       "\"" + kColumns[0] + "\"," + kHeader.substr(kColumns[0].size() + 1) + "\n" + kIssRow + "\n"},
      {"blanks around values", kHeader + "\n" + iss_row_with("INCLINATION", " 51.6317 ") + "\n"},
      {"other column order", reordered_header + "\n" + reordered_row + "\n"},
      {"byte order mark", "\xEF\xBB\xBF" + kHeader + "\r\n" + kIssRow + "\r\n"},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    ASSERT_EQ(sink->sets.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(describe(sink->sets[0]), kIss) << row.name;
    EXPECT_EQ(sink->sets[0].epoch.unix_micros(), kIssEpochMicros) << row.name;
  }
}

TEST(OmmCsvTest, ForcedSourceAndCollectionTimeApplyToEverySet) {
  const TimePoint collected = TimePoint::from_unix_micros(1'790'200'000'000'000);
  const struct {
    const char* name;
    ParseOptions options;
    DataSource expected;
  } rows[] = {
      {"default", ParseOptions{std::nullopt, collected}, DataSource::celestrak},
      {"forced spacetrack", ParseOptions{DataSource::spacetrack, collected},
       DataSource::spacetrack},
      {"forced celestrak", ParseOptions{DataSource::celestrak, collected}, DataSource::celestrak},
  };
  for (const auto& row : rows) {
    const auto sink = parse(kHeader + "\n" + kIssRow + "\n" + kIssRow + "\n", row.options);
    ASSERT_EQ(sink->sets.size(), 2U) << row.name;
    for (const ElementSet& set : sink->sets) {
      EXPECT_EQ(set.source, row.expected) << row.name;
      EXPECT_EQ(set.collected_at, collected) << row.name;
    }
  }
}

TEST(OmmCsvTest, ReadsAnalystSixDigitAndQuotedNames) {
  const struct {
    const char* name;
    std::string row;
    std::int32_t norad_id;
    const char* object_name;
    const char* object_id;
  } rows[] = {
      // Analyst objects: OBJECT_NAME UNKNOWN, empty OBJECT_ID (3.1).
      {"analyst",
       iss_row_with({{"OBJECT_NAME", "UNKNOWN"}, {"OBJECT_ID", ""}, {"NORAD_CAT_ID", "270449"}}),
       270449, "UNKNOWN", ""},
      {"six digits", iss_row_with("NORAD_CAT_ID", "100712"), 100712, "ISS (ZARYA)", "1998-067A"},
      {"designator as name", iss_row_with("OBJECT_NAME", "2026-195B"), 25544, "2026-195B",
       "1998-067A"},
      {"comma in a quoted name", iss_row_with("OBJECT_NAME", "\"SOYUZ, MS-28\""), 25544,
       "SOYUZ, MS-28", "1998-067A"},
      {"doubled quotes", iss_row_with("OBJECT_NAME", "\"THE \"\"BIG\"\" ONE\""), 25544,
       "THE \"BIG\" ONE", "1998-067A"},
      {"upstream punctuation", iss_row_with("OBJECT_NAME", "STARLINK-1008 [+] & O'NEIL"), 25544,
       "STARLINK-1008 [+] & O'NEIL", "1998-067A"},
  };
  for (const auto& row : rows) {
    const auto sink = parse(kHeader + "\n" + row.row + "\n");
    ASSERT_EQ(sink->sets.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->sets[0].norad_id, row.norad_id) << row.name;
    EXPECT_EQ(sink->sets[0].object_name, row.object_name) << row.name;
    EXPECT_EQ(sink->sets[0].object_id, row.object_id) << row.name;
  }
}

TEST(OmmCsvTest, ARepeatedColumnCountsOnce) {
  // The first column of a name is read; a later one of the same name is ignored.
  const auto sink = parse(kHeader + ",MEAN_MOTION,OBJECT_NAME\n" + kIssRow + ",1.5,OTHER\n");
  ASSERT_EQ(sink->sets.size(), 1U) << sink->skips_text();
  EXPECT_EQ(describe(sink->sets[0]), kIss);
}

TEST(OmmCsvTest, OptionalColumnsTakeTheirDefaults) {
  // Only the columns build_element_set requires: the TLE block gets its usual values.
  const auto sink = parse(
      "NORAD_CAT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
      "ARG_OF_PERICENTER,MEAN_ANOMALY\n"
      "5,2000-06-27T18:50:19.733568,10.82419157,.1859667,34.2682,348.7242,331.7664,19.3264\n");
  ASSERT_EQ(sink->sets.size(), 1U) << sink->skips_text();
  EXPECT_EQ(describe(sink->sets[0]),
            "norad_id 5\nobject_name ''\nobject_id ''\nepoch 2000-06-27T18:50:19.733568\n"
            "mean_motion 10.82419157\neccentricity 0.1859667\ninclination 34.2682\n"
            "ra_of_asc_node 348.7242\narg_of_pericenter 331.7664\nmean_anomaly 19.3264\n"
            "bstar 0\nmean_motion_dot 0\nmean_motion_ddot 0\nrev_at_epoch 0\n"
            "classification_type U\nelement_set_no 999\nephemeris_type 0\nsource celestrak\n"
            "creation_date none\n");
}

TEST(OmmCsvTest, MalformedRowsAreSkippedWithLineAndReason) {
  const struct {
    const char* name;
    std::string row;
    std::string reason;
  } rows[] = {
      {"letters in a number", iss_row_with("INCLINATION", "51.6x17"),
       "INCLINATION '51.6x17' is not a number"},
      {"letters for mean motion", iss_row_with("MEAN_MOTION", "fast"),
       "MEAN_MOTION 'fast' is not a number"},
      {"two points", iss_row_with("MEAN_ANOMALY", "187.70.85"),
       "MEAN_ANOMALY '187.70.85' is not a number"},
      {"not a number", iss_row_with("BSTAR", "NaN"), "BSTAR 'NaN' is not a number"},
      {"eccentricity 1.0", iss_row_with("ECCENTRICITY", "1.0"),
       "ECCENTRICITY '1.0' is out of range: must be at least 0 and below 1"},
      {"eccentricity 1.2", iss_row_with("ECCENTRICITY", "1.2"),
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"negative eccentricity", iss_row_with("ECCENTRICITY", "-.0001"),
       "ECCENTRICITY '-.0001' is out of range: must be at least 0 and below 1"},
      {"inclination above 180", iss_row_with("INCLINATION", "180.5"),
       "INCLINATION '180.5' is out of range: must be at least 0 and at most 180"},
      {"zero mean motion", iss_row_with("MEAN_MOTION", "0"),
       "MEAN_MOTION '0' is out of range: must be above 0 and below 100"},
      {"mean motion 100", iss_row_with("MEAN_MOTION", "100"),
       "MEAN_MOTION '100' is out of range: must be above 0 and below 100"},
      {"mean anomaly just over 360", iss_row_with("MEAN_ANOMALY", "360.00001"),
       "MEAN_ANOMALY '360.00001' is out of range: must be at least 0 and at most 360"},
      {"negative node", iss_row_with("RA_OF_ASC_NODE", "-0.001"),
       "RA_OF_ASC_NODE '-0.001' is out of range: must be at least 0 and at most 360"},
      {"sign after a sign", iss_row_with("BSTAR", "+-.1642946E-3"),
       "BSTAR '+-.1642946E-3' is not a number"},
      {"point alone", iss_row_with("MEAN_MOTION_DDOT", "."),
       "MEAN_MOTION_DDOT '.' is not a number"},
      {"exponent alone", iss_row_with("MEAN_MOTION_DOT", ".E-4"),
       "MEAN_MOTION_DOT '.E-4' is not a number"},
      {"infinity", iss_row_with("BSTAR", "inf"), "BSTAR 'inf' is not a number"},
      {"overflow", iss_row_with("BSTAR", "1e999"), "BSTAR '1e999' is not a number"},
      {"missing EPOCH", iss_row_with("EPOCH", ""), "EPOCH is missing"},
      {"bad EPOCH", iss_row_with("EPOCH", "2026-13-23T10:22:36"),
       "EPOCH '2026-13-23T10:22:36' is not an ISO 8601 time"},
      {"EPOCH as day of year", iss_row_with("EPOCH", "26266.43236339"),
       "EPOCH '26266.43236339' is not an ISO 8601 time"},
      {"missing NORAD_CAT_ID", iss_row_with("NORAD_CAT_ID", ""), "NORAD_CAT_ID is missing"},
      {"NORAD_CAT_ID zero", iss_row_with("NORAD_CAT_ID", "0"),
       "NORAD_CAT_ID '0' is out of range: must be at least 1 and at most 999999999"},
      {"fractional NORAD_CAT_ID", iss_row_with("NORAD_CAT_ID", "25544.5"),
       "NORAD_CAT_ID '25544.5' is not a whole number"},
      {"Alpha-5 NORAD_CAT_ID", iss_row_with("NORAD_CAT_ID", "A0245"),
       "NORAD_CAT_ID 'A0245' is not a number"},
      {"long classification", iss_row_with("CLASSIFICATION_TYPE", "UC"),
       "CLASSIFICATION_TYPE 'UC' is not U, C or S"},
      {"a quote as classification", iss_row_with("CLASSIFICATION_TYPE", "\"\"\"\""),
       "CLASSIFICATION_TYPE '\"' is not U, C or S"},
      {"classification X", iss_row_with("CLASSIFICATION_TYPE", "X"),
       "CLASSIFICATION_TYPE 'X' is not U, C or S"},
      {"a name with a carriage return", iss_row_with("OBJECT_NAME", "\"EVIL\r1 99999U\""),
       "OBJECT_NAME holds the control character U+000D (at byte 5)"},
      {"a name with a tab", iss_row_with("OBJECT_NAME", "A\tB"),
       "OBJECT_NAME holds the control character U+0009 (at byte 2)"},
      {"a name that is not UTF-8", iss_row_with("OBJECT_NAME", "\xC9TOILE"),
       "OBJECT_NAME holds bytes that are not UTF-8 (at byte 1)"},
      {"an OBJECT_ID with DEL", iss_row_with("OBJECT_ID", "1998-067A\x7F"),
       "OBJECT_ID holds the control character U+007F (at byte 10)"},
      {"long values are cut in the reason",
       iss_row_with("MEAN_ANOMALY", std::string(60, '9') + "x"),
       "MEAN_ANOMALY '" + std::string(40, '9') + "...' is not a number"},
      {"one field short", kIssRow.substr(0, kIssRow.rfind(',')),
       "16 fields where the header names 17"},
      {"unquoted comma in a name", iss_row_with("OBJECT_NAME", "SOYUZ, MS-28"),
       "18 fields where the header names 17"},
      {"unbalanced quotes", iss_row_with("OBJECT_NAME", "\"ISS (ZARYA)"), "unbalanced quotes"},
      {"text after a closing quote", iss_row_with("OBJECT_NAME", "\"ISS\" (ZARYA)"),
       "unbalanced quotes"},
  };
  for (const auto& row : rows) {
    // A good row on each side: the bad one is skipped alone, at its own line.
    const auto sink = parse(kHeader + "\r\n" + kIssRow + "\r\n\r\n" + row.row + "\r\n" + kIssRow);
    EXPECT_EQ(sink->sets.size(), 2U) << row.name;
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 4U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, row.reason) << row.name;
  }
}

TEST(OmmCsvTest, EmptyHeaderOnlyAndGarbageInputNeverThrow) {
  std::string garbage(20'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2'654'435'761U) >> 13);
  }
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"empty", ""},
      {"blank lines", "\r\n\n  \n"},
      {"header only", kHeader + "\r\n"},
      {"binary garbage", garbage},
      {"garbage rows", kHeader + "\n" + garbage},
  };
  for (const auto& row : rows) {
    std::unique_ptr<CollectingSink> sink;
    ASSERT_NO_THROW(sink = parse(row.text)) << row.name;
    EXPECT_TRUE(sink->sets.empty()) << row.name;
    for (const CollectingSink::Skip& skip : sink->skips) {
      EXPECT_GE(skip.line, 1U) << row.name;
      EXPECT_FALSE(skip.reason.empty()) << row.name;
    }
  }
  EXPECT_TRUE(parse("")->skips.empty());
  EXPECT_FALSE(parse(kHeader + "\n" + garbage)->skips.empty());
}

TEST(OmmCsvTest, AnOverlongLineIsSkippedAndTheNextRowRead) {
  const std::string text = kHeader + "\n" + std::string(3 << 20, 'x') + "\n" + kIssRow + "\n";
  const auto sink = parse(text);
  ASSERT_EQ(sink->skips.size(), 1U) << sink->skips_text();
  EXPECT_EQ(sink->skips[0].line, 2U);
  EXPECT_EQ(sink->skips[0].reason, "line longer than 1 MiB");
  ASSERT_EQ(sink->sets.size(), 1U);
  EXPECT_EQ(describe(sink->sets[0]), kIss);
}

}  // namespace
}  // namespace gpq::sync
