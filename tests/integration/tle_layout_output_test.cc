// Each set's TLE lines as its source wrote them, through the real binary: real Space-Track 3LE
// records imported with `gpq sync --from`, read back with gp, history and nearest (CLI) and
// /gp, history and nearest (a real `gpq serve`), in the source's layout by default and in the
// canonical one with --tle-layout canonical / tle_layout=canonical; the first source's layout
// kept on a later import; Alpha-5 written, ids above 339999 refused; python-sgp4 reading it all.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/served_world.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

struct Record {
  const char* name;  // as the name line has it, without `0 `
  const char* line1;
  const char* line2;
  const char* canonical1;
  const char* canonical2;
};

// Space-Track's 2025-03-03 snapshot and its newest gp rows (shared/data), in NORAD order.
const Record kRecords[] = {
    {"VANGUARD 1", "1 00005U 58002B   25074.29826870  .00000371  00000-0  44282-3 0  9994",
     "2 00005  34.2556 290.6819 1841689 229.4736 113.0475 10.85892682393394",
     "1 00005U 58002B   25074.29826870  .00000371  00000+0  44282-3 0  9993",
     "2 00005  34.2556 290.6819 1841689 229.4736 113.0475 10.85892682393394"},
    {"VANGUARD R/B", "1    16U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9996",
     "2    16  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722",
     "1 00016U 58002A   25074.63696541  .00000204  00000+0  28575-3 0  9995",
     "2 00016  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722"},
    {"SYNCOM 2 (A 26)", "1   634U 63031A   25074.62932433 -.00000140  00000-0  00000+0 0  9991",
     "2   634  30.9631 306.9058 0007426 195.3822 339.0280  1.00292718225753",
     "1 00634U 63031A   25074.62932433 -.00000140  00000+0  00000+0 0  9990",
     "2 00634  30.9631 306.9058 0007426 195.3822 339.0280  1.00292718225753"},
    {"COSMOS 209", "1  3158U 68023A   25074.90443575 -.00000000  00000-0  62858-4 0  9995",
     "2  3158  65.3324 314.3725 0025174  58.0455 302.3058 13.97891029907379",
     "1 03158U 68023A   25074.90443575  .00000000  00000+0  62858-4 0  9993",
     "2 03158  65.3324 314.3725 0025174  58.0455 302.3058 13.97891029907379"},
    {"TBA - TO BE ASSIGNED",
     "1 81052U          25072.77966801 +.00014693 +00000+0 +43262-2 0  9997",
     "2 81052  65.7766 358.7697 0565253  81.6110 284.8594 13.78389542562499",
     "1 81052U          25072.77966801  .00014693  00000+0  43262-2 0  9997",
     "2 81052  65.7766 358.7697 0565253  81.6110 284.8594 13.78389542562499"},
    {"TBA - TO BE ASSIGNED",
     "1 84006U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9996",
     "2 84006 022.9156 231.8658 6081348 325.5644 006.8060 02.16230305078172",
     "1 84006U          25066.87855002 -.00000139  00000+0  00000+0 0  9994",
     "2 84006  22.9156 231.8658 6081348 325.5644   6.8060  2.16230305 78172"},
    {"TBA - TO BE ASSIGNED",
     "1 T0449U          26163.02399636  .00000300  00000-0  13400-3 0  9997",
     "2 T0449  88.9870 274.2408 0043506 214.0229 145.8170 14.19751688 92630",
     "1 T0449U          26163.02399636  .00000300  00000+0  13400-3 0  9996",
     "2 T0449  88.9870 274.2408 0043506 214.0229 145.8170 14.19751688 92630"},
};

// One id above Alpha-5's last (OMM carries any id; TLE cannot).
constexpr const char* kBeyondCsv =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT\n"
    "BEYOND ALPHA-5,,2026-08-08T14:16:42.214656,15.55157830,.0245919,42.0065,15.8693,"
    "248.7329,108.7095,0,U,400001,999,35,.74224E-3,.00218995,.19137E-4\n";

