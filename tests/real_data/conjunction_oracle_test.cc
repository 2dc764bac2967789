// gpq's conjunction events checked by python3-sgp4 (conjunction_oracle.py): CelesTrak's active
// catalog of 2026-07-10 imported, the ISS and ten Starlinks against it for a day at 50 km, and
// every event's TCA and miss distance found again from the same sets, read as OMM CSV.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace gpq::test
