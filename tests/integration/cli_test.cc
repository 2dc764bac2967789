// The gpq command line as a script sees it: exit codes, one-line errors, formats,
// paging and help, over a small mirror imported from hand-made files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <regex>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/query_service.h"
#include "gpq/request.h"

#include "storage/sqlite_store.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const char* const kCsv =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT\n"
    "ISS (ZARYA),1998-067A,2026-09-23T10:22:36.196896,15.49245192,.00047365,51.6317,173.8582,"
    "172.3976,187.7085,0,U,25544,999,58698,.1642946E-3,.869E-4,0\n"
    "ELECTRON R/B,2026-180C,2026-08-08T14:16:42.214656,15.55157830,.0245919,42.0065,15.8693,"
    "248.7329,108.7095,0,U,100245,999,35,.74224E-3,.00218995,.19137E-4\n"
    "BEYOND ALPHA-5,,2026-08-08T14:16:42.214656,15.55157830,.0245919,42.0065,15.8693,"
    "248.7329,108.7095,0,U,400001,999,35,.74224E-3,.00218995,.19137E-4\n";

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path() / "gp.csv") << kCsv;
    std::ofstream(dir_.path() / "history.3le") << synthetic_3le(30, 3);
    const ProcessResult sync = gpq({"sync", "--from", dir_.path().string()});
    ASSERT_EQ(sync.exit_code, 0) << sync.err;
  }

  ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), "--db=" + (dir_.path() / "gpq.db").string());
    return run_gpq(args);
  }

  TempDir dir_;
};

