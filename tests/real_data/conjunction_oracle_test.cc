// gpq's conjunction events checked by python3-sgp4 (conjunction_oracle.py): CelesTrak's active
// catalog of 2026-07-10 imported, the ISS and ten Starlinks against it for a day at 50 km, and
// every event's TCA and miss distance found again from the same sets, read as OMM CSV. Then,
// following the archive through six weeks of CelesTrak's OneWeb and stations histories, five
// OneWebs against the rest for a day: each event's sets are the nearest to its TCA, and its TCA
// and miss distance are found again from them.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "imported_mirror.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

struct ConjunctionOracleTestFiles {
  static std::vector<fs::path> files() { return {"gp/celestrak_gp_active_2026-07-10.csv"}; }
};

class ConjunctionOracleTest : public ImportedMirrorTest<ConjunctionOracleTestFiles> {};

// The NORAD ids of a CSV answer's rows, joined with commas.
std::string ids_of(const std::string& csv) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // header: NORAD_CAT_ID is not the first column everywhere
  std::vector<std::string> header;
  std::istringstream columns(line);
  for (std::string name; std::getline(columns, name, ',');) {
    header.push_back(name);
  }
  const auto column = static_cast<std::size_t>(
      std::find(header.begin(), header.end(), "NORAD_CAT_ID") - header.begin());
  std::string ids;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string field;
    for (std::size_t i = 0; i <= column && std::getline(fields, field, ','); ++i) {
    }
    ids += (ids.empty() ? "" : ",") + field;
  }
  return ids;
}

TEST_F(ConjunctionOracleTest, EveryEventIsFoundAgainByPythonSgp4) {
  if (run_process({"/usr/bin/python3", "-c", "import sgp4.omm"}).exit_code != 0) {
    GTEST_SKIP() << "python3-sgp4 is not installed";
  }
  const std::string starlinks =
      ids_of(ok({"gp", "--search", "STARLINK", "--limit", "10", "--format", "csv"}));
  const std::string primaries = "25544," + starlinks;
  const fs::path events = mirror_->dir().path() / "events.json";
  std::ofstream(events) << ok({"conjunctions", "--ids", primaries, "--from", "2026-07-10T12:00:00Z",
                               "--to", "2026-07-11T12:00:00Z", "--threshold", "50", "--per-page",
                               "10000", "--format", "json"});
  const fs::path sets = mirror_->dir().path() / "sets.csv";
  std::ofstream(sets) << ok({"gp", "--format", "csv"});
  const fs::path oracle =
      fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "conjunction_oracle.py";
  const ProcessResult checked =
      run_process({"/usr/bin/python3", oracle.string(), events.string(), sets.string()});
  std::cout << checked.out;
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  const std::size_t count = checked.out.find("conjunction_oracle: ");
  ASSERT_NE(count, std::string::npos);
  EXPECT_GT(std::stoi(checked.out.substr(count + 20)), 20) << "too few events to check anything";
}

struct FollowArchiveOracleTestFiles {
  static std::vector<fs::path> files() {
    return {"history/celestrak_oneweb_2026-05-24_2026-07-14.3le.xz",
            "history/celestrak_stations_2026-05-24_2026-07-14.3le.xz"};
  }
};

class FollowArchiveOracleTest : public ImportedMirrorTest<FollowArchiveOracleTestFiles> {};

TEST_F(FollowArchiveOracleTest, EachEventUsesTheSetsNearestItsTca) {
  if (run_process({"/usr/bin/python3", "-c", "import sgp4.omm"}).exit_code != 0) {
    GTEST_SKIP() << "python3-sgp4 is not installed";
  }
  const std::string oneweb =
      ids_of(ok({"gp", "--search", "ONEWEB", "--limit", "5", "--format", "csv"}));
  const std::string answer = ok({"conjunctions", "--ids", oneweb, "--from", "2026-06-10T00:00:00Z",
                                 "--to", "2026-06-11T00:00:00Z", "--threshold", "50",
                                 "--follow-archive", "--per-page", "10000", "--format", "json"});
  const fs::path events = mirror_->dir().path() / "events.json";
  std::ofstream(events) << answer;
  // Every set of each object in the events from five days before the window to five after.
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(answer).get(doc), simdjson::SUCCESS) << answer;
  std::string_view rule;
  ASSERT_EQ(doc["meta"]["set_rule"].get(rule), simdjson::SUCCESS);
  EXPECT_EQ(rule, "archive");
  simdjson::dom::array data;
  ASSERT_EQ(doc["data"].get(data), simdjson::SUCCESS);
  std::set<std::int64_t> ids;
  std::set<std::string> set_epochs;
  for (const simdjson::dom::element event : data) {
    for (const char* side : {"PRIMARY", "SECONDARY"}) {
      simdjson::dom::element object;
      ASSERT_EQ(event[side].get(object), simdjson::SUCCESS);
      std::int64_t id = 0;
      std::string_view epoch;
      ASSERT_EQ(object["NORAD_CAT_ID"].get(id), simdjson::SUCCESS);
      ASSERT_EQ(object["SET_EPOCH"].get(epoch), simdjson::SUCCESS);
      ids.insert(id);
      set_epochs.insert(std::string(epoch));
    }
  }
  std::vector<std::string> paths;
  for (const std::int64_t id : ids) {
    const fs::path path = mirror_->dir().path() / ("sets-" + std::to_string(id) + ".csv");
    std::ofstream(path) << ok({"history", std::to_string(id), "--start", "2026-06-05", "--end",
                               "2026-06-16", "--format", "csv"});
    paths.push_back(path.string());
  }
  EXPECT_GT(set_epochs.size(), ids.size()) << "the events must use more than one set an object";
  const fs::path oracle =
      fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "conjunction_oracle.py";
  std::vector<std::string> command = {"/usr/bin/python3", oracle.string(), "--nearest",
                                      events.string()};
  command.insert(command.end(), paths.begin(), paths.end());
  const ProcessResult checked = run_process(command);
  std::cout << checked.out;
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  const std::size_t count = checked.out.find("conjunction_oracle: ");
  ASSERT_NE(count, std::string::npos);
  EXPECT_GT(std::stoi(checked.out.substr(count + 20)), 10) << "too few events to check anything";
}

}  // namespace
}  // namespace gpq::test
