// The gpq command line as a script sees it: exit codes, one-line errors, formats,
// paging and help, over a small mirror imported from hand-made files.
#include <gtest/gtest.h>

#include <fstream>

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
    "248.7329,108.7095,0,U,100245,999,35,.74224E-3,.00218995,.19137E-4\n";

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
      {{"gp", "abc"}, 2,
       "gpq: parameter 'norad_id': 'abc' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"gp", "0"}, 2,
       "gpq: parameter 'norad_id': '0' is not a NORAD catalog number (a whole number from 1 to "
       "999999999)"},
      {{"nearest", "25544", "--epoch", "yesterday"}, 2,
       "gpq: parameter 'epoch': 'yesterday' is not a date; expected ISO 8601 "
       "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>"},
      {{"gp", "--group", "cubesats"}, 2,
       "gpq: parameter 'group': 'cubesats' is not a group; use one of: stations, starlink, "
       "oneweb, gps-ops, glo-ops, galileo, beidou, weather, geo, active, analyst, last-30-days"},
      {{"gp", "--regime", "XEO"}, 2,
       "gpq: parameter 'orbit_regime': 'XEO' is not an orbit regime; use LEO, MEO, GEO or HEO"},
      {{"gp", "--type", "SATELLITE"}, 2,
       "gpq: parameter 'object_type': 'SATELLITE' is not an object type; use PAYLOAD, "
       "ROCKET_BODY, DEBRIS or UNKNOWN"},
      {{"gp", "25544", "--format", "yaml"}, 2,
       "gpq: parameter 'format': 'yaml' is not available here; use one of: json, tle, 2le, xml, "
       "kvn, csv"},
      {{"gp", "--per-page", "501"}, 2,
       "gpq: parameter 'per_page': '501' must be a whole number from 1 to 500"},
      {{"gp", "--page", "102"}, 2,
       "gpq: page 102 with per_page 100 starts at record 10100, beyond the limit of 10000 "
       "records; narrow the query with filters"},
      {{"gp", "100245", "--format", "tle"}, 2,
       "gpq: NORAD 100245 is above 99999, which TLE and 2LE cannot carry; use json, csv, xml or "
       "kvn"},
      {{"gp", "--format", "2le"}, 2,
       "gpq: NORAD 100245 is above 99999, which TLE and 2LE cannot carry; use json, csv, xml or "
       "kvn"},
      {{"history", "25544", "--start", "2027-01-01", "--end", "2026-01-01"}, 2,
       "gpq: parameter 'start' is after 'end'; give start <= end"},
      {{"adjacent", "25544", "--epoch", "2026-01-01", "--format", "csv"}, 2,
       "gpq: parameter 'format': 'csv' is not available here; use one of: json"},
      {{"gp", "77"}, 3, "gpq: no element sets for NORAD 77"},
      {{"history", "77"}, 3,
       "gpq: no element sets for NORAD 77 between its first set and "},
      {{"nearest", "77", "--epoch", "2026-01-01"}, 3, "gpq: no element sets for NORAD 77"},
      {{"adjacent", "77", "--epoch", "2026-01-01"}, 3, "gpq: no element sets for NORAD 77"},
      {{"range", "77"}, 3, "gpq: no element sets for NORAD 77"},
      {{"catalog", "77"}, 3, "gpq: NORAD 77 is not in the catalog"},
      {{"nearest", "25544"}, 2, "gpq: --epoch is required (see gpq --help)"},
      {{"frobnicate"}, 2, "gpq: unknown command 'frobnicate'; commands: gp, history, nearest, adjacent, range, "
       "catalog, sync (see gpq --help)"},
  };
  for (const auto& row : rows) {
    const ProcessResult result = gpq(row.args);
    const std::string command = row.args[0] + " " + (row.args.size() > 1 ? row.args[1] : "");
    EXPECT_EQ(result.exit_code, row.exit_code) << command << ": " << result.err;
    EXPECT_TRUE(result.err.starts_with(row.message)) << command << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_TRUE(result.out.empty()) << command << ": " << result.out;
  }
}

TEST_F(CliTest, NotADatabaseIsAClearError) {
  std::ofstream(dir_.path() / "text.db") << "this is not a database, just some text\n";
  const ProcessResult result =
      run_gpq({"--db=" + (dir_.path() / "text.db").string(), "gp", "25544"});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_TRUE(result.err.starts_with("gpq: ")) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
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
  const ProcessResult page = gpq({"history", "1", "--format", "json", "--page", "2",
                                  "--per-page", "4"});
  EXPECT_NE(page.out.find("\"pagination\":{\"total\":10,\"page\":2,\"per_page\":4,"
                          "\"total_pages\":3,\"next\":null,\"prev\":null}"),
            std::string::npos)
      << page.out;
  EXPECT_NE(page.out.find("\"meta\":{\"norad_id\":1,"), std::string::npos) << page.out;
  for (const char* format : {"json", "csv", "xml", "kvn"}) {
    const ProcessResult result = gpq({"gp", "100245", "--format", format});
    EXPECT_EQ(result.exit_code, 0) << format << result.err;
  }
  const ProcessResult csv = gpq({"gp", "--format", "csv"});
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 6) << csv.out;  // header + 5
}

TEST_F(CliTest, EverySubcommandHasHelpWithExamples) {
  for (const char* command : {"gp", "history", "nearest", "adjacent", "range", "catalog", "sync"}) {
    const ProcessResult result = gpq({command, "--help"});
    EXPECT_EQ(result.exit_code, 0) << command;
    EXPECT_NE(result.out.find("Examples:"), std::string::npos) << command << result.out;
  }
  const ProcessResult version = run_gpq({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_TRUE(version.out.starts_with("gpq ")) << version.out;
}

}  // namespace
}  // namespace gpq::test
