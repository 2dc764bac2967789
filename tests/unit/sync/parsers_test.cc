// Every import format with real-shaped records, and malformed input of each kind.
#include "sync/parse/parsers.h"

#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "support/collecting_sink.h"
#include "sync/detect.h"
#include "sync/input.h"

namespace gpq::sync {
namespace {

using test::CollectingSink;

constexpr std::int64_t kIssEpoch = 1'790'158'956'196'896;  // 2026-09-23T10:22:36.196896Z

enum class Kind { csv, kvn, json, xml, tle, satcat_csv };

struct Parsed {
  std::vector<ElementSet> sets;
  std::vector<CatalogRecord> records;
  std::vector<CollectingSink::Skip> skips;
};

Parsed parse(Kind kind, const std::string& text, ParseOptions options = {}) {
  CollectingSink sink;
  const auto in = open_bytes(text);
  LineReader lines(*in);
  switch (kind) {
    case Kind::csv:
      parse_omm_csv(lines, options, sink);
      break;
    case Kind::kvn:
      parse_omm_kvn(lines, options, sink);
      break;
    case Kind::json:
      parse_json_records(*in, options, sink);
      break;
    case Kind::xml:
      parse_omm_xml(*in, options, sink);
      break;
    case Kind::tle:
      parse_tle_text(lines, options, sink);
      break;
    case Kind::satcat_csv:
      parse_satcat_csv(lines, options, sink);
      break;
  }
  return {std::move(sink.sets), std::move(sink.records), std::move(sink.skips)};
}

const std::string kCsvHeader =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT\r\n";
const std::string kIssCsv =
    "ISS (ZARYA),1998-067A,2026-09-23T10:22:36.196896,15.49245192,.00047365,51.6317,173.8582,"
    "172.3976,187.7085,0,U,25544,999,58698,.1642946E-3,.869E-4,0\r\n";

void expect_iss(const ElementSet& set, DataSource source, const std::string& row) {
  EXPECT_EQ(set.norad_id, 25544) << row;
  EXPECT_EQ(set.object_name, "ISS (ZARYA)") << row;
  EXPECT_EQ(set.object_id, "1998-067A") << row;
  EXPECT_EQ(set.epoch.unix_micros(), kIssEpoch) << row;
  EXPECT_EQ(set.mean_motion, 15.49245192) << row;
  EXPECT_EQ(set.eccentricity, 0.00047365) << row;
  EXPECT_EQ(set.inclination, 51.6317) << row;
  EXPECT_EQ(set.ra_of_asc_node, 173.8582) << row;
  EXPECT_EQ(set.arg_of_pericenter, 172.3976) << row;
  EXPECT_EQ(set.mean_anomaly, 187.7085) << row;
  EXPECT_EQ(set.bstar, 0.1642946e-3) << row;
  EXPECT_EQ(set.mean_motion_dot, 0.869e-4) << row;
  EXPECT_EQ(set.mean_motion_ddot, 0) << row;
  EXPECT_EQ(set.rev_at_epoch, 58698) << row;
  EXPECT_EQ(set.element_set_no, 999) << row;
  EXPECT_EQ(set.source, source) << row;
}

const std::string kIssKvn =
    "CCSDS_OMM_VERS = 2.0\r\nCREATION_DATE  = \r\nORIGINATOR     = \r\n\r\n"
    "OBJECT_NAME    = ISS (ZARYA)\r\nOBJECT_ID      = 1998-067A\r\nCENTER_NAME    = EARTH\r\n"
    "REF_FRAME      = TEME\r\nTIME_SYSTEM    = UTC\r\nMEAN_ELEMENT_THEORY = SGP/SGP4\r\n\r\n"
    "EPOCH          = 2026-09-23T10:22:36.196896\r\nMEAN_MOTION    = 15.49245192\r\n"
    "ECCENTRICITY   = .00047365\r\nINCLINATION    = 51.6317\r\nRA_OF_ASC_NODE = 173.8582\r\n"
    "ARG_OF_PERICENTER = 172.3976\r\nMEAN_ANOMALY   = 187.7085\r\n\r\nEPHEMERIS_TYPE = 0\r\n"
    "CLASSIFICATION_TYPE = U\r\nNORAD_CAT_ID   = 25544\r\nELEMENT_SET_NO = 999\r\n"
    "REV_AT_EPOCH   = 58698\r\nBSTAR          = .1642946E-3\r\nMEAN_MOTION_DOT = .869E-4\r\n"
    "MEAN_MOTION_DDOT = 0\r\n\r\n";
const std::string kIssJson =
    R"j([{"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","EPOCH":"2026-09-23T10:22:36.196896",)j"
    R"j("MEAN_MOTION":15.49245192,"ECCENTRICITY":0.00047365,"INCLINATION":51.6317,)j"
    R"j("RA_OF_ASC_NODE":173.8582,"ARG_OF_PERICENTER":172.3976,"MEAN_ANOMALY":187.7085,)j"
    R"j("EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":25544,"ELEMENT_SET_NO":999,)j"
    R"j("REV_AT_EPOCH":58698,"BSTAR":0.0001642946,"MEAN_MOTION_DOT":8.69e-5,"MEAN_MOTION_DDOT":0}])j";
const std::string kIssSpacetrack =
    R"j({"updated_at":"x","data":[{"CCSDS_OMM_VERS":"3.0","COMMENT":"GENERATED VIA SPACE-TRACK.ORG API",)j"
    R"j("CREATION_DATE":"2026-09-23T12:00:00","ORIGINATOR":"18 SPCS","OBJECT_NAME":"ISS (ZARYA)",)j"
    R"j("OBJECT_ID":"1998-067A","EPOCH":"2026-09-23T10:22:36.196896","MEAN_MOTION":"15.49245192",)j"
    R"j("ECCENTRICITY":"0.00047365","INCLINATION":"51.6317","RA_OF_ASC_NODE":"173.8582",)j"
    R"j("ARG_OF_PERICENTER":"172.3976","MEAN_ANOMALY":"187.7085","EPHEMERIS_TYPE":"0",)j"
    R"j("CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":"25544","ELEMENT_SET_NO":"999",)j"
    R"j("REV_AT_EPOCH":"58698","BSTAR":"0.00016429460000","MEAN_MOTION_DOT":"0.00008690",)j"
    R"j("MEAN_MOTION_DDOT":"0.0000000000000","DECAY_DATE":null,"GP_ID":"123"}]})j";
const std::string kIssXml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<ndm><omm id=\"CCSDS_OMM_VERS\" "
    "version=\"2.0\"><header><COMMENT>x</COMMENT><CREATION_DATE/><ORIGINATOR/></header><body>"
    "<segment><metadata><OBJECT_NAME>ISS (ZARYA)</OBJECT_NAME><OBJECT_ID>1998-067A</OBJECT_ID>"
    "<CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME><TIME_SYSTEM>UTC</TIME_SYSTEM>"
    "<MEAN_ELEMENT_THEORY>SGP4</MEAN_ELEMENT_THEORY></metadata><data><meanElements>"
    "<EPOCH>2026-09-23T10:22:36.196896</EPOCH><MEAN_MOTION units=\"rev/day\">15.49245192"
    "</MEAN_MOTION><ECCENTRICITY>.00047365</ECCENTRICITY><INCLINATION units=\"deg\">51.6317"
    "</INCLINATION><RA_OF_ASC_NODE>173.8582</RA_OF_ASC_NODE><ARG_OF_PERICENTER>172.3976"
    "</ARG_OF_PERICENTER><MEAN_ANOMALY>187.7085</MEAN_ANOMALY></meanElements><tleParameters>"
    "<EPHEMERIS_TYPE>0</EPHEMERIS_TYPE><CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE>"
    "<NORAD_CAT_ID>25544</NORAD_CAT_ID><ELEMENT_SET_NO>999</ELEMENT_SET_NO><REV_AT_EPOCH>58698"
    "</REV_AT_EPOCH><BSTAR>.1642946E-3</BSTAR><MEAN_MOTION_DOT>.869E-4</MEAN_MOTION_DOT>"
    "<MEAN_MOTION_DDOT>0</MEAN_MOTION_DDOT></tleParameters><userDefinedParameters>"
    "<USER_DEFINED parameter=\"FILE\">1</USER_DEFINED></userDefinedParameters></data>"
    "</segment></body></omm>\r\n</ndm>\r\n";

TEST(ParsersTest, EveryFormatReadsTheIssRecord) {
  const std::string& kvn = kIssKvn;
  const std::string& json = kIssJson;
  const std::string& spacetrack = kIssSpacetrack;
  const std::string& xml = kIssXml;
  const struct {
    const char* name;
    Kind kind;
    std::string text;
    DataSource source;
  } rows[] = {
      {"csv", Kind::csv, kCsvHeader + kIssCsv, DataSource::celestrak},
      {"kvn", Kind::kvn, kvn, DataSource::celestrak},
      {"celestrak json", Kind::json, json, DataSource::celestrak},
      {"space-track json", Kind::json, spacetrack, DataSource::spacetrack},
      {"xml", Kind::xml, xml, DataSource::celestrak},
  };
  for (const auto& row : rows) {
    const Parsed sink = parse(row.kind, row.text);
    ASSERT_EQ(sink.sets.size(), 1U) << row.name << (sink.skips.empty() ? "" : sink.skips[0].reason);
    EXPECT_TRUE(sink.skips.empty()) << row.name;
    expect_iss(sink.sets[0], row.source, row.name);
  }
  const Parsed forced = parse(Kind::json, spacetrack, ParseOptions{DataSource::celestrak, {}});
  ASSERT_EQ(forced.sets.size(), 1U);
  EXPECT_EQ(forced.sets[0].source, DataSource::celestrak);
  EXPECT_EQ(parse(Kind::json, spacetrack).sets[0].creation_date,
            parse_iso8601("2026-09-23T12:00:00"));
}

// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(ParsersTest, MetadataOtherThanTemeUtcSgp4IsRefusedPerRecordInEveryFormat) {
  const std::string csv_header = replaced(kCsvHeader, "\r\n", ",TIME_SYSTEM\r\n");
  const std::string csv_row = replaced(kIssCsv, "\r\n", ",UTC\r\n");
  const std::string tai_row = replaced(replaced(kIssCsv, "\r\n", ",TAI\r\n"), "25544", "25545");
  const std::string kvn_dsst = replaced(replaced(kIssKvn, "SGP/SGP4", "DSST"), "25544", "25545");
  const std::string xml_eme =
      replaced(replaced(kIssXml, ">TEME<", ">EME2000<"), ">25544<", ">25545<");
  const std::string json_tai = replaced(
      replaced(kIssSpacetrack, R"("CREATION_DATE")", R"("TIME_SYSTEM":"TAI","CREATION_DATE")"),
      R"("25544")", R"("25545")");
  const struct {
    const char* name;
    Kind kind;
    std::string text;
    std::string reason;
  } rows[] = {
      {"csv", Kind::csv, csv_header + csv_row + tai_row,
       "TIME_SYSTEM 'TAI' is not UTC: gpq stores only TEME, UTC, SGP4 mean elements"},
      {"kvn", Kind::kvn, kIssKvn + kvn_dsst,
       "MEAN_ELEMENT_THEORY 'DSST' is not SGP4 or SGP4-XP: gpq stores only TEME, UTC, SGP4 mean "
       "elements"},
      {"xml", Kind::xml, replaced(kIssXml, "</ndm>", xml_eme.substr(xml_eme.find("<omm"))),
       "REF_FRAME 'EME2000' is not TEME: gpq stores only TEME, UTC, SGP4 mean elements"},
      {"json", Kind::json,
       replaced(kIssSpacetrack, "}]}", "}," + json_tai.substr(json_tai.find("{\"CCSDS"))),
       "TIME_SYSTEM 'TAI' is not UTC: gpq stores only TEME, UTC, SGP4 mean elements"},
  };
  for (const auto& row : rows) {
    const Parsed sink = parse(row.kind, row.text);
    ASSERT_EQ(sink.sets.size(), 1U) << row.name;
    EXPECT_EQ(sink.sets[0].norad_id, 25544) << row.name;
    ASSERT_EQ(sink.skips.size(), 1U) << row.name;
    EXPECT_EQ(sink.skips[0].reason, row.reason) << row.name;
  }
}

TEST(ParsersTest, ReducedSpaceTrackRecordsCarryOnlyTleLines) {
  const std::string json =
      R"j([{"NORAD_CAT_ID":"100245","OBJECT_NAME":"ELECTRON R/B","OBJECT_ID":"2026-180C",)j"
      R"j("EPOCH":"2026-08-08T14:16:42.214656",)j"
      R"j("TLE_LINE1":"1 A0245U 26180C   26220.59493304  .00218995  19137-4  74224-3 0  9998",)j"
      R"j("TLE_LINE2":"2 A0245  42.0065  15.8693 0245919 248.7329 108.7095 15.55157830   355"},)j"
      R"j({"NORAD_CAT_ID":"270449","OBJECT_NAME":"TBA - TO BE ASSIGNED","OBJECT_ID":"UNKNOWN",)j"
      R"j("TLE_LINE1":"1 T0449U          26219.50000000  .00000000  00000-0  00000-0 0  9991",)j"
      R"j("TLE_LINE2":"2 T0449  98.0000  10.0000 0010000  90.0000 270.0000 14.50000000 92630"}])j";
  const Parsed sink = parse(Kind::json, json);
  ASSERT_EQ(sink.sets.size() + sink.skips.size(), 2U);
  EXPECT_EQ(sink.sets[0].norad_id, 100245);
  EXPECT_EQ(sink.sets[0].object_id, "2026-180C");
  EXPECT_EQ(sink.sets[0].source, DataSource::spacetrack);
  EXPECT_EQ(sink.sets[0].object_name, "ELECTRON R/B");
}

// A set that comes with TLE lines keeps their layout (gpq/tle.h kTle*); OMM alone is canonical.
TEST(ParsersTest, TleLinesGiveTheirLayoutWhateverTheFormat) {
  const std::string line1 = "1 25544U 98067A   26266.43236339  .00008690  00000-0  16429-3 0  9993";
  const std::string line2 = "2 25544  51.6317 173.8582 0004736 172.3976 187.7085 15.49245192586988";
  const std::string spacetrack_text = "0 ISS (ZARYA)\r\n" + line1 + "\r\n" + line2 + "\r\n";
  // Space-Track's full gp row: OMM values and the same set as TLE lines.
  const std::string full_row =
      R"j([{"CREATION_DATE":"2026-09-23T12:06:10","ORIGINATOR":"18 SPCS",)j"
      R"j("OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","EPOCH":"2026-09-23T10:22:36.196896",)j"
      R"j("MEAN_MOTION":"15.49245192","ECCENTRICITY":"0.00047365","INCLINATION":"51.6317",)j"
      R"j("RA_OF_ASC_NODE":"173.8582","ARG_OF_PERICENTER":"172.3976","MEAN_ANOMALY":"187.7085",)j"
      R"j("EPHEMERIS_TYPE":"0","CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":"25544",)j"
      R"j("ELEMENT_SET_NO":"999","REV_AT_EPOCH":"58698","BSTAR":"0.00016429460000",)j"
      R"j("MEAN_MOTION_DOT":"0.00008690","MEAN_MOTION_DDOT":"0.0000000000000","GP_ID":"1",)j"
      R"j("TLE_LINE1":")j" +
      line1 + R"j(","TLE_LINE2":")j" + line2 + R"j("}])j";
  const std::string reduced_row = R"j([{"NORAD_CAT_ID":"25544","OBJECT_NAME":"ISS (ZARYA)",)j"
                                  R"j("TLE_LINE1":")j" +
                                  line1 + R"j(","TLE_LINE2":")j" + line2 + R"j("}])j";
  const struct {
    const char* name;
    Kind kind;
    std::string text;
    int layout;
  } rows[] = {
      {"Space-Track 3LE", Kind::tle, spacetrack_text, kTleNddotZeroMinus},
      {"Space-Track full gp row", Kind::json, full_row, kTleNddotZeroMinus},
      {"Space-Track reduced gp row", Kind::json, reduced_row, kTleNddotZeroMinus},
      {"CelesTrak CSV", Kind::csv, kCsvHeader + kIssCsv, 0},
  };
  for (const auto& row : rows) {
    const Parsed sink = parse(row.kind, row.text);
    ASSERT_EQ(sink.sets.size(), 1U) << row.name << (sink.skips.empty() ? "" : sink.skips[0].reason);
    EXPECT_EQ(sink.sets[0].tle_layout, row.layout) << row.name;
    // What Space-Track sent comes back as it sent it.
    if (row.layout != 0) {
      EXPECT_EQ(format_tle_line1(sink.sets[0]), line1) << row.name;
      EXPECT_EQ(format_tle_line2(sink.sets[0]), line2) << row.name;
    }
  }
}

