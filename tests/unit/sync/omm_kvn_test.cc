// OMM KVN (docs/FORMATS.md 2.2): CelesTrak's layout, objects concatenated, comments and
// user-defined keys, and malformed objects skipped at their CCSDS_OMM_VERS line.
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
  parse_omm_kvn(lines, options, *sink);
  return sink;
}

using Keys = std::vector<std::pair<std::string, std::string>>;

// docs/FORMATS.md 2.2 verbatim: ISS (ZARYA) of 2026-04-02. An empty key is a blank line.
const Keys kIssKeys = {{"CCSDS_OMM_VERS", "2.0"},
                       {"CREATION_DATE", ""},
                       {"ORIGINATOR", ""},
                       {"", ""},
                       {"OBJECT_NAME", "ISS (ZARYA)"},
                       {"OBJECT_ID", "1998-067A"},
                       {"CENTER_NAME", "EARTH"},
                       {"REF_FRAME", "TEME"},
                       {"TIME_SYSTEM", "UTC"},
                       {"MEAN_ELEMENT_THEORY", "SGP/SGP4"},
                       {"", ""},
                       {"EPOCH", "2026-04-02T20:14:17.914560"},
                       {"MEAN_MOTION", "15.48729122"},
                       {"ECCENTRICITY", ".00062358"},
                       {"INCLINATION", "51.6328"},
                       {"RA_OF_ASC_NODE", "312.9475"},
                       {"ARG_OF_PERICENTER", "264.7845"},
                       {"MEAN_ANOMALY", "95.2432"},
                       {"", ""},
                       {"EPHEMERIS_TYPE", "0"},
                       {"CLASSIFICATION_TYPE", "U"},
                       {"NORAD_CAT_ID", "25544"},
                       {"ELEMENT_SET_NO", "999"},
                       {"REV_AT_EPOCH", "56007"},
                       {"BSTAR", ".22446991E-3"},
                       {"MEAN_MOTION_DOT", ".11825E-3"},
                       {"MEAN_MOTION_DDOT", "0"},
                       {"", ""}};

// VANGUARD 1 (docs/FORMATS.md T2) in the same layout.
const Keys kVanguardKeys = {{"CCSDS_OMM_VERS", "2.0"},
                            {"CREATION_DATE", ""},
                            {"ORIGINATOR", ""},
                            {"", ""},
                            {"OBJECT_NAME", "VANGUARD 1"},
                            {"OBJECT_ID", "1958-002B"},
                            {"CENTER_NAME", "EARTH"},
                            {"REF_FRAME", "TEME"},
                            {"TIME_SYSTEM", "UTC"},
                            {"MEAN_ELEMENT_THEORY", "SGP/SGP4"},
                            {"", ""},
                            {"EPOCH", "2000-06-27T18:50:19.733568"},
                            {"MEAN_MOTION", "10.82419157"},
                            {"ECCENTRICITY", ".1859667"},
                            {"INCLINATION", "34.2682"},
                            {"RA_OF_ASC_NODE", "348.7242"},
                            {"ARG_OF_PERICENTER", "331.7664"},
                            {"MEAN_ANOMALY", "19.3264"},
                            {"", ""},
                            {"EPHEMERIS_TYPE", "0"},
                            {"CLASSIFICATION_TYPE", "U"},
                            {"NORAD_CAT_ID", "5"},
                            {"ELEMENT_SET_NO", "475"},
                            {"REV_AT_EPOCH", "41366"},
                            {"BSTAR", ".28098E-4"},
                            {"MEAN_MOTION_DOT", ".23E-6"},
                            {"MEAN_MOTION_DDOT", "0"},
                            {"", ""}};

// CelesTrak pads keys to 15 characters, then "= "; longer keys get one blank.
std::string kvn(const Keys& keys, const char* ending = "\r\n") {
  std::string text;
  for (const auto& [key, value] : keys) {
    if (!key.empty()) {
      text += key + std::string(key.size() < 15 ? 15 - key.size() : 1, ' ') + "= " + value;
    }
    text += ending;
  }
  return text;
}

Keys with(Keys keys, const std::string& key, const std::string& value) {
  for (auto& [k, v] : keys) {
    if (k == key) {
      v = value;
    }
  }
  return keys;
}

Keys without(Keys keys, const std::string& key) {
  std::erase_if(keys, [&](const auto& pair) { return pair.first == key; });
  return keys;
}

const char* const kIss =
    "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
    "epoch 2026-04-02T20:14:17.914560\nmean_motion 15.48729122\neccentricity 0.00062358\n"
    "inclination 51.6328\nra_of_asc_node 312.9475\narg_of_pericenter 264.7845\n"
    "mean_anomaly 95.2432\nbstar 0.00022446991\nmean_motion_dot 0.00011825\n"
    "mean_motion_ddot 0\nrev_at_epoch 56007\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date none\n";
