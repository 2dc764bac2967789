// SATCAT records (docs/FORMATS.md 4.1, 4.2): CelesTrak's CSV and JSON, Space-Track's
// satcat JSON (no OPS_STATUS_CODE: D when decayed), field by field, and bad
// values skipped with their line and reason.
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

std::unique_ptr<CollectingSink> parse_csv(std::string text) {
  auto sink = std::make_unique<CollectingSink>();
  const auto in = open_bytes(std::move(text));
  LineReader lines(*in);
  parse_satcat_csv(lines, {}, *sink);
  return sink;
}

std::unique_ptr<CollectingSink> parse_json(std::string text) {
  auto sink = std::make_unique<CollectingSink>();
  const auto in = open_bytes(std::move(text));
  parse_json_records(*in, {}, *sink);
  return sink;
}

// docs/FORMATS.md 4.1 verbatim.
const std::string kHeader =
    "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
    "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,"
    "ORBIT_CENTER,ORBIT_TYPE";
const std::string kSputnikRow =
    "SPUTNIK 1,1957-001B,2,PAY,D,CIS,1957-10-04,TYMSC,1958-01-03,96.10,65.00,1080,64,,,EA,IMP";
const std::string kVanguardRow =
    "VANGUARD 1,1958-002B,5,PAY,,US,1958-03-17,AFETR,,132.74,34.25,3830,654,0.1220,,EA,ORB";

const char* const kSputnik =
    "norad_id 2\nobject_name 'SPUTNIK 1'\nobject_id '1957-001B'\nobject_type PAYLOAD\n"
    "ops_status_code 'D'\nowner 'CIS'\nlaunch_date 1957-10-04\nlaunch_site 'TYMSC'\n"
    "decay_date 1958-01-03\nperiod_minutes 96.1\ninclination_deg 65\napogee_km 1080\n"
    "perigee_km 64\n";
const char* const kVanguard =
    "norad_id 5\nobject_name 'VANGUARD 1'\nobject_id '1958-002B'\nobject_type PAYLOAD\n"
    "ops_status_code ''\nowner 'US'\nlaunch_date 1958-03-17\nlaunch_site 'AFETR'\n"
    "decay_date none\nperiod_minutes 132.74\ninclination_deg 34.25\napogee_km 3830\n"
    "perigee_km 654\n";

// docs/FORMATS.md 4.2: Space-Track's 24 satcat keys, strings or null (a value "-" drops the key).
using Fields = std::vector<std::pair<std::string, std::string>>;
const Fields kSputnikSpacetrack = {{"INTLDES", "\"1957-001B\""},
                                   {"NORAD_CAT_ID", "\"2\""},
                                   {"OBJECT_TYPE", "\"PAYLOAD\""},
                                   {"SATNAME", "\"SPUTNIK 1\""},
                                   {"COUNTRY", "\"CIS\""},
                                   {"LAUNCH", "\"1957-10-04\""},
                                   {"SITE", "\"TYMSC\""},
                                   {"DECAY", "\"1958-01-03\""},
                                   {"PERIOD", "\"96.10\""},
                                   {"INCLINATION", "\"65.00\""},
                                   {"APOGEE", "\"1080\""},
                                   {"PERIGEE", "\"64\""},
                                   {"COMMENT", "null"},
                                   {"COMMENTCODE", "null"},
                                   {"RCSVALUE", "\"0\""},
                                   {"RCS_SIZE", "null"},
                                   {"FILE", "\"1\""},
                                   {"LAUNCH_YEAR", "\"1957\""},
                                   {"LAUNCH_NUM", "\"1\""},
                                   {"LAUNCH_PIECE", "\"B\""},
                                   {"CURRENT", "\"Y\""},
                                   {"OBJECT_NAME", "\"SPUTNIK 1\""},
                                   {"OBJECT_ID", "\"1957-001B\""},
                                   {"OBJECT_NUMBER", "\"2\""}};

std::string json_object(const Fields& fields, const Fields& changes = {}) {
  std::string text;
  for (auto [key, value] : fields) {
    for (const auto& [k, v] : changes) {
      if (k == key) {
        value = v;
      }
    }
    if (value != "-") {
      text += (text.empty() ? "{" : ",") + ("\"" + key + "\":") + value;
    }
  }
  return text + "}";
}

