// JSON records (docs/FORMATS.md 3.2, 3.3, T7): CelesTrak numbers, Space-Track strings,
// reduced TLE-only rows with Alpha-5, wrappers, the source each counts as, and
// malformed records skipped with their line and reason.
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
  parse_json_records(*in, options, *sink);
  return sink;
}

// docs/FORMATS.md 3.2 verbatim: CelesTrak's ISS record of 2026-09-22.
const std::string kCelestrak =
    R"j({"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A",)j"
    R"j("EPOCH":"2026-09-22T20:26:37.026816",)j"
    R"j("MEAN_MOTION":15.49234213,"ECCENTRICITY":0.00047339,"INCLINATION":51.6316,)j"
    R"j("RA_OF_ASC_NODE":176.7315,"ARG_OF_PERICENTER":169.8211,"MEAN_ANOMALY":190.2874,)j"
    R"j("EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":25544,)j"
    R"j("ELEMENT_SET_NO":999,"REV_AT_EPOCH":58689,"BSTAR":0.00014639046,)j"
    R"j("MEAN_MOTION_DOT":7.689e-5,"MEAN_MOTION_DDOT":0})j";

const char* const kCelestrakIss =
    "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
    "epoch 2026-09-22T20:26:37.026816\nmean_motion 15.49234213\neccentricity 0.00047339\n"
    "inclination 51.6316\nra_of_asc_node 176.7315\narg_of_pericenter 169.8211\n"
    "mean_anomaly 190.2874\nbstar 0.00014639046\nmean_motion_dot 7.689e-05\n"
    "mean_motion_ddot 0\nrev_at_epoch 58689\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date none\n";

// docs/FORMATS.md 3.3: Space-Track's 40 keys in their order, every value a string or null
// (the ISS set of 2026-09-23, docs/FORMATS.md 3.1, as Space-Track would print it).
const std::vector<std::pair<std::string, std::string>> kSpacetrackKeys = {
    {"CCSDS_OMM_VERS", "\"3.0\""},
    {"COMMENT", "\"GENERATED VIA SPACE-TRACK.ORG API\""},
    {"CREATION_DATE", "\"2026-09-23T12:06:10\""},
    {"ORIGINATOR", "\"18 SPCS\""},
    {"OBJECT_NAME", "\"ISS (ZARYA)\""},
    {"OBJECT_ID", "\"1998-067A\""},
    {"CENTER_NAME", "\"EARTH\""},
    {"REF_FRAME", "\"TEME\""},
    {"TIME_SYSTEM", "\"UTC\""},
    {"MEAN_ELEMENT_THEORY", "\"SGP4\""},
    {"EPOCH", "\"2026-09-23T10:22:36.196896\""},
    {"MEAN_MOTION", "\"15.49245192\""},
    {"ECCENTRICITY", "\"0.00047365\""},
    {"INCLINATION", "\"51.6317\""},
    {"RA_OF_ASC_NODE", "\"173.8582\""},
    {"ARG_OF_PERICENTER", "\"172.3976\""},
    {"MEAN_ANOMALY", "\"187.7085\""},
    {"EPHEMERIS_TYPE", "\"0\""},
    {"CLASSIFICATION_TYPE", "\"U\""},
    {"NORAD_CAT_ID", "\"25544\""},
    {"ELEMENT_SET_NO", "\"999\""},
    {"REV_AT_EPOCH", "\"58698\""},
    {"BSTAR", "\"0.00016429460000\""},
    {"MEAN_MOTION_DOT", "\"0.00008690\""},
    {"MEAN_MOTION_DDOT", "\"0.0000000000000\""},
    {"SEMIMAJOR_AXIS", "\"6797.070\""},
    {"PERIOD", "\"92.948\""},
    {"APOAPSIS", "\"422.154\""},
    {"PERIAPSIS", "\"415.715\""},
    {"OBJECT_TYPE", "\"PAYLOAD\""},
    {"RCS_SIZE", "\"LARGE\""},
    {"COUNTRY_CODE", "\"ISS\""},
    {"LAUNCH_DATE", "\"1998-11-20\""},
    {"SITE", "\"TTMTR\""},
    {"DECAY_DATE", "null"},
    {"FILE", "\"5012345\""},
    {"GP_ID", "\"312345678\""},
    {"TLE_LINE0", "\"0 ISS (ZARYA)\""},
    {"TLE_LINE1", "\"1 25544U 98067A   26266.43236339  .00008690  00000-0  16429-3 0  9993\""},
    {"TLE_LINE2", "\"2 25544  51.6317 173.8582 0004736 172.3976 187.7085 15.49245192586988\""},
};