std::string two_lines(const Record& r, bool canonical) {
  return std::string(canonical ? r.canonical1 : r.line1) + "\n" +
         (canonical ? r.canonical2 : r.line2) + "\n";
}

std::string three_lines(const Record& r, bool canonical) {
  return std::string(r.name) + "\n" + two_lines(r, canonical);
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

class TleLayoutOutputTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    std::string spacetrack;  // Space-Track's 3LE: `0 NAME` title lines, CRLF
    std::string canonical;   // the same sets in CelesTrak's layout, imported later
    for (const Record& r : kRecords) {
      spacetrack += std::string("0 ") + r.name + "\r\n" + r.line1 + "\r\n" + r.line2 + "\r\n";
      canonical += three_lines(r, true);
    }
    write_file(dir_->path() / "spacetrack.3le", spacetrack);
    write_file(dir_->path() / "canonical.3le", canonical);
    write_file(dir_->path() / "beyond.csv", kBeyondCsv);
    for (const char* file : {"spacetrack.3le", "canonical.3le"}) {
      const ProcessResult sync = gpq(
          {"sync", "--quiet", "--source", "spacetrack", "--from", (dir_->path() / file).string()});
      ASSERT_EQ(sync.exit_code, 0) << file << sync.err;
    }
    const ProcessResult sync =
        gpq({"sync", "--quiet", "--from", (dir_->path() / "beyond.csv").string()});
    ASSERT_EQ(sync.exit_code, 0) << sync.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  static ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), "--db=" + (dir_->path() / "gpq.db").string());
    return run_gpq(args);
  }

  // stdout of a command that must succeed.
  static std::string out(const std::vector<std::string>& args) {
    const ProcessResult result = gpq(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  }

  static inline TempDir* dir_ = nullptr;
};

// Every record in its own layout, and the later import of the same sets in the canonical
// layout changed none of them (the first source's layout stays).
TEST_F(TleLayoutOutputTest, EveryCommandGivesTheSourceBytesOrTheCanonicalOnes) {
  std::string source_list;
  std::string canonical_list;
  for (const Record& r : kRecords) {
    source_list += two_lines(r, false);
    canonical_list += two_lines(r, true);
  }
  // gp --ids lists the sets with TLE lines (the id above 339999 would be refused).
  const std::vector<std::string> ids = {"gp", "--ids", "5,16,634,3158,81052,84006,270449",
                                        "--format", "2le"};
  EXPECT_EQ(out(ids), source_list);
  std::vector<std::string> canonical_ids = ids;
  canonical_ids.insert(canonical_ids.end(), {"--tle-layout", "canonical"});
  EXPECT_EQ(out(canonical_ids), canonical_list);
  canonical_ids.back() = "source";
  EXPECT_EQ(out(canonical_ids), source_list);

  EXPECT_EQ(out({"gp", "16", "--format", "tle"}), three_lines(kRecords[1], false));
  EXPECT_EQ(out({"gp", "16", "--format", "3le", "--tle-layout", "canonical"}),
            three_lines(kRecords[1], true));
  EXPECT_EQ(out({"history", "84006", "--format", "3le"}), three_lines(kRecords[5], false));
  EXPECT_EQ(out({"history", "84006", "--format", "2le", "--tle-layout", "CANONICAL"}),
            two_lines(kRecords[5], true));
  EXPECT_EQ(out({"nearest", "3158", "--epoch", "2025-03-15T12:00:00Z", "--format", "tle"}),
            three_lines(kRecords[3], false));
  EXPECT_EQ(out({"nearest", "3158", "--epoch", "2025-03-15T12:00:00Z", "--format", "tle",
                 "--tle-layout", "canonical"}),
            three_lines(kRecords[3], true));
}