std::string vanguard_spacetrack(const Fields& changes = {}) {
  Fields fields = {{"INTLDES", "\"1958-002B\""},
                   {"NORAD_CAT_ID", "\"5\""},
                   {"SATNAME", "\"VANGUARD 1\""},
                   {"COUNTRY", "\"US\""},
                   {"LAUNCH", "\"1958-03-17\""},
                   {"SITE", "\"AFETR\""},
                   {"DECAY", "null"},
                   {"PERIOD", "\"132.74\""},
                   {"INCLINATION", "\"34.25\""},
                   {"APOGEE", "\"3830\""},
                   {"PERIGEE", "\"654\""},
                   {"RCS_SIZE", "\"SMALL\""},
                   {"LAUNCH_YEAR", "\"1958\""},
                   {"LAUNCH_NUM", "\"2\""},
                   {"LAUNCH_PIECE", "\"B\""},
                   {"CURRENT", "\"Y\""},
                   {"OBJECT_NAME", "\"VANGUARD 1\""},
                   {"OBJECT_ID", "\"1958-002B\""},
                   {"OBJECT_NUMBER", "\"5\""}};
  fields.insert(fields.begin() + 2, {"OBJECT_TYPE", "\"PAYLOAD\""});
  return json_object(fields, changes);
}

// CelesTrak's SATCAT JSON: the CSV's keys, numbers as numbers, "" for blank text.
const std::string kSputnikCelestrakJson =
    R"j({"OBJECT_NAME":"SPUTNIK 1","OBJECT_ID":"1957-001B","NORAD_CAT_ID":2,"OBJECT_TYPE":"PAY",)j"
    R"j("OPS_STATUS_CODE":"D","OWNER":"CIS","LAUNCH_DATE":"1957-10-04","LAUNCH_SITE":"TYMSC",)j"
    R"j("DECAY_DATE":"1958-01-03","PERIOD":96.1,"INCLINATION":65,"APOGEE":1080,"PERIGEE":64,)j"
    R"j("RCS":null,"DATA_STATUS_CODE":"","ORBIT_CENTER":"EA","ORBIT_TYPE":"IMP"})j";
const std::string kVanguardCelestrakJson =
    R"j({"OBJECT_NAME":"VANGUARD 1","OBJECT_ID":"1958-002B","NORAD_CAT_ID":5,"OBJECT_TYPE":"PAY",)j"
    R"j("OPS_STATUS_CODE":"","OWNER":"US","LAUNCH_DATE":"1958-03-17","LAUNCH_SITE":"AFETR",)j"
    R"j("DECAY_DATE":"","PERIOD":132.74,"INCLINATION":34.25,"APOGEE":3830,"PERIGEE":654,)j"
    R"j("RCS":0.122,"DATA_STATUS_CODE":"","ORBIT_CENTER":"EA","ORBIT_TYPE":"ORB"})j";

TEST(SatcatTest, CelesTrakCsvRows) {
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"LF", kHeader + "\n" + kSputnikRow + "\n" + kVanguardRow + "\n"},
      {"CRLF", kHeader + "\r\n" + kSputnikRow + "\r\n" + kVanguardRow + "\r\n"},
      {"blank lines", kHeader + "\r\n\r\n" + kSputnikRow + "\r\n\r\n" + kVanguardRow},
      {"byte order mark", "\xEF\xBB\xBF" + kHeader + "\r\n" + kSputnikRow + "\r\n" + kVanguardRow},
  };
  for (const auto& row : rows) {
    const auto sink = parse_csv(row.text);
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    EXPECT_TRUE(sink->sets.empty()) << row.name;
    ASSERT_EQ(sink->records.size(), 2U) << row.name;
    EXPECT_EQ(describe(sink->records[0]), kSputnik) << row.name;
    EXPECT_EQ(describe(sink->records[1]), kVanguard) << row.name;
  }
}