// The Space-Track record with some keys changed (a value "-" drops the key).
std::string spacetrack(const std::vector<std::pair<std::string, std::string>>& changes = {}) {
  std::string text;
  for (auto [key, value] : kSpacetrackKeys) {
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

const char* const kSpacetrackIss =
    "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
    "epoch 2026-09-23T10:22:36.196896\nmean_motion 15.49245192\neccentricity 0.00047365\n"
    "inclination 51.6317\nra_of_asc_node 173.8582\narg_of_pericenter 172.3976\n"
    "mean_anomaly 187.7085\nbstar 0.0001642946\nmean_motion_dot 8.69e-05\n"
    "mean_motion_ddot 0\nrev_at_epoch 58698\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource spacetrack\ncreation_date 2026-09-23T12:06:10.000000\n";

// Space-Track gp rows reduced to six fields (docs/FORMATS.md T7 and its analyst twin T0449).
const std::string kElectron =
    R"j({"NORAD_CAT_ID":"100245","OBJECT_NAME":"ELECTRON R/B","OBJECT_ID":"2026-180C",)j"
    R"j("EPOCH":"2026-08-08T14:16:42.214656",)j"
    R"j("TLE_LINE1":"1 A0245U 26180C   26220.59493304  .00218995  19137-4  74224-3 0  9998",)j"
    R"j("TLE_LINE2":"2 A0245  42.0065  15.8693 0245919 248.7329 108.7095 15.55157830   355"})j";
const std::string kAnalyst =
    R"j({"NORAD_CAT_ID":"270449","OBJECT_NAME":"TBA - TO BE ASSIGNED","OBJECT_ID":"UNKNOWN",)j"
    R"j("EPOCH":"2026-06-13T06:00:00.000000",)j"
    R"j("TLE_LINE1":"1 T0449U          26164.25000000  .00001234  00000-0  12345-3 0  9991",)j"
    R"j("TLE_LINE2":"2 T0449  97.4000 120.0000 0012000  80.0000 280.0000 15.20000000 92631"})j";

const char* const kElectronSet =
    "norad_id 100245\nobject_name 'ELECTRON R/B'\nobject_id '2026-180C'\n"
    "epoch 2026-08-08T14:16:42.214656\nmean_motion 15.5515783\neccentricity 0.0245919\n"
    "inclination 42.0065\nra_of_asc_node 15.8693\narg_of_pericenter 248.7329\n"
    "mean_anomaly 108.7095\nbstar 0.00074224\nmean_motion_dot 0.00218995\n"
    "mean_motion_ddot 1.9137e-05\nrev_at_epoch 35\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource spacetrack\ncreation_date none\n";
const char* const kAnalystSet =
    "norad_id 270449\nobject_name 'TBA - TO BE ASSIGNED'\nobject_id ''\n"
    "epoch 2026-06-13T06:00:00.000000\nmean_motion 15.2\neccentricity 0.0012\n"
    "inclination 97.4\nra_of_asc_node 120\narg_of_pericenter 80\n"
    "mean_anomaly 280\nbstar 0.00012345\nmean_motion_dot 1.234e-05\n"
    "mean_motion_ddot 0\nrev_at_epoch 9263\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource spacetrack\ncreation_date none\n";

// `set` with its source line replaced.
std::string as_source(std::string set, DataSource source) {
  const std::size_t at = set.find("source ");
  set.replace(at, set.find('\n', at) - at, "source " + std::string(to_string(source)));
  return set;
}

TEST(JsonRecordsTest, EveryShapeGivesItsSetsAndSource) {
  std::string pretty = kCelestrak;
  for (std::size_t at = pretty.find(",\""); at != std::string::npos;
       at = pretty.find(",\"", at + 4)) {
    pretty.replace(at, 1, ",\r\n    ");
  }
  const struct {
    const char* name;
    std::string text;
    std::vector<std::string> sets;
  } rows[] = {
      {"CelesTrak array", "[" + kCelestrak + "]", {kCelestrakIss}},
      {"CelesTrak json-pretty", "[\r\n  " + pretty + "\r\n]\r\n", {kCelestrakIss}},
      {"Space-Track strings", "[" + spacetrack() + "]", {kSpacetrackIss}},
      {"Space-Track 2.0",
       "[" + spacetrack({{"CCSDS_OMM_VERS", "\"2.0\""}}) + "]",
       {kSpacetrackIss}},
      {"Space-Track with only GP_ID",
       "[" + spacetrack({{"ORIGINATOR", "-"}, {"NORAD_CAT_ID", "25544"}}) + "]",
       {kSpacetrackIss}},
      {"Space-Track with only ORIGINATOR",
       "[" + spacetrack({{"GP_ID", "-"}, {"NORAD_CAT_ID", "25544"}}) + "]",
       {kSpacetrackIss}},
      {"reduced Alpha-5 rows", "[" + kElectron + "," + kAnalyst + "]", {kElectronSet, kAnalystSet}},
      {"wrapped",
       R"j({"updated_at":"2026-08-08T15:00:00Z","count":2,"data":[)j" + kElectron + "," + kAnalyst +
           "]}",
       {kElectronSet, kAnalystSet}},
      {"mixed in one file",
       "[" + kCelestrak + ",\n" + spacetrack() + ",\n" + kElectron + "]",
       {kCelestrakIss, kSpacetrackIss, kElectronSet}},
      {"byte order mark", "\xEF\xBB\xBF[" + kCelestrak + "]", {kCelestrakIss}},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    ASSERT_EQ(sink->sets.size(), row.sets.size()) << row.name;
    for (std::size_t i = 0; i < row.sets.size(); ++i) {
      EXPECT_EQ(describe(sink->sets[i]), row.sets[i]) << row.name << " #" << i;
    }
  }
  EXPECT_EQ(parse("[" + spacetrack() + "]")->sets.at(0).epoch.unix_micros(), 1'790'158'956'196'896);
  EXPECT_EQ(parse("[" + kElectron + "]")->sets.at(0).epoch.unix_micros(), 1'786'198'602'214'656);
}

TEST(JsonRecordsTest, ForcedSourceOverridesTheShape) {
  const std::string text = "[" + kCelestrak + "," + spacetrack() + "," + kElectron + "]";
  for (const DataSource source : {DataSource::spacetrack, DataSource::celestrak}) {
    const TimePoint collected = TimePoint::from_unix_micros(1'790'200'000'000'000);
    const auto sink = parse(text, ParseOptions{source, collected});
    ASSERT_EQ(sink->sets.size(), 3U) << to_string(source);
    EXPECT_EQ(describe(sink->sets[0]), as_source(kCelestrakIss, source)) << to_string(source);
    EXPECT_EQ(describe(sink->sets[1]), as_source(kSpacetrackIss, source)) << to_string(source);
    EXPECT_EQ(describe(sink->sets[2]), as_source(kElectronSet, source)) << to_string(source);
    for (const ElementSet& set : sink->sets) {
      EXPECT_EQ(set.collected_at, collected) << to_string(source);
    }
  }
}

TEST(JsonRecordsTest, MalformedRecordsAreSkippedWithLineAndReason) {
  // Each bad record sits on line 3 of a pretty array, between two good ones.
  const auto celestrak_with = [](const std::string& key, const std::string& value) {
    std::string record = kCelestrak;
    const std::size_t at = record.find("\"" + key + "\":");
    if (value == "-") {
      record.erase(at, record.find_first_of(",}", at) + 1 - at);
    } else {
      const std::size_t start = at + key.size() + 3;
      record.replace(start, record.find_first_of(",}", start) - start, value);
    }
    return record;
  };
  std::string electron_bad_checksum = kElectron;
  electron_bad_checksum.replace(electron_bad_checksum.find("9998"), 4, "9997");
  const struct {
    const char* name;
    std::string record;
    std::string reason;
  } rows[] = {
      {"letters in a string number", spacetrack({{"INCLINATION", "\"51.6x17\""}}),
       "INCLINATION '51.6x17' is not a number"},
      {"empty string number", spacetrack({{"MEAN_MOTION", "\"\""}}), "MEAN_MOTION is missing"},
      {"eccentricity 1.0", celestrak_with("ECCENTRICITY", "1.0"),
       "ECCENTRICITY '1' is out of range: must be at least 0 and below 1"},
      {"eccentricity 1.2", celestrak_with("ECCENTRICITY", "1.2"),
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"eccentricity \"1.2\"", spacetrack({{"ECCENTRICITY", "\"1.2\""}}),
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"missing EPOCH", celestrak_with("EPOCH", "-"), "EPOCH is missing"},
      {"null EPOCH", celestrak_with("EPOCH", "null"), "EPOCH is missing"},
      {"bad EPOCH", celestrak_with("EPOCH", "\"2026-09-22T20:26:61\""),
       "EPOCH '2026-09-22T20:26:61' is not an ISO 8601 time"},
      {"EPOCH as a number", celestrak_with("EPOCH", "26265.85181744"),
       "EPOCH '26265.85181744' is not an ISO 8601 time"},
      {"missing NORAD_CAT_ID", celestrak_with("NORAD_CAT_ID", "-"), "NORAD_CAT_ID is missing"},
      {"negative NORAD_CAT_ID", celestrak_with("NORAD_CAT_ID", "-5"),
       "NORAD_CAT_ID '-5' is out of range: must be at least 1 and at most 999999999"},
      {"a boolean", celestrak_with("EPHEMERIS_TYPE", "true"),
       "a JSON value that is not a string, number or null"},
      {"an array value", celestrak_with("OBJECT_NAME", "[\"ISS\"]"),
       "JSON object holding an object or array (records are flat)"},
      {"an object value", celestrak_with("OBJECT_NAME", "{\"NORAD_CAT_ID\":5}"),
       "JSON object holding an object or array (records are flat)"},
      {"not JSON", R"j({"NORAD_CAT_ID" 25544})j", "not valid JSON"},
      {"trailing comma", R"j({"NORAD_CAT_ID":25544,})j", "not valid JSON"},
      {"bad escape", R"j({"OBJECT_NAME":"\q"})j", "not valid JSON"},
      {"TLE with a bad checksum", electron_bad_checksum,
       "line 1: bad checksum, expected 8, found "},  // the rest is parse_tle's wording
      {"TLE of another object",
       std::string(kElectron).replace(kElectron.find("100245"), 6, "100246"),
       "NORAD_CAT_ID 100246 differs from the TLE's 100245"},
      // The record that forged a TLE line and broke every JSON list holding it.
      {"a name holding a TLE line",
       celestrak_with("OBJECT_NAME",
                      "\"EVIL\\n1 99999U 00000A   25001.00000000  "
                      ".00000000  00000-0  00000-0 0  9990\""),
       "OBJECT_NAME holds the control character U+000A (at byte 5)"},
      {"a quote as classification", celestrak_with("CLASSIFICATION_TYPE", "\"\\\"\""),
       "CLASSIFICATION_TYPE '\"' is not U, C or S"},
      {"an escaped NUL in a name", celestrak_with("OBJECT_NAME", "\"A\\u0000B\""),
       "OBJECT_NAME holds the control character U+0000 (at byte 2)"},
      {"only one TLE line", std::string(kElectron).replace(kElectron.find("TLE_LINE2"), 9, "X"),
       "MEAN_MOTION is missing"},
  };
  for (const auto& row : rows) {
    const auto sink = parse("[\n" + kCelestrak + ",\n" + row.record + ",\n" + kElectron + "\n]\n");
    EXPECT_EQ(sink->sets.size(), 2U) << row.name << ": " << sink->skips_text();
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 3U) << row.name;
    EXPECT_EQ(sink->skips[0].reason.substr(0, row.reason.size()), row.reason) << row.name;
  }
}

TEST(JsonRecordsTest, ExtraNumbersRepeatedKeysAndObjectsThatAreNoRecord) {
  // Many numeric members gpq does not read: the record is still read whole.
  std::string many = kCelestrak;
  for (int i = 0; i < 200; ++i) {
    many.insert(1, "\"X" + std::to_string(i) + "\":" + std::to_string(i) + ".5,");
  }
  // A repeated key: the first value counts, for element fields as for the rest.
  std::string repeated = kCelestrak;
  repeated.insert(repeated.size() - 1, R"j(,"MEAN_MOTION":1.5,"OBJECT_NAME":"OTHER")j");
  {
    const auto sink = parse("[" + many + "," + repeated + "]");
    EXPECT_TRUE(sink->skips.empty()) << sink->skips_text();
    ASSERT_EQ(sink->sets.size(), 2U);
    EXPECT_EQ(describe(sink->sets[0]), kCelestrakIss);
    EXPECT_EQ(describe(sink->sets[1]), kCelestrakIss);
  }
  const struct {
    const char* name;
    std::string text;
    std::string reason;
  } rows[] = {
      {"an upstream's error object", R"j({"error":"You must be logged in"})j",
       R"j(JSON object {"error"} is neither an element set nor a SATCAT record)j"},
      {"a wrapper's metadata", R"j({"meta":{"count":1,"page":1,"total":1,"next":"p2"},"data":[]})j",
       R"j(JSON object {"count", "page", "total", ...} is neither an element set nor a SATCAT record)j"},
      {"an empty object", "[{}]", "JSON object {} is neither an element set nor a SATCAT record"},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    EXPECT_TRUE(sink->sets.empty()) << row.name;
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 1U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, row.reason) << row.name;
  }
}

TEST(JsonRecordsTest, BracesAndEscapedQuotesInsideStrings) {
  const auto named = [](const std::string& json_name) {
    std::string record = kCelestrak;
    record.replace(record.find("\"ISS (ZARYA)\""), 13, json_name);
    return record;
  };
  const std::pair<std::string, std::string> rows[] = {
      {R"j("A {weird} name")j", "A {weird} name"}, {R"j("say \"}\"")j", "say \"}\""},
      {R"j("[+] ]]} {")j", "[+] ]]} {"},           {R"j("C:\\")j", "C:\\"},
      {R"j("\u00c9TOILE")j", "\xC3\x89TOILE"},
  };
  for (const auto& [json, name] : rows) {
    const auto sink = parse("[" + named(json) + "," + kCelestrak + "]");
    ASSERT_EQ(sink->sets.size(), 2U) << json << ": " << sink->skips_text();
    EXPECT_EQ(sink->sets[0].object_name, name) << json;
    EXPECT_EQ(sink->sets[1].object_name, "ISS (ZARYA)") << json;
  }
}