TEST(ParsersTest, SatcatCsvAndJson) {
  const std::string csv =
      "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
      "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,"
      "ORBIT_CENTER,ORBIT_TYPE\n"
      "SPUTNIK 1,1957-001B,2,PAY,D,CIS,1957-10-04,TYMSC,1958-01-03,96.10,65.00,1080,64,,,EA,IMP\n"
      "VANGUARD 1,1958-002B,5,PAY,,US,1958-03-17,AFETR,,132.74,34.25,3830,654,0.1220,,EA,ORB\n";
  const Parsed c = parse(Kind::satcat_csv, csv);
  ASSERT_EQ(c.records.size(), 2U);
  EXPECT_EQ(c.records[0].norad_id, 2);
  EXPECT_EQ(c.records[0].object_type, ObjectType::payload);
  EXPECT_EQ(c.records[0].ops_status_code, "D");
  EXPECT_EQ(format_date(*c.records[0].decay_date), "1958-01-03");
  EXPECT_EQ(c.records[1].period_minutes, 132.74);
  EXPECT_FALSE(c.records[1].decay_date.has_value());

  const std::string json =
      R"j([{"INTLDES":"1959-001B","NORAD_CAT_ID":"12","OBJECT_TYPE":"ROCKET BODY",)j"
      R"j("SATNAME":"VANGUARD R/B","COUNTRY":"US","LAUNCH":"1959-02-17","SITE":"AFETR",)j"
      R"j("DECAY":null,"PERIOD":"122.11","INCLINATION":"32.88","APOGEE":"2925","PERIGEE":"510"},)j"
      R"j({"INTLDES":"1959-001C","NORAD_CAT_ID":"5807","OBJECT_TYPE":"DEBRIS",)j"
      R"j("SATNAME":"VANGUARD DEB","COUNTRY":"US","LAUNCH":"1959-02-17","SITE":"AFETR",)j"
      R"j("DECAY":"1982-11-22","PERIOD":null,"INCLINATION":null,"APOGEE":null,"PERIGEE":null}])j";
  const Parsed j = parse(Kind::json, json);
  ASSERT_EQ(j.records.size(), 2U);
  EXPECT_EQ(j.records[0].object_type, ObjectType::rocket_body);
  EXPECT_EQ(j.records[0].owner, "US");
  EXPECT_EQ(j.records[0].ops_status_code, "");
  EXPECT_EQ(j.records[1].ops_status_code, "D");
  EXPECT_FALSE(j.records[1].period_minutes.has_value());
}

