// The catalog's states over real data: Space-Track's whole catalog of 2025-03-03 (27,106 sets)
// and CelesTrak's stations history, imported by `gpq sync --from`. `gpq state --all` has the
// members of `gp --epoch` in its order; a sample of rows equals `gpq state ID` for the same ids
// (rows without a state: its refusal); every row with a state agrees with python3-sgp4
// propagating the lines of the set gpq names within 1 mm and 1 mm/s, and every row without one
// is an SGP4 error python3-sgp4 gives too, or a set more than 30 days away.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/time.h"

#include "imported_mirror.h"
#include "support/known_sets.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;
using test::at;

// After the newest set of the Space-Track catalog (2025-03-17): every object answers.
constexpr const char* kAfterCatalog = "2025-03-18T00:00:00Z";
// Inside the stations history (2026-05-23 .. 07-14); the Space-Track sets are a year older.
constexpr const char* kInHistory = "2026-06-15T12:34:56.789Z";

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, separator);) {
    out.push_back(item);
  }
  return out;
}

// The fields of one CSV line (RFC 4180 quotes: names and errors may hold commas).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

// Columns of a state row (teme or itrf): NORAD_CAT_ID, ..., X..Z_DOT at 5..10, SET_EPOCH at
// 11, ERROR last.
constexpr std::size_t kSetEpoch = 11;
constexpr std::size_t kError = 15;

struct CatalogStateRealDataTestFiles {
  static std::vector<fs::path> files() {
    return {"history/spacetrack_snapshots/snap_satcat_2025_03_03.txt.xz",
            "history/celestrak_stations_2026-05-24_2026-07-14.3le.xz"};
  }
};

class CatalogStateRealDataTest : public ImportedMirrorTest<CatalogStateRealDataTestFiles> {
 protected:
  static std::vector<std::string> rows(const std::string& csv) {
    std::vector<std::string> lines = split(csv, '\n');
    if (!lines.empty()) {
      lines.erase(lines.begin());  // the header
    }
    return lines;
  }

  // Each row of the catalog against `gpq state ID` (every `every`-th row, and every row
  // without a state among the first thousand): the same text, or its refusal.
  static void expect_rows_are_single_states(const std::vector<std::string>& states,
                                            const std::string& at, std::size_t every) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      const std::string& row = states[i];
      const std::string error = fields(row).at(kError);
      const bool without_state = !error.empty();
      if (i % every != 0 && !(without_state && i < 1000)) {
        continue;
      }
      const std::string id = row.substr(0, row.find(','));
      const ProcessResult one = run_gpq({db(), "state", id, "--at", at, "--format", "csv"});
      if (!without_state) {
        ASSERT_EQ(one.exit_code, 0) << id << one.err;
        EXPECT_EQ(split(one.out, '\n').at(1) + ",", row) << id;
        continue;
      }
      EXPECT_EQ(one.exit_code, 2) << id;
      // SGP4's refusal is the row's ERROR word for word; an age refusal names the span.
      if (error.find("SGP4") != std::string::npos) {
        EXPECT_EQ(one.err, "gpq: " + error + "\n") << id;
      } else {
        EXPECT_NE(one.err.find("is outside the archive"), std::string::npos) << id << one.err;
      }
    }
  }
};