TEST_F(TleLayoutOutputTest, OtherFormatsDoNotDependOnTheLayout) {
  for (const char* format : {"json", "csv", "xml", "kvn"}) {
    EXPECT_EQ(out({"history", "16", "--format", format}),
              out({"history", "16", "--format", format, "--tle-layout", "canonical"}))
        << format;
  }
  const ProcessResult bad = gpq({"history", "16", "--format", "2le", "--tle-layout", "raw"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "gpq: parameter 'tle_layout': 'raw' is not a layout; use source or canonical\n");
  const ProcessResult beyond = gpq({"gp", "400001", "--format", "tle"});
  EXPECT_EQ(beyond.exit_code, 2);
  EXPECT_EQ(beyond.err,
            "gpq: NORAD 400001 is above 339999 (Alpha-5 Z9999), which TLE and 2LE cannot carry; "
            "use json, csv, xml or kvn\n");
}

TEST_F(TleLayoutOutputTest, TheApiGivesTheSameBytesAsTheCli) {
  ServeProcess server(dir_->path() / "gpq.db", [] {
    std::vector<std::string> args = kUnlimited;
    args.push_back("--no-auth");
    return args;
  }());
  ApiClient client(server.host(), server.port());
  const auto body = [&](const std::string& target) {
    const HttpResult r = client.get("/api/v1" + target);
    EXPECT_EQ(r.status, 200) << target << ": " << r.body;
    return r.body;
  };
  EXPECT_EQ(body("/gp/16?format=tle"), three_lines(kRecords[1], false));
  EXPECT_EQ(body("/gp/16?format=tle&tle_layout=canonical"), three_lines(kRecords[1], true));
  EXPECT_EQ(body("/gp/16?format=tle&tle_layout=source"), three_lines(kRecords[1], false));
  EXPECT_EQ(body("/gp?norad_ids=634,270449&format=2le"),
            two_lines(kRecords[2], false) + two_lines(kRecords[6], false));
  EXPECT_EQ(body("/gp?norad_ids=634,270449&format=2le&tle_layout=Canonical"),
            two_lines(kRecords[2], true) + two_lines(kRecords[6], true));
  EXPECT_EQ(body("/gp/84006/history?format=2le"), two_lines(kRecords[5], false));
  EXPECT_EQ(body("/gp/84006/history?format=3le&tle_layout=canonical"),
            three_lines(kRecords[5], true));
  EXPECT_EQ(body("/gp/3158/nearest?epoch=2025-03-15T12:00:00Z&format=tle"),
            three_lines(kRecords[3], false));
  EXPECT_EQ(
      body("/gp/epoch?epoch=2025-03-16&format=2le&tle_layout=canonical&per_page=3"),
      two_lines(kRecords[0], true) + two_lines(kRecords[1], true) + two_lines(kRecords[2], true));
  // The Accept header chooses TLE just as format=tle does.
  const HttpResult accepted =
      client.get("/api/v1/gp/5?tle_layout=canonical", {{"Accept", "text/plain"}});
  EXPECT_EQ(accepted.body, three_lines(kRecords[0], true));
  // JSON is the same either way; the parameter is checked whatever the format.
  EXPECT_EQ(body("/gp/16"), body("/gp/16?tle_layout=canonical"));
  EXPECT_EQ(body("/gp/16?format=csv"), body("/gp/16?format=csv&tle_layout=canonical"));
  for (const std::string target : {"/gp/16?format=tle&tle_layout=raw", "/gp/16?tle_layout=0"}) {
    const HttpResult bad = client.get("/api/v1" + target);
    EXPECT_EQ(bad.status, 400) << target;
    EXPECT_NE(bad.body.find("parameter 'tle_layout'"), std::string::npos) << bad.body;
  }
  // A list leaves it out and says so in headers; the sets around it are all there.
  const HttpResult list = client.get("/api/v1/gp?format=2le&per_page=500");
  EXPECT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(list.header("X-Omitted-Count"), "1");
  EXPECT_EQ(list.header("X-Omitted-Ids"), "400001");
  EXPECT_EQ(list.body.find("400001"), std::string::npos);
  EXPECT_NE(list.body.find(two_lines(kRecords[6], false)), std::string::npos) << list.body;
  EXPECT_EQ(client.get("/api/v1/gp?format=json").header("X-Omitted-Count"), "");
  const HttpResult beyond = client.get("/api/v1/gp/400001?format=2le");
  EXPECT_EQ(beyond.status, 400);
  EXPECT_EQ(beyond.body,
            "{\"error\":\"BadRequest\",\"message\":\"NORAD 400001 is above 339999 (Alpha-5 "
            "Z9999), which TLE and 2LE cannot carry; use json, csv, xml or kvn\",\"status\":400}");
  EXPECT_EQ(server.stop(), 0);
}

// Lines whose line 2 fields are padded differently (zeros in some, blanks in others, a
// catalog number padded one way in line 1 and the other in line 2) come back byte for byte
// after an import, from the newest sets (gp) and from the archive (history). Made by hand from
// real lines: blanks and zeros count the same in the checksum.
TEST(TleLayoutMixedPaddingTest, EachLine2FieldComesBackWithItsOwnPadding) {
  const std::string lines =
      "1    16U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9996\n"
      "2 00016  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640722\n"
      "1 00017U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  9997\n"
      "2    17  34.2643 191.2047 2022009 344.0806  10.4298 10.49553160640723\n"
      "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990\n"
      "2 25544  51.6416 051.2345 0007520  90.7634 269.4217 15.49334650567973\n"
      "1 84101U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9992\n"
      "2 84101  22.9156 231.8658 6081348 325.5644 006.8060 02.16230305 78178\n"
      "1 84102U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9993\n"
      "2 84102 022.9156 231.8658 6081348 325.5644   6.8060  2.16230305078179\n"
      "1 84103U          25066.87855002 -.00000139 +00000-0 +00000-0 0  9994\n"
      "2 84103 022.9156 231.8658 6081348 025.5644   6.8060 02.16230305 78177\n";
  TempDir dir;
  write_file(dir.path() / "mixed.2le", lines);
  const std::string db = "--db=" + (dir.path() / "gpq.db").string();
  const ProcessResult sync = run_gpq({db, "sync", "--quiet", "--source", "spacetrack", "--from",
                                      (dir.path() / "mixed.2le").string()});
  ASSERT_EQ(sync.exit_code, 0) << sync.err;
  const ProcessResult gp =
      run_gpq({db, "gp", "--ids", "16,17,25544,84101,84102,84103", "--format", "2le"});
  EXPECT_EQ(gp.exit_code, 0) << gp.err;
  EXPECT_EQ(gp.out, lines);
  const ProcessResult one = run_gpq({db, "gp", "84102", "--format", "tle"});
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, "84102\n" + lines.substr(4 * 140, 140));
  const ProcessResult history = run_gpq({db, "history", "84101", "--format", "2le"});
  EXPECT_EQ(history.exit_code, 0) << history.err;
  EXPECT_EQ(history.out, lines.substr(3 * 140, 140));
}