TEST(ParsersTest, MalformedRecordsAreSkippedWithLineAndReason) {
  std::string bad_ecc = kIssCsv;
  bad_ecc.replace(bad_ecc.find(".00047365"), 9, "1.2");
  std::string letters = kIssCsv;
  letters.replace(letters.find("51.6317"), 7, "51.6x17");
  std::string no_epoch = kIssCsv;
  no_epoch.replace(no_epoch.find("2026-09-23T10:22:36.196896"), 26, "");
  const struct {
    const char* name;
    Kind kind;
    std::string text;
    std::uint64_t line;
    std::string reason;
  } rows[] = {
      {"eccentricity", Kind::csv, kCsvHeader + bad_ecc, 2,
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"letters", Kind::csv, kCsvHeader + letters, 2, "INCLINATION '51.6x17' is not a number"},
      {"no epoch", Kind::csv, kCsvHeader + no_epoch, 2, "EPOCH is missing"},
      {"short row", Kind::csv, kCsvHeader + "a,b,c\n", 2, "3 fields where the header names 17"},
      {"quotes", Kind::csv, kCsvHeader + "\"ISS,1998\n", 2, "unbalanced quotes"},
      {"json cut", Kind::json, "[{\"NORAD_CAT_ID\":25544,\n\"EPOCH\":\"2026", 1,
       "JSON object cut off at the end of the file"},
      {"json bad", Kind::json, "[{\"a\" 1}]", 1, "not valid JSON"},
      {"xml cut", Kind::xml, "<ndm>\n<omm id=\"x\"><header>", 2,
       "<omm> element cut off at the end of the file"},
      {"tle alone", Kind::tle,
       "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975\n", 1,
       "line 2 without a line 1 before it"},
  };
  for (const auto& row : rows) {
    const Parsed sink = parse(row.kind, row.text);
    EXPECT_TRUE(sink.sets.empty()) << row.name;
    ASSERT_EQ(sink.skips.size(), 1U) << row.name;
    EXPECT_EQ(sink.skips[0].line, row.line) << row.name;
    EXPECT_EQ(sink.skips[0].reason, row.reason) << row.name;
  }
}

