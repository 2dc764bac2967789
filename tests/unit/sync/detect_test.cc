// Content detection: every kind from the first bytes, whatever the file is called,
// and the same ISS set from every OMM fixture of tests/data/sync.
#include "sync/detect.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "support/collecting_sink.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

const std::string kTle1 = "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990";
const std::string kTle2 = "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975";
const std::string kOmmCsvHeader =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT";
const std::string kSatcatHeader =
    "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
    "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,"
    "ORBIT_CENTER,ORBIT_TYPE";
const std::string kBom = "\xEF\xBB\xBF";

// A tar header block for "2004.txt" with `magic` at its offset 257.
std::string tar_header(std::string_view magic) {
  std::string block(512, '\0');
  block.replace(0, 8, "2004.txt");
  block.replace(257, magic.size(), magic);
  return block;
}

TEST(DetectTest, EveryKindFromTheHead) {
  const struct {
    const char* name;
    std::string head;
    FileKind kind;
  } rows[] = {
      {"CelesTrak 3LE", "ISS (ZARYA)             \r\n" + kTle1 + "\r\n" + kTle2 + "\r\n",
       FileKind::tle},
      {"Space-Track 3LE", "0 ISS (ZARYA)\r\n" + kTle1 + "\r\n" + kTle2 + "\r\n", FileKind::tle},
      {"2LE", kTle1 + "\n" + kTle2 + "\n", FileKind::tle},
      {"one set without a final newline", "ISS\n" + kTle1 + "\n" + kTle2, FileKind::tle},
      {"TLE after blank lines", "\n\n" + kTle1 + "\n" + kTle2 + "\n", FileKind::tle},
      {"JSON array", R"([{"NORAD_CAT_ID":25544}])", FileKind::json},
      {"JSON wrapper", R"({"updated_at":"2026-06-05","data":[]})", FileKind::json},
      {"json-pretty", "[\n  {\n    \"OBJECT_NAME\": \"ISS (ZARYA)\"", FileKind::json},
      {"JSON after blanks", " \r\n\t[]", FileKind::json},
      {"OMM CSV", kOmmCsvHeader + "\r\nISS (ZARYA),1998-067A,2026-09-23T10:22:36.196896\r\n",
       FileKind::omm_csv},
      {"OMM CSV, other columns", "NORAD_CAT_ID,EPOCH,MEAN_MOTION\n5,2000-06-27,10.8\n",
       FileKind::omm_csv},
      {"OMM CSV, quoted header", "\"NORAD_CAT_ID\",\"EPOCH\",\"MEAN_MOTION\"\n", FileKind::omm_csv},
      {"SATCAT CSV", kSatcatHeader + "\r\nSPUTNIK 1,1957-001B,2,PAY,D,CIS\r\n",
       FileKind::satcat_csv},
      {"SATCAT CSV header only", kSatcatHeader, FileKind::satcat_csv},
      {"OMM XML", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<ndm xmlns:xsi=\"x\">\r\n<omm",
       FileKind::omm_xml},
      {"lone <omm>", "<omm id=\"CCSDS_OMM_VERS\" version=\"2.0\"><header>", FileKind::omm_xml},
      {"XML comment first", "<!-- gp --><ndm>", FileKind::omm_xml},
      {"OMM KVN", "CCSDS_OMM_VERS = 2.0\r\nCREATION_DATE  = \r\n", FileKind::omm_kvn},
      {"OMM KVN after blank lines", "\r\n\r\nCCSDS_OMM_VERS = 3.0\r\n", FileKind::omm_kvn},
      {"BOM + TLE", kBom + "0 ISS (ZARYA)\r\n" + kTle1 + "\r\n" + kTle2 + "\r\n", FileKind::tle},
      {"BOM + JSON", kBom + "[{\"a\":1}]", FileKind::json},
      {"BOM + OMM CSV", kBom + kOmmCsvHeader + "\r\n", FileKind::omm_csv},
      {"BOM + SATCAT CSV", kBom + kSatcatHeader + "\r\n", FileKind::satcat_csv},
      {"BOM + XML", kBom + "<?xml version=\"1.0\"?><ndm><omm>", FileKind::omm_xml},
      {"BOM + KVN", kBom + "CCSDS_OMM_VERS = 2.0\r\n", FileKind::omm_kvn},
      {"zip", std::string("PK\x03\x04\x14\0\0\0\x08\0", 10), FileKind::zip_archive},
      {"empty zip", std::string("PK\x05\x06", 4) + std::string(18, '\0'), FileKind::zip_archive},
      {"POSIX tar",
       tar_header("ustar\0"
                  "00"),
       FileKind::tar_archive},
      {"GNU tar", tar_header("ustar  \0"), FileKind::tar_archive},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(to_string(detect_kind(row.head)), to_string(row.kind)) << row.name;
  }
}