TEST(JsonRecordsTest, TruncatedOversizeEmptyAndGarbageInput) {
  std::string big = kCelestrak;
  big.insert(1, "\"PAD\":\"" + std::string(1 << 20, 'p') + "\",");
  std::string garbage(50'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2'654'435'761U) >> 13);
  }
  const struct {
    const char* name;
    std::string text;
    std::size_t sets;
    std::vector<std::uint64_t> skip_lines;
    std::string first_reason;
  } rows[] = {
      {"cut at the end",
       "[\n" + kCelestrak + ",\n" + kCelestrak.substr(0, 120),
       1,
       {3},
       "JSON object cut off at the end of the file"},
      {"cut inside a string",
       "[" + kCelestrak.substr(0, 20),
       0,
       {1},
       "JSON object cut off at the end of the file"},
      {"an object over 1 MiB",
       "[\n" + kCelestrak + ",\n" + big + ",\n" + kCelestrak + "]",
       2,
       {3},
       "JSON object larger than 1 MiB"},
      {"empty", "", 0, {}, ""},
      {"empty array", "[]", 0, {}, ""},
      {"empty wrapper", R"j({"updated_at":"x","count":0,"data":[]})j", 0, {}, ""},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    EXPECT_EQ(sink->sets.size(), row.sets) << row.name;
    std::vector<std::uint64_t> lines;
    for (const CollectingSink::Skip& skip : sink->skips) {
      lines.push_back(skip.line);
    }
    EXPECT_EQ(lines, row.skip_lines) << row.name << ": " << sink->skips_text();
    if (!sink->skips.empty()) {
      EXPECT_EQ(sink->skips[0].reason, row.first_reason) << row.name;
    }
  }
  for (const std::string& text : {garbage, "[" + garbage, "[{" + garbage}) {
    std::unique_ptr<CollectingSink> sink;
    ASSERT_NO_THROW(sink = parse(text));
    EXPECT_TRUE(sink->sets.empty());
    for (const CollectingSink::Skip& skip : sink->skips) {
      EXPECT_GE(skip.line, 1U);
      EXPECT_FALSE(skip.reason.empty());
    }
  }
}

}  // namespace
}  // namespace gpq::sync