TEST_F(CliTest, ErrorsAreOneLineWithTheirExitCode) {
  const struct {
    std::vector<std::string> args;
    int exit_code;
    std::string message;
  } rows[] = {
      {{"gp", "abc"},
       2,
       "gpq: parameter 'norad_id': 'abc' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"gp", "0"},
       2,
       "gpq: parameter 'norad_id': '0' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"nearest", "25544", "--epoch", "yesterday"},
       2,
       "gpq: parameter 'epoch': 'yesterday' is not a date; expected ISO 8601 "
       "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>"},
      {{"gp", "--group", "cubesats"},
       2,
       "gpq: parameter 'group': 'cubesats' is not a group; use one of: stations, starlink, "
       "oneweb, gps-ops, glo-ops, galileo, beidou, weather, geo, active, analyst, last-30-days"},
      {{"gp", "--regime", "XEO"},
       2,
       "gpq: parameter 'orbit_regime': 'XEO' is not an orbit regime; use LEO, MEO, GEO or HEO"},
      {{"gp", "--type", "SATELLITE"},
       2,
       "gpq: parameter 'object_type': 'SATELLITE' is not an object type; use PAYLOAD, "
       "ROCKET_BODY, DEBRIS or UNKNOWN"},
      {{"gp", "25544", "--format", "yaml"},
       2,
       "gpq: parameter 'format': 'yaml' is not available here; use one of: json, tle, 2le, xml, "
       "kvn, csv"},
      {{"gp", "--per-page", "501"},
       2,
       "gpq: parameter 'per_page': '501' must be a whole number from 1 to 500"},
      {{"gp", "--page", "102"},
       2,
       "gpq: page 102 with per_page 100 starts at record 10100, beyond the limit of 10000 "
       "records; narrow the query with filters"},
      {{"gp", "--search", "NO-SUCH-OBJECT"}, 3, "gpq: no element sets match the query"},
      {{"gp", "--epoch", "1960-01-01"}, 3, "gpq: no element sets match the query"},
      {{"catalog", "--search", "NO-SUCH-OBJECT"}, 3, "gpq: no catalog records match the query"},
      {{"gp", "400001", "--format", "tle"},
       2,
       "gpq: NORAD 400001 is above 339999 (Alpha-5 Z9999), which TLE and 2LE cannot carry; use "
       "json, csv, xml or kvn"},
      {{"gp", "25544", "--format", "tle", "--tle-layout", "celestrak"},
       2,
       "gpq: parameter 'tle_layout': 'celestrak' is not a layout; use source or canonical"},
      {{"history", "25544", "--start", "2027-01-01", "--end", "2026-01-01"},
       2,
       "gpq: parameter 'start' is after 'end'; give start <= end"},
      {{"adjacent", "25544", "--epoch", "2026-01-01", "--format", "csv"},
       2,
       "gpq: parameter 'format': 'csv' is not available here; use one of: json"},
      {{"gp", "77"}, 3, "gpq: no element sets for NORAD 77"},
      {{"history", "77", "--end", "2026-01-01"},
       3,
       "gpq: no element sets for NORAD 77 between its first set and 2026-01-01T00:00:00.000Z"},
      {{"history", "25544", "--start", "2020-01-01", "--end", "2020-01-02"},
       3,
       "gpq: no element sets for NORAD 25544 between 2020-01-01T00:00:00.000Z and "
       "2020-01-02T00:00:00.000Z"},
      {{"nearest", "77", "--epoch", "2026-01-01"}, 3, "gpq: no element sets for NORAD 77"},
      {{"adjacent", "77", "--epoch", "2026-01-01"}, 3, "gpq: no element sets for NORAD 77"},
      {{"range", "77"}, 3, "gpq: no element sets for NORAD 77"},
      {{"catalog", "77"}, 3, "gpq: NORAD 77 is not in the catalog"},
      {{"nearest", "25544"}, 2, "gpq: --epoch is required (see gpq --help)"},
      {{"frobnicate"},
       2,
       "gpq: unknown command 'frobnicate'; commands: gp, history, nearest, adjacent, range, "
       "state, ephemeris, passes, events, conjunctions, catalog, sync, serve, keys, watch, status "
       "(see gpq --help)"},
      {{"gp", "1000000000"},
       2,
       "gpq: parameter 'norad_id': '1000000000' is not a NORAD catalog number (a whole number "
       "from 1 to 999999999)"},
      {{"history", "25544", "--end", "2026-13-01"},
       2,
       "gpq: parameter 'end': '2026-13-01' is not a date; expected ISO 8601 "
       "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>"},
      {{"adjacent", "25544", "--epoch", "jd:abc"},
       2,
       "gpq: parameter 'epoch': 'jd:abc' is not a date; expected ISO 8601 "
       "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>"},
      {{"history", "25544", "--source", "nasa"},
       2,
       "gpq: parameter 'data_source': 'nasa' is not a source; use spacetrack (source_a), "
       "celestrak (source_b) or all"},
      {{"catalog", "--type", "SATELLITE"},
       2,
       "gpq: parameter 'object_type': 'SATELLITE' is not an object type; use PAYLOAD, "
       "ROCKET_BODY, DEBRIS or UNKNOWN"},
      {{"catalog", "--format", "xml"},
       2,
       "gpq: parameter 'format': 'xml' is not available here; use one of: json, csv"},
      {{"range", "25544", "--format", "tle"},
       2,
       "gpq: parameter 'format': 'tle' is not available here; use one of: json"},
      {{"serve", "--public-url", "orbits.example.org"},
       2,
       "gpq: --public-url 'orbits.example.org': give the server's external root, "
       "http(s)://HOST[:PORT][/PATH], without a query or fragment"},
      {{"serve", "--public-url", "https://orbits.example.org/?x=1"},
       2,
       "gpq: --public-url 'https://orbits.example.org/?x=1': give the server's external root, "
       "http(s)://HOST[:PORT][/PATH], without a query or fragment"},
      {{"keys", "revoke", "abc"}, 2, "gpq: key id 'abc' is not a whole number; see gpq keys list"},
      {{"keys", "list", "--format", "xml"},
       2,
       "gpq: parameter 'format': 'xml' is not available here; use one of: json, csv"},
      {{"gp", "--intdes", "98067"},
       2,
       "gpq: parameter 'intdes': '98067' is not an international designator; use a launch "
       "(1998-067) or a piece (1998-067A)"},
      {{"gp", "--page", "0"}, 2, "gpq: parameter 'page': '0' must be a whole number >= 1"},
      {{"gp", "--limit", "0"}, 2, "gpq: parameter 'limit': '0' must be a whole number >= 1"},
      {{"gp", "--page", "21", "--per-page", "501"},
       2,
       "gpq: parameter 'per_page': '501' must be a whole number from 1 to 500"},
      {{"history", "25544", "--page", "22", "--per-page", "500"},
       2,
       "gpq: page 22 with per_page 500 starts at record 10500, beyond the limit of 10000 "
       "records; narrow the range with start and end"},
      {{"history", "1", "--ids", "1"},
       2,
       "gpq: The following arguments were not expected: 1 --ids (see gpq --help)"},
      {{"gp", "--bogus"},
       2,
       "gpq: The following argument was not expected: --bogus (see gpq --help)"},
      {{"sync", "--celestrak-url", "ftp://example.org"},
       2,
       "gpq: 'ftp://example.org' is not a base URL; write it as https://host[:port][/path]"},
      {{"gp", "5"}, 3, "gpq: no element sets for NORAD 5"},
      // An id given empty (`gpq gp "$ID"` with ID unset) is a wrong id, not a search of all.
      {{"gp", ""},
       2,
       "gpq: parameter 'norad_id': '' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"catalog", ""},
       2,
       "gpq: parameter 'norad_id': '' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"gp", "--limit", ""}, 2, "gpq: parameter 'limit': '' must be a whole number >= 1"},
      {{"state", "", "--at", "2026-01-01"},
       2,
       "gpq: parameter 'norad_id': '' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
  };
  for (const auto& row : rows) {
    const ProcessResult result = gpq(row.args);
    std::string command;
    for (const std::string& arg : row.args) {
      command += arg + " ";
    }
    EXPECT_EQ(result.exit_code, row.exit_code) << command << ": " << result.err;
    EXPECT_EQ(result.err, row.message + "\n") << command;  // exactly one line
    EXPECT_TRUE(result.out.empty()) << command << ": " << result.out;
  }
}

// Output that cannot be written is an error, never a success: a full disk (/dev/full) gives
// one line and exit 1, for a streamed list, a status and --help alike.
TEST_F(CliTest, OutputThatCannotBeWrittenFails) {
  const std::string db = "--db=" + (dir_.path() / "gpq.db").string();
  for (const std::string command : {"gp --decayed --format csv", "history 25544 --format tle",
                                    "status", "gp --help", "--version"}) {
    SCOPED_TRACE(command);
    const ProcessResult full = run_process(
        {"/bin/sh", "-c", std::string(GPQ_BINARY) + " " + db + " " + command + " > /dev/full"});
    EXPECT_EQ(full.exit_code, 1);
    EXPECT_EQ(full.err, "gpq: cannot write the output: No space left on device\n");
  }
  // A reader that stops early (`| head`) is no error.
  const ProcessResult head = run_process(
      {"/bin/sh", "-c",
       std::string(GPQ_BINARY) + " " + db + " history 25544 --format csv | head -c 10 >/dev/null"});
  EXPECT_EQ(head.err, "");
}

TEST_F(CliTest, NotADatabaseIsAClearError) {
  // A file that is not a gpq database is a bad --db argument (storage::Database::open throws
  // bad_request): exit 2, and the file is left alone.
  const std::string text = "this is not a database, just some text\n";
  const std::filesystem::path file = dir_.path() / "text.db";
  std::ofstream(file) << text;
  const ProcessResult result = run_gpq({"--db=" + file.string(), "gp", "25544"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "gpq: " + file.string() + " is not a gpq database (not an SQLite file)\n");
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_EQ(std::filesystem::file_size(file), text.size());

  // A directory is a bad --db argument too, named as what it is (SQLite would only say
  // "disk I/O error").
  const ProcessResult directory = run_gpq({"--db=" + dir_.path().string(), "range", "25544"});
  EXPECT_EQ(directory.exit_code, 2) << directory.err;
  EXPECT_EQ(directory.err,
            "gpq: " + dir_.path().string() + " is not a database file (a directory)\n");
}

TEST_F(CliTest, WideTextIsNamedNotCalledUnrecognised) {
  // Windows tools save "Unicode" text as UTF-16 with a byte order mark.
  const std::filesystem::path file = dir_.path() / "wide" / "iss.tle";
  std::filesystem::create_directories(file.parent_path());
  std::string wide = "\xFF\xFE";
  for (const char c : std::string("ISS (ZARYA)\r\n") + std::string(kCsv).substr(0, 20)) {
    wide += c;
    wide += '\0';
  }
  std::ofstream(file, std::ios::binary) << wide;
  const ProcessResult result = gpq({"sync", "--from", file.string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "gpq: " + file.string() +
                            ": UTF-16 text; gpq reads UTF-8 (convert it first: iconv -f UTF-16 "
                            "-t UTF-8)\n");
}

TEST_F(CliTest, FormatsPagingAndDefaults) {
  const ProcessResult json = gpq({"gp", "25544"});  // piped: json
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(json.out.starts_with("{\"OBJECT_NAME\":\"ISS (ZARYA)\"")) << json.out;

  const ProcessResult tle = gpq({"gp", "25544", "--format", "tle"});
  EXPECT_EQ(tle.out,
            "ISS (ZARYA)\n"
            "1 25544U 98067A   26266.43236339  .00008690  00000+0  16429-3 0  9992\n"
            "2 25544  51.6317 173.8582 0004736 172.3976 187.7085 15.49245192586988\n");

  const ProcessResult table = gpq({"gp", "--format", "table", "--ids", "25544"});
  EXPECT_TRUE(table.out.starts_with("NORAD  NAME")) << table.out;

  const ProcessResult limited = gpq({"history", "1", "--format", "2le", "--limit", "3"});
  EXPECT_EQ(std::count(limited.out.begin(), limited.out.end(), '\n'), 6) << limited.out;
  const ProcessResult page =
      gpq({"history", "1", "--format", "json", "--page", "2", "--per-page", "4"});
  EXPECT_NE(page.out.find("\"pagination\":{\"total\":10,\"page\":2,\"per_page\":4,"
                          "\"total_pages\":3,\"next\":null,\"prev\":null}"),
            std::string::npos)
      << page.out;
  EXPECT_NE(page.out.find("\"meta\":{\"norad_id\":1,"), std::string::npos) << page.out;
  for (const char* format : {"json", "csv", "xml", "kvn", "tle", "2le"}) {
    const ProcessResult result = gpq({"gp", "100245", "--format", format});
    EXPECT_EQ(result.exit_code, 0) << format << result.err;
  }
  EXPECT_EQ(gpq({"gp", "100245", "--format", "2le"}).out,
            "1 A0245U 26180C   26220.59493304  .00218995  19137-4  74224-3 0  9998\n"
            "2 A0245  42.0065  15.8693 0245919 248.7329 108.7095 15.55157830   355\n");
  for (const char* format : {"json", "csv", "xml", "kvn"}) {
    const ProcessResult result = gpq({"gp", "400001", "--format", format});
    EXPECT_EQ(result.exit_code, 0) << format << result.err;
  }
  const ProcessResult csv = gpq({"gp", "--format", "csv"});
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 7) << csv.out;  // header + 6
  // A TLE list leaves out what TLE cannot carry, says so on stderr, and exits 0.
  for (const char* format : {"tle", "2le"}) {
    const ProcessResult list = gpq({"gp", "--format", format});
    EXPECT_EQ(list.exit_code, 0) << format << list.err;
    EXPECT_EQ(list.err,
              "gpq: warning: 1 set left out that TLE and 2LE cannot carry (the first: NORAD "
              "400001); json, csv, xml and kvn carry every set\n");
    EXPECT_NE(list.out.find("1 A0245U"), std::string::npos) << list.out;
    EXPECT_EQ(list.out.find("BEYOND"), std::string::npos) << list.out;
  }
}

TEST_F(CliTest, EverySubcommandHasHelpWithExamples) {
  for (const char* command : {"gp", "history", "nearest", "adjacent", "range", "catalog", "sync",
                              "serve", "keys", "status"}) {
    const ProcessResult result = gpq({command, "--help"});
    EXPECT_EQ(result.exit_code, 0) << command;
    EXPECT_NE(result.out.find("Examples:"), std::string::npos) << command << result.out;
  }
  const ProcessResult version = run_gpq({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  // "gpq 0.1.0 (commit 1a2b3c4)" and the SQLite library it runs on.
  EXPECT_TRUE(std::regex_match(
      version.out,
      std::regex(
          R"(gpq \d+\.\d+\.\d+ \(commit (unknown|[0-9a-f]{7,40})\)\nSQLite \d+\.\d+\.\d+\n)")))
      << version.out;
  EXPECT_TRUE(version.err.empty()) << version.err;
  const ProcessResult help = run_gpq({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* command : {"gp", "history", "nearest", "adjacent", "range", "catalog", "sync",
                              "serve", "keys", "status"}) {
    EXPECT_NE(help.out.find(std::string("\n  ") + command + " "), std::string::npos) << command;
  }
}

// The same questions through the binary and through the query core in this process, over
// the known world of support/fixture_db.h: the CLI only translates, so the bytes agree.
class CliKnownWorldTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<TempDir>();
    {
      FixtureDb fixture(db_path());
      fixture.write_known_world();
    }
    store_ = storage::SqliteStore::open(db_path());
    core_ = std::make_unique<QueryService>(*store_);  // the system clock, as the CLI's
  }
  static void TearDownTestSuite() {
    core_.reset();
    store_.reset();
    dir_.reset();
  }

  static std::filesystem::path db_path() { return dir_->path() / "gpq.db"; }

  static ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), "--db=" + db_path().string());
    return run_gpq(args);
  }

  // What the CLI prints for a list: the writers of format.h around the core's rows.
  template <typename Run>
  static std::string list(Format format, const Run& run, const HistoryMeta* meta = nullptr) {
    std::string body;
    const auto writer = make_set_list_writer(format);
    writer->begin(body);
    const PageInfo page = run([&](const ElementSet& s) { writer->set(s, body); });
    writer->end(body);
    if (format != Format::json) {
      return body;
    }
    std::string out;
    write_page_envelope(body, page, "", "", meta, out);
    return out + "\n";
  }

  static std::string one(Format format, const ElementSet& set) {
    std::string out;
    write_set(format, set, out);
    return format == Format::json ? out + "\n" : out;
  }

  static inline std::unique_ptr<TempDir> dir_;
  static inline std::unique_ptr<storage::SqliteStore> store_;
  static inline std::unique_ptr<QueryService> core_;
};

TEST_F(CliKnownWorldTest, JsonAndOtherFormatsEqualTheCoreAndTheWriters) {
  const QueryService& core = *core_;
  const auto search = [&](Params params) {
    return [&core, params](Format format) {
      const auto bound = bind_gp_search(params, FrontEnd::cli);
      return list(format,
                  [&](const SetVisitor& v) { return core.search(bound.query, bound.paging, v); });
    };
  };
  const auto history = [&](Params params) {
    return [&core, params](Format format) {
      const auto bound = bind_history("25544", params, FrontEnd::cli);
      HistoryMeta meta;
      const auto run = [&](const SetVisitor& v) {
        return core.history(bound.query, bound.paging, v, &meta);
      };
      return list(format, run, &meta);
    };
  };
  const struct {
    std::vector<std::string> args;  // no --format: piped output is json
    std::function<std::string(Format)> expected;
  } rows[] = {
      {{"gp", "25544"}, [&](Format f) { return one(f, core.latest(world::kIss)); }},
      {{"gp", "50006"}, [&](Format f) { return one(f, core.latest(world::kFuture)); }},
      {{"gp"}, search({})},
      {{"gp", "--group", "weather"}, search({{"group", "weather"}})},
      {{"gp", "--regime", "GEO", "--type", "PAYLOAD"},
       search({{"orbit_regime", "GEO"}, {"object_type", "PAYLOAD"}})},
      {{"gp", "--decayed", "--search", "sat"}, search({{"decay", "true"}, {"search", "sat"}})},
      {{"gp", "--decayed=false", "--search", "sat"}, search({{"search", "sat"}})},
      {{"gp", "--limit", "3"}, search({{"limit", "3"}})},
      {{"gp", "--page", "2", "--per-page", "5"}, search({{"page", "2"}, {"per_page", "5"}})},
      {{"gp", "--page", "9", "--per-page", "5"}, search({{"page", "9"}, {"per_page", "5"}})},
      {{"gp", "--epoch", "2026-01-19T00:00:00Z"},
       [&](Format f) {
         const auto bound = bind_snapshot({{"epoch", "2026-01-19T00:00:00Z"}}, FrontEnd::cli);
         return list(
             f, [&](const SetVisitor& v) { return core.snapshot(bound.query, bound.paging, v); });
       }},
      {{"history", "25544"}, history({})},
      {{"history", "25544", "--start", "2026-01-10T12:00:00Z", "--end", "2026-01-11T12:00:00Z",
        "--source", "celestrak"},
       history({{"start", "2026-01-10T12:00:00Z"},
                {"end", "2026-01-11T12:00:00Z"},
                {"data_source", "celestrak"}})},
      {{"history", "25544", "--page", "2", "--per-page", "4"},
       history({{"page", "2"}, {"per_page", "4"}})},
      {{"history", "25544", "--limit", "2"}, history({{"limit", "2"}})},
      {{"nearest", "25544", "--epoch", "2026-01-10T06:00:00Z"},
       [&](Format f) {
         return one(
             f, core.nearest({world::kIss, iso("2026-01-10T06:00:00Z"), SourceFilter::all}).set);
       }},
      {{"nearest", "25544", "--epoch", "unix:1768089600.0004", "--source", "celestrak"},
       [&](Format f) {
         return one(f, core.nearest({world::kIss, iso("2026-01-11T00:00:00.000400Z"),
                                     SourceFilter::celestrak})
                           .set);
       }},
  };
  for (const auto& row : rows) {
    std::string command;
    for (const std::string& arg : row.args) {
      command += arg + " ";
    }
    for (const Format format : {Format::json, Format::csv, Format::xml, Format::kvn}) {
      std::vector<std::string> args = row.args;
      if (format != Format::json) {  // json is the default when stdout is not a terminal
        args.insert(args.end(), {"--format", std::string(to_string(format))});
      }
      const ProcessResult result = gpq(args);
      EXPECT_EQ(result.exit_code, 0) << command << to_string(format) << ": " << result.err;
      EXPECT_EQ(result.out, row.expected(format)) << command << to_string(format);
    }
  }
}

TEST_F(CliKnownWorldTest, JsonOnlyAnswersEqualTheCore) {
  const QueryService& core = *core_;
  std::string adjacent;
  write_adjacent_json(core.adjacent({world::kIss, iso("2026-01-11T00:00:00Z")}), adjacent);
  std::string edge;
  write_adjacent_json(core.adjacent({world::kIss, iso("2026-01-09T00:00:00Z")}), edge);
  std::string range;
  write_range_json(core.range(world::kYearEnd), range);
  std::string record;
  write_catalog_record_json(core.catalog_record(world::kCatalogOnly), record);
  std::string record_csv;
  {
    const auto writer = make_catalog_list_writer(Format::csv, true);
    writer->begin(record_csv);
    writer->record(core.catalog_record(world::kIss), record_csv);
    writer->end(record_csv);
  }
  std::string catalog;
  {
    const auto bound =
        bind_catalog_search({{"owner", "US"}, {"active_only", "false"}}, FrontEnd::cli);
    const auto writer = make_catalog_list_writer(Format::json, false);
    std::string body;
    writer->begin(body);
    const PageInfo page = core.catalog_search(
        bound.query, bound.paging, [&](const CatalogRecord& r) { writer->record(r, body); });
    writer->end(body);
    write_page_envelope(body, page, "", "", nullptr, catalog);
  }
  const struct {
    std::vector<std::string> args;
    std::string expected;
  } rows[] = {
      {{"adjacent", "25544", "--epoch", "2026-01-11T00:00:00Z"}, adjacent + "\n"},
      {{"adjacent", "25544", "--epoch", "2026-01-09"}, edge + "\n"},
      {{"range", "50005"}, range + "\n"},
      {{"catalog", "5"}, record + "\n"},
      {{"catalog", "25544", "--format", "csv"}, record_csv},
      {{"catalog", "--owner", "US", "--all"}, catalog + "\n"},
  };
  for (const auto& row : rows) {
    const ProcessResult result = gpq(row.args);
    EXPECT_EQ(result.exit_code, 0) << row.args[0] << ": " << result.err;
    EXPECT_EQ(result.out, row.expected) << row.args[0] << " " << row.args[1];
  }
}

TEST_F(CliKnownWorldTest, GlobalOptionsGoBeforeOrAfterTheSubcommand) {
  const std::string db = "--db=" + db_path().string();
  const ProcessResult before = run_gpq({db, "--format", "csv", "--limit", "2", "history", "25544"});
  const ProcessResult after = run_gpq({"history", "25544", "--limit", "2", "--format", "csv", db});
  const ProcessResult split = run_gpq({"--format", "csv", "history", db, "25544", "--limit=2"});
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(std::count(before.out.begin(), before.out.end(), '\n'), 3) << before.out;
  EXPECT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.out, before.out);
  EXPECT_EQ(split.exit_code, 0) << split.err;
  EXPECT_EQ(split.out, before.out);
}