const char* const kVanguard =
    "norad_id 5\nobject_name 'VANGUARD 1'\nobject_id '1958-002B'\n"
    "epoch 2000-06-27T18:50:19.733568\nmean_motion 10.82419157\neccentricity 0.1859667\n"
    "inclination 34.2682\nra_of_asc_node 348.7242\narg_of_pericenter 331.7664\n"
    "mean_anomaly 19.3264\nbstar 2.8098e-05\nmean_motion_dot 2.3e-07\n"
    "mean_motion_ddot 0\nrev_at_epoch 41366\nclassification_type U\nelement_set_no 475\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date none\n";

TEST(OmmKvnTest, ReadsCelesTraksLayout) {
  // Space-Track's KVN adds a COMMENT, a real CREATION_DATE and ORIGINATOR, and
  // USER_DEFINED_<NAME> keys (docs/FORMATS.md 2.2, layout unconfirmed): all but the date ignored.
  Keys spacetrack =
      with(with(kIssKeys, "CREATION_DATE", "2026-04-02T22:00:01"), "ORIGINATOR", "18 SPCS");
  spacetrack.insert(spacetrack.begin() + 1, {"COMMENT", "GENERATED VIA SPACE-TRACK.ORG API"});
  spacetrack.insert(spacetrack.end() - 1, {"USER_DEFINED_OBJECT_TYPE", "PAYLOAD"});
  spacetrack.insert(spacetrack.end() - 1, {"USER_DEFINED_DECAY_DATE", ""});
  std::string with_comment_lines = kvn(kIssKeys);
  with_comment_lines.insert(with_comment_lines.find("EPOCH"), "COMMENT mean elements follow\r\n");
  std::string iss_created = kIss;
  iss_created.replace(iss_created.find("creation_date none"), 18,
                      "creation_date 2026-04-02T22:00:01.000000");
  const struct {
    const char* name;
    std::string text;
    const char* expected;
  } rows[] = {
      {"CRLF as served", kvn(kIssKeys), kIss},
      {"LF", kvn(kIssKeys, "\n"), kIss},
      {"no final newline", kvn(kIssKeys, "\n").substr(0, kvn(kIssKeys, "\n").size() - 2), kIss},
      {"no blank lines", kvn(without(kIssKeys, "")), kIss},
      {"no padding",
       "CCSDS_OMM_VERS=2.0\nNORAD_CAT_ID=25544\nOBJECT_NAME=ISS (ZARYA)\n"
       "OBJECT_ID=1998-067A\nEPOCH=2026-04-02T20:14:17.914560\n"
       "MEAN_MOTION=15.48729122\nECCENTRICITY=.00062358\nINCLINATION=51.6328\n"
       "RA_OF_ASC_NODE=312.9475\nARG_OF_PERICENTER=264.7845\nMEAN_ANOMALY=95.2432\n"
       "REV_AT_EPOCH=56007\nBSTAR=.22446991E-3\nMEAN_MOTION_DOT=.11825E-3\n",
       kIss},
      {"indented lines", "  " + kvn(kIssKeys, "\n  "), kIss},
      {"COMMENT lines", with_comment_lines, kIss},
      {"Space-Track additions", kvn(spacetrack), iss_created.c_str()},
      {"byte order mark", "\xEF\xBB\xBF" + kvn(kIssKeys), kIss},
      {"CCSDS 3.0", kvn(with(kIssKeys, "CCSDS_OMM_VERS", "3.0")), kIss},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    ASSERT_EQ(sink->sets.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(describe(sink->sets[0]), row.expected) << row.name;
    EXPECT_EQ(sink->sets[0].epoch.unix_micros(), 1'775'160'857'914'560) << row.name;
  }
}

TEST(OmmKvnTest, UnitsInBracketsAreAllowed) {
  // CCSDS KVN may give units in square brackets after a value.
  Keys keys = with(kIssKeys, "MEAN_MOTION", "15.48729122 [rev/day]");
  keys = with(keys, "INCLINATION", "51.6328 [deg]");
  keys = with(keys, "BSTAR", ".22446991E-3 [1/ER]");
  keys = with(keys, "MEAN_MOTION_DOT", ".11825E-3 [rev/day**2]");
  const auto sink = parse(kvn(keys));
  ASSERT_EQ(sink->sets.size(), 1U) << sink->skips_text();
  EXPECT_EQ(describe(sink->sets[0]), kIss);

  // Names are not numbers with units: their brackets stay.
  const auto named = parse(kvn(with(kIssKeys, "OBJECT_NAME", "STARLINK-1008 [+]")));
  ASSERT_EQ(named->sets.size(), 1U) << named->skips_text();
  EXPECT_EQ(named->sets[0].object_name, "STARLINK-1008 [+]");
}

TEST(OmmKvnTest, ConcatenatedObjectsInOrderWithTheSourceGiven) {
  const std::string text = kvn(kIssKeys) + kvn(kVanguardKeys) + kvn(kIssKeys);
  const struct {
    const char* name;
    ParseOptions options;
    DataSource source;
  } rows[] = {
      {"default", {}, DataSource::celestrak},
      {"forced spacetrack", ParseOptions{DataSource::spacetrack, {}}, DataSource::spacetrack},
  };
  for (const auto& row : rows) {
    const auto sink = parse(text, row.options);
    ASSERT_EQ(sink->sets.size(), 3U) << row.name << ": " << sink->skips_text();
    std::string vanguard = kVanguard;
    vanguard.replace(vanguard.find("celestrak"), 9, to_string(row.source));
    EXPECT_EQ(describe(sink->sets[1]), vanguard) << row.name;
    for (const ElementSet& set : sink->sets) {
      EXPECT_EQ(set.source, row.source) << row.name;
    }
  }
}

TEST(OmmKvnTest, MalformedObjectsAreSkippedAtTheirFirstLine) {
  std::string stray_line = kvn(kVanguardKeys);
  stray_line.insert(stray_line.find("OBJECT_ID"), "GARBAGE WITHOUT EQUALS\r\n");
  const struct {
    const char* name;
    std::string object;
    std::string reason;
  } rows[] = {
      {"letters in a number", kvn(with(kVanguardKeys, "MEAN_MOTION", "10.8x419157")),
       "MEAN_MOTION '10.8x419157' is not a number"},
      {"eccentricity 1.0", kvn(with(kVanguardKeys, "ECCENTRICITY", "1.0")),
       "ECCENTRICITY '1.0' is out of range: must be at least 0 and below 1"},
      {"eccentricity 1.2", kvn(with(kVanguardKeys, "ECCENTRICITY", "1.2")),
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"missing EPOCH", kvn(without(kVanguardKeys, "EPOCH")), "EPOCH is missing"},
      {"empty EPOCH", kvn(with(kVanguardKeys, "EPOCH", "")), "EPOCH is missing"},
      {"bad EPOCH", kvn(with(kVanguardKeys, "EPOCH", "2000-02-30T18:50:19.733568")),
       "EPOCH '2000-02-30T18:50:19.733568' is not an ISO 8601 time"},
      {"missing NORAD_CAT_ID", kvn(without(kVanguardKeys, "NORAD_CAT_ID")),
       "NORAD_CAT_ID is missing"},
      {"missing MEAN_ANOMALY", kvn(without(kVanguardKeys, "MEAN_ANOMALY")),
       "MEAN_ANOMALY is missing"},
      {"bad CREATION_DATE", kvn(with(kVanguardKeys, "CREATION_DATE", "yesterday")),
       "CREATION_DATE 'yesterday' is not an ISO 8601 time"},
      {"a line that is not KEY = value", stray_line, "a line that is not KEY = value"},
  };
  for (const auto& row : rows) {
    // The bad object is the second of three, so it starts on line 29.
    const auto sink = parse(kvn(kIssKeys) + row.object + kvn(kIssKeys));
    EXPECT_EQ(sink->sets.size(), 2U) << row.name << ": " << sink->skips_text();
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 29U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, row.reason) << row.name;
  }
}

TEST(OmmKvnTest, ObjectCutOffAtTheEndIsSkipped) {
  std::string text = kvn(kIssKeys) + kvn(kVanguardKeys);
  text.resize(text.find("ECCENTRICITY", text.find("VANGUARD")));  // NORAD_CAT_ID comes later
  const auto sink = parse(text);
  ASSERT_EQ(sink->sets.size(), 1U);
  ASSERT_EQ(sink->skips.size(), 1U) << sink->skips_text();
  EXPECT_EQ(sink->skips[0].line, 29U);
  EXPECT_EQ(sink->skips[0].reason, "NORAD_CAT_ID is missing");
}

TEST(OmmKvnTest, KeysBeforeTheFirstObjectAreSkippedOneByOne) {
  const auto sink = parse("OBJECT_NAME = ISS\r\nNORAD_CAT_ID = 25544\r\n\r\n" + kvn(kIssKeys));
  ASSERT_EQ(sink->sets.size(), 1U);
  ASSERT_EQ(sink->skips.size(), 2U) << sink->skips_text();
  EXPECT_EQ(sink->skips[0].line, 1U);
  EXPECT_EQ(sink->skips[1].line, 2U);
  EXPECT_EQ(sink->skips[0].reason, "KEY = value line before CCSDS_OMM_VERS");
}

TEST(OmmKvnTest, EmptyAndGarbageInputNeverThrow) {
  std::string garbage(20'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2'654'435'761U) >> 13);
  }
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"empty", ""},
      {"blank lines", "\r\n\r\n"},
      {"binary garbage", garbage},
      {"garbage inside an object", "CCSDS_OMM_VERS = 2.0\n" + garbage},
      {"a 3 MiB line", "CCSDS_OMM_VERS = 2.0\nOBJECT_NAME = " + std::string(3 << 20, 'x')},
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
  EXPECT_FALSE(parse("CCSDS_OMM_VERS = 2.0\n" + garbage)->skips.empty());
}

}  // namespace
}  // namespace gpq::sync