TEST(SatcatTest, ObjectTypeSpellings) {
  const std::pair<const char*, const char*> rows[] = {
      {"PAY", "PAYLOAD"},   {"R/B", "ROCKET BODY"}, {"DEB", "DEBRIS"},
      {"UNK", "UNKNOWN"},   {"PAYLOAD", "PAYLOAD"}, {"ROCKET BODY", "ROCKET BODY"},
      {"DEBRIS", "DEBRIS"}, {"UNKNOWN", "UNKNOWN"}, {"deb", "DEBRIS"},
      {"TBA", "UNKNOWN"},   {"", "none"},
  };
  for (const auto& [spelling, expected] : rows) {
    std::string row = kVanguardRow;
    row.replace(row.find("PAY"), 3, spelling);
    const auto sink = parse_csv(kHeader + "\n" + row + "\n");
    ASSERT_EQ(sink->records.size(), 1U) << spelling << ": " << sink->skips_text();
    const auto& type = sink->records[0].object_type;
    EXPECT_EQ(type ? std::string(to_string(*type)) : "none", expected) << spelling;
  }
}

TEST(SatcatTest, SpaceTrackJsonHasNoStatusButDecayedMeansD) {
  const std::string sputnik = json_object(kSputnikSpacetrack);
  const auto heliocentric = vanguard_spacetrack(
      {{"PERIOD", "null"}, {"INCLINATION", "null"}, {"APOGEE", "null"}, {"PERIGEE", "null"}});
  std::string vanguard_without_orbit = kVanguard;
  for (const char* field : {"period_minutes", "inclination_deg", "apogee_km", "perigee_km"}) {
    const std::size_t at = vanguard_without_orbit.find(field) + std::string(field).size() + 1;
    vanguard_without_orbit.replace(at, vanguard_without_orbit.find('\n', at) - at, "none");
  }
  const struct {
    const char* name;
    std::string text;
    std::vector<std::string> records;
  } rows[] = {
      {"array", "[" + sputnik + ",\n" + vanguard_spacetrack() + "]", {kSputnik, kVanguard}},
      {"wrapped as the mirror stores it",
       R"j({"updated_at":"2026-06-05T00:00:00Z","data":[)j" + sputnik + "," +
           vanguard_spacetrack() + "]}",
       {kSputnik, kVanguard}},
      {"only the OBJECT_ names",
       "[" + json_object(kSputnikSpacetrack, {{"SATNAME", "-"}, {"INTLDES", "-"}}) + "]",
       {}},
      {"no orbit (heliocentric)", "[" + heliocentric + "]", {vanguard_without_orbit}},
      {"CelesTrak SATCAT JSON",
       "[" + kSputnikCelestrakJson + "," + kVanguardCelestrakJson + "]",
       {kSputnik, kVanguard}},
  };
  for (const auto& row : rows) {
    const auto sink = parse_json(row.text);
    if (row.records.empty()) {
      // Without SATNAME/INTLDES and without CelesTrak's satcat keys, a record reads as GP.
      EXPECT_TRUE(sink->records.empty()) << row.name;
      ASSERT_EQ(sink->skips.size(), 1U) << row.name;
      EXPECT_EQ(sink->skips[0].reason, "EPOCH is missing") << row.name;
      continue;
    }
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    EXPECT_TRUE(sink->sets.empty()) << row.name;
    ASSERT_EQ(sink->records.size(), row.records.size()) << row.name;
    for (std::size_t i = 0; i < row.records.size(); ++i) {
      EXPECT_EQ(describe(sink->records[i]), row.records[i]) << row.name << " #" << i;
    }
  }
}