// python-sgp4, a reader that is not gpq's, takes every layout, Alpha-5 included.
TEST_F(TleLayoutOutputTest, Sgp4ReadsTheSourceLayouts) {
  if (run_process({"/usr/bin/python3", "-c", "from sgp4.api import Satrec"}).exit_code != 0) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  const std::string text =
      out({"gp", "--ids", "5,16,634,3158,81052,84006,270449", "--format", "2le"});
  write_file(dir_->path() / "sets.2le", text);
  const ProcessResult python =
      run_process({"/usr/bin/python3", "-c",
                   "import sys\n"
                   "from sgp4.api import Satrec\n"
                   "lines = open(sys.argv[1]).read().splitlines()\n"
                   "for l1, l2 in zip(lines[0::2], lines[1::2]):\n"
                   "    sat = Satrec.twoline2rv(l1, l2)\n"
                   "    e, r, v = sat.sgp4(sat.jdsatepoch, sat.jdsatepochF)\n"
                   "    print(sat.satnum, sat.error, e)\n",
                   (dir_->path() / "sets.2le").string()});
  ASSERT_EQ(python.exit_code, 0) << python.err;
  EXPECT_EQ(python.out, "5 0 0\n16 0 0\n634 0 0\n3158 0 0\n81052 0 0\n84006 0 0\n270449 0 0\n");
}

}  // namespace
}  // namespace gpq::test
