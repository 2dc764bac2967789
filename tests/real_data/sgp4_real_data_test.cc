// gpq's SGP4 against python3-sgp4 on 10,000 real element sets of $GPQ_REAL_DATA (CelesTrak's
// active catalog and Space-Track's whole catalog), each at a random time within 10 days of its
// epoch: position within 1 mm and velocity within 1 mm/s, or the same error code. Both sides
// read the same TLE lines (gpq's writer gives a Space-Track set its own lines back), and
// python3-sgp4 runs once, as a child process, for all of them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/element_set.h"
#include "gpq/tle.h"

#include "orbit/sgp4.h"
#include "support/collecting_sink.h"
#include "support/process.h"
#include "support/temp_dir.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kSets = 10'000;
constexpr double kMaxOffsetMinutes = 10 * 1440.0;
constexpr double kPositionToleranceKm = 1e-6;   // 1 mm
constexpr double kVelocityToleranceKmS = 1e-6;  // 1 mm/s

using Parser = void (*)(sync::LineReader&, const sync::ParseOptions&, sync::RecordSink&);

std::vector<ElementSet> read_sets(const fs::path& path, Parser parser) {
  const auto in = sync::open_file(path);
  sync::LineReader lines(*in);
  CollectingSink sink;
  parser(lines, {}, sink);
  EXPECT_TRUE(sink.skips.empty()) << path << ": " << sink.skips_text();
  return std::move(sink.sets);
}

struct Case {
  std::string line1;
  std::string line2;
  double minutes = 0;
};

// kSets sets drawn at random (fixed seed) from both catalogs, each with its random offset.
std::vector<Case> draw_cases(const fs::path& data) {
  std::vector<ElementSet> pool =
      read_sets(data / "gp" / "celestrak_gp_active_2026-07-10.csv", sync::parse_omm_csv);
  std::vector<ElementSet> spacetrack =
      read_sets(data / "history" / "spacetrack_snapshots" / "snap_satcat_2025_03_03.txt.xz",
                sync::parse_tle_text);
  pool.insert(pool.end(), std::make_move_iterator(spacetrack.begin()),
              std::make_move_iterator(spacetrack.end()));
  std::mt19937_64 random(20'260'710);
  std::shuffle(pool.begin(), pool.end(), random);
  std::uniform_real_distribution<double> offset(-kMaxOffsetMinutes, kMaxOffsetMinutes);
  std::vector<Case> cases;
  for (const ElementSet& set : pool) {
    if (cases.size() == kSets) {
      break;
    }
    if (tle_output_problem(set)) {
      continue;
    }
    const TleLines lines = format_tle_lines(set);
    cases.push_back({lines.line1, lines.line2, offset(random)});
  }
  return cases;
}

struct OracleRow {
  int error = 0;
  std::array<double, 3> position{};
  std::array<double, 3> velocity{};
  std::string refused;  // twoline2rv's message
};

std::vector<OracleRow> run_oracle(const std::vector<Case>& cases) {
  TempDir dir;
  const fs::path input = dir.path() / "cases.tsv";
  {
    std::ofstream out(input);
    for (const Case& c : cases) {
      out << c.line1 << '\t' << c.line2 << '\t' << fmt::format("{:.17g}", c.minutes) << '\n';
    }
  }
  const fs::path script =
      fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "sgp4_oracle.py";
  const ProcessResult python = run_process({"/usr/bin/python3", script.string(), input.string()});
  EXPECT_EQ(python.exit_code, 0) << python.err;
  std::vector<OracleRow> rows;
  std::istringstream lines(python.out);
  std::string line;
  while (std::getline(lines, line)) {
    OracleRow row;
    if (line.starts_with("parse ")) {
      row.refused = line.substr(6);
    } else {
      std::istringstream fields(line);
      fields >> row.error;
      if (row.error == 0) {
        fields >> row.position[0] >> row.position[1] >> row.position[2] >> row.velocity[0] >>
            row.velocity[1] >> row.velocity[2];
      }
    }
    rows.push_back(row);
  }
  return rows;
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

bool python_has_sgp4() {
  return run_process({"/usr/bin/python3", "-c", "import sgp4.api"}).exit_code == 0;
}

// What the comparison found, case by case.
struct Tally {
  int deep_space = 0;
  int resonant = 0;
  int errors_agreeing = 0;
  int disagreements = 0;
  double worst_position = 0;
  double worst_velocity = 0;
  std::string worst_position_case;
  std::string worst_velocity_case;

  void add(const std::string& name, const orbit::Sgp4Propagator& propagator, double minutes,
           const OracleRow& oracle) {
    deep_space += propagator.deep_space() ? 1 : 0;
    resonant += propagator.terms().deep.resonance.kind != orbit::Resonance::none ? 1 : 0;
    const orbit::Sgp4Result got = propagator.propagate(minutes);
    const int error = static_cast<int>(got.error);
    if (error != 0 || oracle.error != 0) {
      if (error == oracle.error) {
        ++errors_agreeing;
      } else {
        ADD_FAILURE() << name << ": error " << error << ", python3-sgp4 " << oracle.error;
        ++disagreements;
      }
      return;
    }
    const double dr = distance(got.state.position_km, oracle.position);
    const double dv = distance(got.state.velocity_km_s, oracle.velocity);
    if (dr > worst_position) {
      worst_position = dr;
      worst_position_case = name;
    }
    if (dv > worst_velocity) {
      worst_velocity = dv;
      worst_velocity_case = name;
    }
    if (dr > kPositionToleranceKm || dv > kVelocityToleranceKmS) {
      ADD_FAILURE() << name << ": position off by " << dr << " km, velocity by " << dv << " km/s";
      ++disagreements;
    }
  }
};

TEST(Sgp4RealDataTest, AgreesWithPythonSgp4OnTenThousandSets) {
  const fs::path data = real_data_dir();
  if (data.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  if (!python_has_sgp4()) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  const std::vector<Case> cases = draw_cases(data);
  ASSERT_EQ(cases.size(), kSets);
  const std::vector<OracleRow> oracle = run_oracle(cases);
  ASSERT_EQ(oracle.size(), cases.size());

  Tally tally;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const std::string name = fmt::format("{} at {:+.3f} min", c.line1.substr(2, 5), c.minutes);
    ASSERT_TRUE(oracle[i].refused.empty())
        << name << ": python3-sgp4 refuses: " << oracle[i].refused;
    ElementSet set;
    std::string why;
    ASSERT_TRUE(parse_tle(c.line1, c.line2, set, why)) << name << ": " << why;
    tally.add(name, orbit::Sgp4Propagator(set), c.minutes, oracle[i]);
  }
  EXPECT_EQ(tally.disagreements, 0);
  // The draw (fixed seed) holds 1138 SDP4 sets, 659 of them resonant: both branches count.
  EXPECT_GT(tally.deep_space, 1000);
  EXPECT_GT(tally.resonant, 500);
  std::cout << fmt::format(
      "{} sets ({} deep space, {} of them resonant), {} with the same error on both sides; worst "
      "position {:.3g} mm ({}), worst velocity {:.3g} mm/s ({})\n",
      cases.size(), tally.deep_space, tally.resonant, tally.errors_agreeing,
      tally.worst_position * 1e6, tally.worst_position_case, tally.worst_velocity * 1e6,
      tally.worst_velocity_case);
}

}  // namespace
}  // namespace gpq::test
