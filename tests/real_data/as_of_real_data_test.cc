// What was known then, on CelesTrak's own publication record: the stations group's history
// imported one snapshot at a time, each snapshot's new sets with --published-at the time it
// was fetched (the history's index gives the first publication of every set, re-publications
// with the same epoch included). The answers recorded after some snapshots come back byte
// for byte with --as-of that time, and the versions kept are the re-publications an
// independent reading of the file counts.
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

struct Snapshot {
  std::string time;       // SNAPSHOT_UTC
  std::size_t first = 0;  // 1-based record numbers
  std::size_t last = 0;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

std::vector<Snapshot> read_index(const fs::path& path) {
  std::ifstream in(path);
  std::vector<Snapshot> snapshots;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) {
      cells.push_back(cell);
    }
    if (cells.size() < 6) {
      snapshots.push_back({cells.at(0), 1, 0});  // no new set in this snapshot
      continue;
    }
    snapshots.push_back({cells.at(0), std::stoul(cells.at(4)), std::stoul(cells.at(5))});
  }
  return snapshots;
}

// The questions asked after a snapshot at `time`, for the ISS and the Chinese station.
std::vector<std::vector<std::string>> questions(const std::string& time) {
  std::vector<std::vector<std::string>> asked;
  for (const char* id : {"25544", "48274"}) {
    asked.push_back({"gp", id, "--format", "tle"});
    asked.push_back({"gp", id, "--format", "json"});
    asked.push_back({"history", id, "--end", time, "--format", "csv"});
    asked.push_back({"nearest", id, "--epoch", "2026-06-01T00:00:00Z", "--format", "xml"});
    asked.push_back({"adjacent", id, "--epoch", "2026-06-01T00:00:00Z", "--format", "json"});
    asked.push_back({"range", id, "--format", "json"});
  }
  return asked;
}

TEST(AsOfRealDataTest, TheStationsHistoryAnswersAsOfEachSnapshot) {
  if (real_data_dir().empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  const fs::path history = real_data_dir() / "history";
  const ProcessResult unpacked = run_process(
      {"xz", "-dc", (history / "celestrak_stations_2026-05-24_2026-07-14.3le.xz").string()});
  ASSERT_EQ(unpacked.exit_code, 0) << unpacked.err;
  const std::vector<std::string> lines = lines_of(unpacked.out);
  ASSERT_EQ(lines.size() % 3, 0U);
  const std::vector<Snapshot> snapshots =
      read_index(history / "celestrak_stations_2026-05-24_2026-07-14.index.csv");
  ASSERT_EQ(snapshots.size(), 197U);

  TempDir dir;
  const std::string db = "--db=" + (dir.path() / "gpq.db").string();
  const auto gpq = [&](std::vector<std::string> args) {
    args.insert(args.begin(), db);
    const ProcessResult result = run_gpq(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  };
  std::map<std::string, std::vector<std::string>> recorded;  // by snapshot time
  for (std::size_t k = 0; k < snapshots.size(); ++k) {
    const Snapshot& snapshot = snapshots[k];
    std::string text;
    for (std::size_t record = snapshot.first; record <= snapshot.last; ++record) {
      for (std::size_t line = 0; line < 3; ++line) {
        text += lines.at((record - 1) * 3 + line) + "\n";
      }
    }
    if (!text.empty()) {
      const fs::path file = dir.path() / "snapshot.3le";
      std::ofstream(file) << text;
      gpq({"sync", "--from", file.string(), "--source", "celestrak", "--published-at",
           snapshot.time});
    }
    if (k % 40 == 20 || k + 1 == snapshots.size()) {
      for (const auto& question : questions(snapshot.time)) {
        recorded[snapshot.time].push_back(gpq(question));
      }
    }
  }
  ASSERT_EQ(recorded.size(), 6U);
  for (const auto& [time, answers] : recorded) {
    const auto asked = questions(time);
    for (std::size_t i = 0; i < asked.size(); ++i) {
      std::vector<std::string> args = asked[i];
      args.insert(args.end(), {"--as-of", time});
      EXPECT_EQ(gpq(args), answers[i]) << "as of " << time << ": " << args[0] << " " << args[1];
    }
  }
  EXPECT_NE(recorded.begin()->second[0], recorded.rbegin()->second[0]);

  // An independent count of the versions: records whose object and epoch (line 1's columns
  // 3-7 and 19-32) an earlier record of the file already had, with other lines.
  std::map<std::pair<std::string, std::string>, std::set<std::string>> by_identity;
  for (std::size_t i = 0; i < lines.size(); i += 3) {
    const std::string& line1 = lines[i + 1];
    by_identity[{line1.substr(2, 5), line1.substr(18, 14)}].insert(line1 + lines[i + 2]);
  }
  std::size_t republished = 0;
  for (const auto& [identity, versions] : by_identity) {
    republished += versions.size() - 1;
  }
  const std::string status = gpq({"status", "--format", "json"});
  EXPECT_NE(status.find("\"superseded_versions\":" + std::to_string(republished) + ","),
            std::string::npos)
      << republished << " re-publications in the file; " << status;
}

}  // namespace
}  // namespace gpq::test