TEST(ParsersTest, JsonBracesInsideStringsAreNotStructure) {
  const std::string json =
      R"j([{"OBJECT_NAME":"A {weird} \"name\" [x]","NORAD_CAT_ID":5,"EPOCH":"2000-06-27T18:50:19.733568",)j"
      R"j("MEAN_MOTION":10.82419157,"ECCENTRICITY":0.1859667,"INCLINATION":34.2682,)j"
      R"j("RA_OF_ASC_NODE":348.7242,"ARG_OF_PERICENTER":331.7664,"MEAN_ANOMALY":19.3264}])j";
  const Parsed sink = parse(Kind::json, json);
  ASSERT_EQ(sink.sets.size(), 1U);
  EXPECT_EQ(sink.sets[0].object_name, "A {weird} \"name\" [x]");
}

TEST(ParsersTest, EmptyAndGarbageInputGiveNothingAndNoCrash) {
  std::string garbage(70'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2654435761U) >> 11);
  }
  for (const Kind kind :
       {Kind::csv, Kind::kvn, Kind::json, Kind::xml, Kind::tle, Kind::satcat_csv}) {
    for (const std::string& text : {std::string(), garbage}) {
      const Parsed sink = parse(kind, text);
      EXPECT_TRUE(sink.sets.empty()) << static_cast<int>(kind);
    }
  }
}

