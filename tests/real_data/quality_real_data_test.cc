// Quality flags on real data, against an independent reading of the files (quality_oracle.py):
// Space-Track's 2023 snapshots (objects decayed since, some with sets after their decay day),
// SATCAT's decay dates, CelesTrak's analyst group beside its stations group (six-digit ids that
// are no analyst objects). No shared file holds an SGP4-XP set: the unit tests cover that flag. The
// rules are docs/DECISIONS.md "Quality".
#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/time.h"

#include "imported_mirror.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

struct QualityRealDataFiles {
  static std::vector<fs::path> files() {
    std::vector<fs::path> files = {"satcat/spacetrack_satcat_current_2025-03-15T22-48-37.json.xz",
                                   "satcat/spacetrack_satcat_decayed_2025-03-15T22-48-37.json.xz",
                                   "gp/celestrak_gp_analyst_2026-09-23.csv",
                                   "gp/celestrak_gp_stations_2026-09-23.csv"};
    for (const auto& entry :
         fs::directory_iterator(real_data_dir() / "history" / "spacetrack_snapshots")) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with("snap_satcat_2023_")) {
        files.push_back(fs::path("history") / "spacetrack_snapshots" / name);
      }
    }
    return files;
  }
};

struct Expected {
  std::string newest_epoch;
  bool stale_now = false;
  bool decayed_now = false;
  bool decayed_at_newest = false;
  bool analyst = false;
};

// A CSV line's fields (quoted fields may hold commas and doubled quotes).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

// NORAD id -> the flags of its row, from a CSV answer with `_quality` last.
std::map<std::int32_t, std::string> flags_by_id(const std::string& csv) {
  std::map<std::int32_t, std::string> flags;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csv_fields(line);
  EXPECT_EQ(header.back(), "_quality");
  const auto id_column = static_cast<std::size_t>(
      std::find(header.begin(), header.end(), "NORAD_CAT_ID") - header.begin());
  while (std::getline(in, line)) {
    const std::vector<std::string> fields = csv_fields(line);
    flags[std::stoi(fields.at(id_column))] = " " + fields.back() + " ";
  }
  return flags;
}

bool has(const std::string& flags, const char* flag) {
  return flags.find(std::string(" ") + flag + " ") != std::string::npos;
}

class QualityRealDataTest : public ImportedMirrorTest<QualityRealDataFiles> {
 protected:
  static std::map<std::int32_t, Expected> oracle(TimePoint now) {
    const fs::path script =
        fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "quality_oracle.py";
    const ProcessResult read = run_process({"/usr/bin/python3", script.string(),
                                            real_data_dir().string(), format_iso8601_millis(now)});
    EXPECT_EQ(read.exit_code, 0) << read.err;
    std::map<std::int32_t, Expected> expected;
    std::istringstream in(read.out);
    for (std::string line; std::getline(in, line);) {
      std::istringstream row(line);
      std::int32_t id = 0;
      Expected e;
      int stale = 0;
      int decayed_now = 0;
      int decayed_at_newest = 0;
      int analyst = 0;
      row >> id >> e.newest_epoch >> stale >> decayed_now >> decayed_at_newest >> analyst;
      e.stale_now = stale == 1;
      e.decayed_now = decayed_now == 1;
      e.decayed_at_newest = decayed_at_newest == 1;
      e.analyst = analyst == 1;
      expected[id] = e;
    }
    return expected;
  }
};

TEST_F(QualityRealDataTest, EveryCurrentSetIsFlaggedAsTheFilesSay) {
  const TimePoint now = system_now();
  const std::map<std::int32_t, Expected> expected = oracle(now);
  ASSERT_GT(expected.size(), 2000U);
  const std::map<std::int32_t, std::string> flags =
      flags_by_id(ok({"gp", "--decayed", "--quality", "--format", "csv"}));
  std::size_t decayed = 0;
  std::size_t analyst = 0;
  for (const auto& [id, e] : expected) {
    const auto found = flags.find(id);
    ASSERT_NE(found, flags.end()) << id;
    const std::string& got = found->second;
    EXPECT_EQ(has(got, "stale"), e.stale_now) << id << ":" << got;
    EXPECT_EQ(has(got, "decayed"), e.decayed_now) << id << ":" << got;
    EXPECT_EQ(has(got, "analyst"), e.analyst) << id << ":" << got;
    EXPECT_FALSE(has(got, "sgp4_xp") || has(got, "not_sgp4")) << id << ":" << got;
    decayed += e.decayed_now ? 1 : 0;
    analyst += e.analyst ? 1 : 0;
  }
  // What the files hold: objects decayed since 2023; CelesTrak's 593 analyst objects and 72
  // of Space-Track's that SATCAT does not list.
  EXPECT_GT(decayed, 1000U);
  EXPECT_EQ(analyst, 665U);
}

TEST_F(QualityRealDataTest, AtItsOwnEpochASetIsNotStaleAndDecayedOnlyAfterTheDecayDay) {
  const std::map<std::int32_t, Expected> expected = oracle(system_now());
  std::size_t asked = 0;
  std::size_t after_decay = 0;
  std::size_t k = 0;
  for (const auto& [id, e] : expected) {
    // Every object with a set after its decay day, and one in forty of the others.
    if (!e.decayed_at_newest && k++ % 40 != 0) {
      continue;
    }
    const std::map<std::int32_t, std::string> flags =
        flags_by_id(ok({"nearest", std::to_string(id), "--epoch", e.newest_epoch, "--quality",
                        "--format", "csv"}));
    ASSERT_EQ(flags.size(), 1U) << id;
    const std::string& got = flags.begin()->second;
    EXPECT_FALSE(has(got, "stale")) << id << ":" << got;
    EXPECT_EQ(has(got, "decayed"), e.decayed_at_newest) << id << ":" << got;
    ++asked;
    after_decay += e.decayed_at_newest ? 1 : 0;
  }
  EXPECT_GT(asked, 50U);
  EXPECT_EQ(after_decay, 3U);  // 46774, 49266, 57287: sets published after their decay day
}

}  // namespace
}  // namespace gpq::test