TEST(DetectTest, AnythingElseIsUnknown) {
  std::string binary(4000, '\0');
  for (std::size_t i = 0; i < binary.size(); ++i) {
    binary[i] = static_cast<char>((i * 2'654'435'761U) >> 9);
  }
  const struct {
    const char* name;
    std::string head;
  } rows[] = {
      {"empty", ""},
      {"blanks only", " \r\n\t\n"},
      {"BOM only", kBom},
      {"binary", binary},
      {"NUL bytes", std::string("CCSDS_OMM_VERS\0\0\0", 17)},
      {"gzip bytes", std::string("\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03", 10)},
      {"xz bytes", std::string("\xFD"
                               "7zXZ\0\0\x04",
                               8)},
      {"UTF-16 JSON", std::string("\xFF\xFE[\0{\0", 6)},
      {"HTML", "<!DOCTYPE html><html><body>403 Forbidden</body></html>"},
      {"CelesTrak's 403 text",
       "GP data has not updated since your last successful download of GROUP=starlink at "
       "2026-03-27 08:11:36 UTC. Data is updated once every 2 hours."},
      {"group membership CSV",
       "GROUP,NORAD_CAT_ID,OBJECT_NAME,FIRST_SEEN_UTC,LAST_SEEN_UTC,SNAPSHOTS_SEEN\n"},
      {"snapshot index CSV",
       "SNAPSHOT_UTC,SOURCE_COMMIT,RECORDS_IN_SNAPSHOT,NEW_SETS,FIRST_RECORD,LAST_RECORD\n"},
      {"NORAD_CAT_ID without commas", "NORAD_CAT_ID EPOCH MEAN_MOTION\n"},
      {"line 1 without line 2", "ISS\n" + kTle1 + "\n"},
      {"lines too short", "1 25544U 98067A\n2 25544  51.6325\n"},
      {"lines 2 before 1", kTle2 + "\n" + kTle1 + "\n"},
      {"prose", "hello world\n"},
      {"a tar header cut short", tar_header("ustar\0"
                                            "00")
                                     .substr(0, 300)},
      {"PK but not a zip", "PK is a name\n"},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(to_string(detect_kind(row.head)), to_string(FileKind::unknown)) << row.name;
  }
}

TEST(DetectTest, WideTextIsNamedByItsByteOrderMark) {
  EXPECT_EQ(wide_text_encoding(std::string("\xFF\xFE[\0{\0", 6)), "UTF-16");
  EXPECT_EQ(wide_text_encoding("\xFE\xFF\0I\0S"), "UTF-16");
  EXPECT_EQ(wide_text_encoding(std::string("\xFF\xFE\0\0I\0\0\0", 8)), "UTF-32");
  EXPECT_EQ(wide_text_encoding(std::string("\0\0\xFE\xFF\0\0\0I", 8)), "UTF-32");
  EXPECT_EQ(wide_text_encoding(kBom + "ISS"), "");  // UTF-8's mark is read
  EXPECT_EQ(wide_text_encoding("\xFF"), "");
  EXPECT_EQ(wide_text_encoding(""), "");
}

TEST(DetectTest, BlankIsNothingButAMarkAndBlankSpace) {
  EXPECT_TRUE(is_blank(""));
  EXPECT_TRUE(is_blank(kBom + "\r\n \t\n"));
  EXPECT_FALSE(is_blank(" x "));
  EXPECT_FALSE(is_blank(std::string("\0", 1)));
}

TEST(DetectTest, KindNames) {
  const std::pair<FileKind, const char*> rows[] = {
      {FileKind::tle, "TLE text"},
      {FileKind::json, "JSON"},
      {FileKind::omm_csv, "OMM CSV"},
      {FileKind::satcat_csv, "SATCAT CSV"},
      {FileKind::omm_xml, "OMM XML"},
      {FileKind::omm_kvn, "OMM KVN"},
      {FileKind::zip_archive, "zip archive"},
      {FileKind::tar_archive, "tar archive"},
      {FileKind::unknown, "unknown"},
  };
  for (const auto& [kind, name] : rows) {
    EXPECT_EQ(to_string(kind), name) << name;
  }
}

std::string read_head(const std::filesystem::path& path) {
  const auto in = open_file(path);
  std::string head(64 * 1024, '\0');
  head.resize(in->read(head.data(), head.size()));
  return head;
}

// Runs the parser of `kind` over the whole file.
void parse_file(FileKind kind, const std::filesystem::path& path, test::CollectingSink& sink) {
  const auto in = open_file(path);
  LineReader lines(*in);
  const ParseOptions options;
  switch (kind) {
    case FileKind::tle:
      return parse_tle_text(lines, options, sink);
    case FileKind::json:
      return parse_json_records(*in, options, sink);
    case FileKind::omm_csv:
      return parse_omm_csv(lines, options, sink);
    case FileKind::satcat_csv:
      return parse_satcat_csv(lines, options, sink);
    case FileKind::omm_xml:
      return parse_omm_xml(*in, options, sink);
    case FileKind::omm_kvn:
      return parse_omm_kvn(lines, options, sink);
    case FileKind::zip_archive:
    case FileKind::tar_archive:
    case FileKind::unknown:
      return;
  }
}

TEST(DetectTest, FixturesAreDetectedAndParsed) {
  const std::filesystem::path dir = std::filesystem::path(GPQ_TEST_DATA_DIR) / "sync";
  const struct {
    const char* file;
    FileKind kind;
    std::size_t sets;
    std::size_t records;
  } rows[] = {
      {"iss_2026-09-23.csv", FileKind::omm_csv, 1, 0},
      {"iss_2026-09-23.json", FileKind::json, 1, 0},
      {"iss_2026-09-23_spacetrack.json", FileKind::json, 1, 0},
      {"iss_2026-09-23.kvn", FileKind::omm_kvn, 1, 0},
      {"iss_2026-09-23.xml", FileKind::omm_xml, 1, 0},
      {"iss_2026-09-23.3le", FileKind::tle, 1, 0},
      {"satcat_celestrak.csv", FileKind::satcat_csv, 0, 2},
      {"satcat_spacetrack.json", FileKind::json, 0, 2},
      {"alpha5_spacetrack.json", FileKind::json, 2, 0},
  };
  for (const auto& row : rows) {
    const std::filesystem::path path = dir / row.file;
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    EXPECT_EQ(to_string(detect_kind(read_head(path))), to_string(row.kind)) << row.file;
    test::CollectingSink sink;
    parse_file(row.kind, path, sink);
    EXPECT_EQ(sink.sets.size(), row.sets) << row.file;
    EXPECT_EQ(sink.records.size(), row.records) << row.file;
    EXPECT_TRUE(sink.skips.empty()) << row.file << ": " << sink.skips_text();
  }
}

TEST(DetectTest, EveryOmmFixtureGivesTheSameSet) {
  // The five OMM encodings of one set must agree to the last bit; only the source and the
  // Space-Track CREATION_DATE differ.
  const std::filesystem::path dir = std::filesystem::path(GPQ_TEST_DATA_DIR) / "sync";
  const std::string celestrak =
      "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
      "epoch 2026-09-23T10:22:36.196896\nmean_motion 15.49245192\neccentricity 0.00047365\n"
      "inclination 51.6317\nra_of_asc_node 173.8582\narg_of_pericenter 172.3976\n"
      "mean_anomaly 187.7085\nbstar 0.0001642946\nmean_motion_dot 8.69e-05\n"
      "mean_motion_ddot 0\nrev_at_epoch 58698\nclassification_type U\nelement_set_no 999\n"
      "ephemeris_type 0\nsource celestrak\ncreation_date none\n";
  std::string spacetrack = celestrak;
  spacetrack.replace(spacetrack.find("source celestrak\ncreation_date none"), 35,
                     "source spacetrack\ncreation_date 2026-09-23T12:06:10.000000");
  const std::pair<const char*, FileKind> rows[] = {
      {"iss_2026-09-23.csv", FileKind::omm_csv},          {"iss_2026-09-23.json", FileKind::json},
      {"iss_2026-09-23.kvn", FileKind::omm_kvn},          {"iss_2026-09-23.xml", FileKind::omm_xml},
      {"iss_2026-09-23_spacetrack.json", FileKind::json},
  };
  for (const auto& [file, kind] : rows) {
    test::CollectingSink sink;
    parse_file(kind, dir / file, sink);
    ASSERT_EQ(sink.sets.size(), 1U) << file << ": " << sink.skips_text();
    EXPECT_EQ(test::describe(sink.sets[0]),
              std::string_view(file).find("spacetrack") == std::string_view::npos ? celestrak
                                                                                  : spacetrack)
        << file;
  }
}

}  // namespace
}  // namespace gpq::sync