TEST(SatcatTest, BadValuesAreSkippedWithLineAndReason) {
  const auto csv_with = [](std::size_t column, const std::string& value) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t comma = kSputnikRow.find(',');; comma = kSputnikRow.find(',', start)) {
      fields.push_back(kSputnikRow.substr(start, comma - start));
      if (comma == std::string::npos) {
        break;
      }
      start = comma + 1;
    }
    fields[column] = value;
    std::string row;
    for (const std::string& field : fields) {
      row += (row.empty() ? "" : ",") + field;
    }
    return row;
  };
  const struct {
    const char* name;
    std::string row;
    std::string reason;
  } csv_rows[] = {
      {"missing NORAD_CAT_ID", csv_with(2, ""), "NORAD_CAT_ID '' is not a catalog number"},
      {"letters in NORAD_CAT_ID", csv_with(2, "2a"), "NORAD_CAT_ID '2a' is not a catalog number"},
      {"NORAD_CAT_ID zero", csv_with(2, "0"), "NORAD_CAT_ID '0' is not a catalog number"},
      {"fractional NORAD_CAT_ID", csv_with(2, "2.5"), "NORAD_CAT_ID '2.5' is not a catalog number"},
      {"unknown OBJECT_TYPE", csv_with(3, "SPACESHIP"), "OBJECT_TYPE 'SPACESHIP' is not known"},
      {"bad LAUNCH_DATE", csv_with(6, "1957-13-04"), "LAUNCH_DATE '1957-13-04' is not a date"},
      {"bad DECAY_DATE", csv_with(8, "soon"), "DECAY_DATE 'soon' is not a date"},
      {"letters in PERIOD", csv_with(9, "96.1m"), "PERIOD '96.1m' is not a number"},
      {"letters in APOGEE", csv_with(11, "high"), "APOGEE 'high' is not a number"},
      {"one field short", kSputnikRow.substr(0, kSputnikRow.rfind(',')),
       "16 fields where the header names 17"},
      {"unbalanced quotes", csv_with(0, "\"SPUTNIK 1"), "unbalanced quotes"},
      {"a control character in a name", csv_with(0, "SPUTNIK\x1b[2J"),
       "OBJECT_NAME holds the control character U+001B (at byte 8)"},
      {"an OWNER that is not UTF-8", csv_with(5, "CI\xD3S"),
       "OWNER holds bytes that are not UTF-8 (at byte 3)"},
  };
  for (const auto& row : csv_rows) {
    const auto sink =
        parse_csv(kHeader + "\n" + kVanguardRow + "\n" + row.row + "\n" + kVanguardRow + "\n");
    EXPECT_EQ(sink->records.size(), 2U) << row.name;
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 3U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, row.reason) << row.name;
  }

  const struct {
    const char* name;
    std::string record;
    std::string reason;
  } json_rows[] = {
      {"null NORAD_CAT_ID", vanguard_spacetrack({{"NORAD_CAT_ID", "null"}}),
       "NORAD_CAT_ID '' is not a catalog number"},
      {"bad LAUNCH", vanguard_spacetrack({{"LAUNCH", "\"1958-02-30\""}}),
       "LAUNCH '1958-02-30' is not a date"},
      {"bad DECAY", vanguard_spacetrack({{"DECAY", "\"1982-13-22\""}}),
       "DECAY '1982-13-22' is not a date"},
      {"letters in PERIGEE", vanguard_spacetrack({{"PERIGEE", "\"6x4\""}}),
       "PERIGEE '6x4' is not a number"},
      {"unknown OBJECT_TYPE", vanguard_spacetrack({{"OBJECT_TYPE", "\"SPACE STATION\""}}),
       "OBJECT_TYPE 'SPACE STATION' is not known"},
  };
  for (const auto& row : json_rows) {
    const auto sink = parse_json("[\n" + vanguard_spacetrack() + ",\n" + row.record + ",\n" +
                                 vanguard_spacetrack() + "\n]");
    EXPECT_EQ(sink->records.size(), 2U) << row.name;
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 3U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, row.reason) << row.name;
  }
}

TEST(SatcatTest, EmptyHeaderOnlyAndGarbageNeverThrow) {
  std::string garbage(20'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2'654'435'761U) >> 13);
  }
  for (const std::string& text : {std::string(), kHeader, kHeader + "\n" + garbage, garbage}) {
    std::unique_ptr<CollectingSink> sink;
    ASSERT_NO_THROW(sink = parse_csv(text));
    EXPECT_TRUE(sink->records.empty());
    for (const CollectingSink::Skip& skip : sink->skips) {
      EXPECT_GE(skip.line, 1U);
      EXPECT_FALSE(skip.reason.empty());
    }
  }
}

}  // namespace
}  // namespace gpq::sync