TEST(DetectTest, KindsFromContent) {
  const std::pair<std::string, FileKind> cases[] = {
      {kCsvHeader + kIssCsv, FileKind::omm_csv},
      {"\xEF\xBB\xBF[{\"a\":1}]", FileKind::json},
      {"  {\"data\":[]}", FileKind::json},
      {"<?xml version=\"1.0\"?><ndm><omm>", FileKind::omm_xml},
      {"<html></html>", FileKind::unknown},
      {"CCSDS_OMM_VERS = 2.0\n", FileKind::omm_kvn},
      {"OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE\n",
       FileKind::satcat_csv},
      {"ISS\n1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990\n"
       "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975\n",
       FileKind::tle},
      {"", FileKind::unknown},
      {std::string("\x00\x01\x02garbage", 10), FileKind::unknown},
      {"hello world\n", FileKind::unknown},
  };
  for (const auto& [text, kind] : cases) {
    EXPECT_EQ(detect_kind(text), kind) << text.substr(0, 30);
  }
}

TEST(LineReaderTest, EndingsChunkBoundariesAndOverlongLines) {
  std::string text = "a\r\nb\n";
  text += std::string(131'070, 'x') + "\n";  // crosses the 128 KiB chunk boundary
  text += std::string(3 << 20, 'y') + "\n";  // over the 1 MiB limit
  text += "last";
  const auto in = open_bytes(text);
  LineReader lines(*in);
  std::string_view line;
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "a");
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "b");
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.size(), 131'070U);
  ASSERT_TRUE(lines.next(line));
  EXPECT_TRUE(lines.truncated());
  EXPECT_EQ(line.size(), LineReader::kMaxLineBytes);
  ASSERT_TRUE(lines.next(line));
  EXPECT_FALSE(lines.truncated());
  EXPECT_EQ(line, "last");
  EXPECT_EQ(lines.line_number(), 5U);
  EXPECT_FALSE(lines.next(line));
}

}  // namespace
}  // namespace gpq::sync