TEST_F(CliKnownWorldTest, TableFormatIsForPeople) {
  const ProcessResult table = gpq({"gp", "--ids", "25544,41866", "--format", "table"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_TRUE(table.out.starts_with("NORAD  NAME")) << table.out;
  EXPECT_EQ(std::count(table.out.begin(), table.out.end(), '\n'), 3) << table.out;
  EXPECT_NE(table.out.find("\n25544  ISS (ZARYA)"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("\n41866  GOES 16"), std::string::npos) << table.out;
  const ProcessResult range = gpq({"range", "50005", "--format", "table"});
  EXPECT_EQ(range.out,
            "norad_id        50005\ntotal_elsets    2\nyear_files      2\n"
            "earliest_epoch  2025-12-31T23:59:59.999Z\nlatest_epoch    2026-01-01T00:00:00.000Z\n");
}

// 100000..339999 in Alpha-5, as Space-Track writes them, wherever TLE output exists.
TEST_F(CliKnownWorldTest, CatalogNumbersAbove99999AreWrittenInAlphaFive) {
  const ProcessResult all = gpq({"gp", "--format", "tle"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("\n1 A0460U "), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("\n2 T0449 "), std::string::npos) << all.out;
  const ProcessResult history = gpq({"history", "270449", "--format", "2le"});
  ASSERT_EQ(history.exit_code, 0) << history.err;
  EXPECT_TRUE(history.out.starts_with("1 T0449U ")) << history.out;
  const ProcessResult nearest =
      gpq({"nearest", "100460", "--epoch", "2026-03-01", "--format", "3le"});
  ASSERT_EQ(nearest.exit_code, 0) << nearest.err;
  EXPECT_TRUE(nearest.out.starts_with("COSMOS 2619 [GLONASS-K1]\n1 A0460U 26194A ")) << nearest.out;
}

TEST_F(CliKnownWorldTest, ErrorsOnTheKnownWorld) {
  const struct {
    std::vector<std::string> args;
    int exit_code;
    std::string message;
  } rows[] = {
      // A filter that a form of `gp` cannot apply is refused, not ignored (the core's binding
      // says so, in the same words as /gp/{norad_id} and /gp/epoch: http_errors_test.cc).
      {{"gp", "25544", "--epoch", "2026-01-10"},
       2,
       "gpq: parameter 'epoch' does not apply to the latest set of one object; drop the NORAD id "
       "to search, or ask nearest for the set at an epoch"},
      {{"gp", "25544", "--group", "stations"},
       2,
       "gpq: parameter 'group' does not apply to the latest set of one object; drop the NORAD id "
       "to search, or ask nearest for the set at an epoch"},
      {{"gp", "--epoch", "2026-01-10", "--group", "stations"},
       2,
       "gpq: parameter 'group' does not apply to a snapshot; a snapshot filters only by "
       "object_type and orbit_regime"},
      {{"gp", "--epoch", "2026-01-10", "--ids", "25544"},
       2,
       "gpq: parameter 'norad_ids' does not apply to a snapshot; a snapshot filters only by "
       "object_type and orbit_regime"},
      // Object 5 is in the catalog but has no set; 50005 has sets but no catalog record.
      {{"gp", "5"}, 3, "gpq: no element sets for NORAD 5"},
      {{"history", "5", "--end", "2026-03-01"},
       3,
       "gpq: no element sets for NORAD 5 between its first set and 2026-03-01T00:00:00.000Z"},
      {{"nearest", "5", "--epoch", "2026-03-01"}, 3, "gpq: no element sets for NORAD 5"},
      {{"adjacent", "5", "--epoch", "2026-03-01"}, 3, "gpq: no element sets for NORAD 5"},
      {{"range", "5"}, 3, "gpq: no element sets for NORAD 5"},
      {{"catalog", "50005"}, 3, "gpq: NORAD 50005 is not in the catalog"},
      {{"history", "25544", "--source", "spacetrack", "--end", "2026-01-10T23:59:59Z"},
       3,
       "gpq: no element sets for NORAD 25544 between its first set and "
       "2026-01-10T23:59:59.000Z"},
  };
  for (const auto& row : rows) {
    std::string command;
    for (const std::string& arg : row.args) {
      command += arg + " ";
    }
    const ProcessResult result = gpq(row.args);
    EXPECT_EQ(result.exit_code, row.exit_code) << command;
    EXPECT_EQ(result.err, row.message + "\n") << command;
    EXPECT_TRUE(result.out.empty()) << command << result.out;
  }
}

}  // namespace
}  // namespace gpq::test