TEST_F(CatalogStateRealDataTest, MembersAndRowsAreThoseOfEachObject) {
  const std::vector<std::string> states =
      rows(ok({"state", "--all", "--at", kAfterCatalog, "--format", "csv"}));
  const std::vector<std::string> members =
      rows(ok({"gp", "--epoch", kAfterCatalog, "--format", "csv"}));
  ASSERT_EQ(states.size(), members.size());
  ASSERT_GT(states.size(), 27000U);
  std::size_t without_state = 0;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const std::vector<std::string> s = fields(states[i]);
    const std::vector<std::string> set = fields(members[i]);  // OMM CSV: EPOCH 2, NORAD 11
    ASSERT_EQ(s.size(), kError + 1) << states[i];
    // The same object in the same place, from the set the snapshot names.
    ASSERT_EQ(s[0], set.at(11)) << i;
    EXPECT_EQ(s[kSetEpoch], format_iso8601_millis(at(set.at(2)))) << s[0];
    without_state += s[kError].empty() ? 0 : 1;
    EXPECT_EQ(states[i].find("nan"), std::string::npos) << states[i];
  }
  // Objects SGP4 calls decayed or out of range by 2025-03-18: a few, not the answer.
  EXPECT_LT(without_state, 100U);
  std::printf("%zu members at %s, %zu without a state\n", states.size(), kAfterCatalog,
              without_state);
  expect_rows_are_single_states(states, kAfterCatalog, 997);

  // Inside the stations history its objects' blocks are read (many sets each); the year-old
  // Space-Track sets are rows with the reason.
  const std::vector<std::string> mixed =
      rows(ok({"state", "--all", "--at", kInHistory, "--frame", "geodetic", "--format", "csv"}));
  std::vector<std::string> stations;  // the rows with a state
  for (const std::string& row : mixed) {
    if (row.ends_with(",")) {
      stations.push_back(row);
    } else {
      EXPECT_NE(row.find("is propagated at most 30 days"), std::string::npos) << row;
    }
  }
  EXPECT_GT(stations.size(), 20U);
  EXPECT_GT(mixed.size() - stations.size(), 27000U);
  const ProcessResult one = run_gpq(
      {db(), "state", "25544", "--at", kInHistory, "--frame", "geodetic", "--format", "csv"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(std::find(stations.begin(), stations.end(), split(one.out, '\n').at(1) + ","),
            stations.end());
}

// Every row with a state against python3-sgp4 on the lines of the set gpq names, by the
// minutes from its stored epoch; every SGP4 error row against python3-sgp4's error code.
TEST_F(CatalogStateRealDataTest, StatesAgreeWithPython3Sgp4) {
  if (run_process({"/usr/bin/python3", "-c", "import sgp4.api"}).exit_code != 0) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  const std::vector<std::string> states =
      rows(ok({"state", "--all", "--at", kAfterCatalog, "--format", "csv"}));
  const std::vector<std::string> tle =
      split(ok({"gp", "--epoch", kAfterCatalog, "--format", "2le"}), '\n');
  const std::vector<std::string> omm =
      rows(ok({"gp", "--epoch", kAfterCatalog, "--format", "csv"}));
  ASSERT_EQ(tle.size(), 2 * states.size());
  ASSERT_EQ(omm.size(), states.size());
  const std::regex exact_epoch(R"(,(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}),)");
  std::string table;
  for (std::size_t i = 0; i < states.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(omm[i], m, exact_epoch)) << omm[i];
    const double minutes =
        static_cast<double>(at(kAfterCatalog).unix_micros() - at(m[1].str()).unix_micros()) / 60e6;
    table += fmt::format("{}\t{}\t{:.17g}\n", tle[2 * i], tle[2 * i + 1], minutes);
  }
  const fs::path input = mirror_->dir().path() / "oracle.tsv";
  std::ofstream(input) << table;
  const fs::path script =
      fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "sgp4_oracle.py";
  const ProcessResult python = run_process({"/usr/bin/python3", script.string(), input.string()});
  ASSERT_EQ(python.exit_code, 0) << python.err;
  const std::vector<std::string> answers = split(python.out, '\n');
  ASSERT_EQ(answers.size(), states.size());
  double worst_position = 0;
  double worst_velocity = 0;
  std::size_t compared = 0;
  for (std::size_t i = 0; i < states.size(); ++i) {
    std::istringstream numbers(answers[i]);
    int error = -1;
    numbers >> error;
    const std::vector<std::string> row = fields(states[i]);
    if (!row.at(kError).empty()) {
      const std::string code = row[kError].substr(row[kError].rfind("(SGP4 error ") + 12, 1);
      EXPECT_EQ(std::to_string(error), code) << states[i];
      continue;
    }
    ASSERT_EQ(error, 0) << states[i] << " python: " << answers[i];
    double dr = 0;
    double dv = 0;
    for (int k = 0; k < 6; ++k) {
      double value = 0;
      numbers >> value;
      const double ours = std::stod(row.at(5 + static_cast<std::size_t>(k)));
      (k < 3 ? dr : dv) += (value - ours) * (value - ours);
    }
    dr = std::sqrt(dr);
    dv = std::sqrt(dv);
    EXPECT_LT(dr, 1e-6) << states[i];  // 1 mm
    EXPECT_LT(dv, 1e-6) << states[i];  // 1 mm/s
    worst_position = std::max(worst_position, dr);
    worst_velocity = std::max(worst_velocity, dv);
    ++compared;
  }
  std::printf("catalog states vs python3-sgp4, %zu objects: worst %.3g mm, %.3g mm/s\n", compared,
              worst_position * 1e6, worst_velocity * 1e6);
}

}  // namespace
}  // namespace gpq::test
