// SGP4/SDP4 against the verification ephemerides of Vallado et al. 2006, as python3-sgp4
// ships them: SGP4-VER.TLE (the sets, with start, stop and step in minutes after column 69 of
// line 2) and tcppver.out (the C++ reference's states at every time). Every state must agree
// within 1 mm and 1 mm/s, and where the reference stops, gpq must stop at the same time with
// the same error.
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/element_set.h"
#include "gpq/time.h"
#include "gpq/tle.h"

#include "orbit/sgp4.h"

namespace gpq::orbit {
namespace {

namespace fs = std::filesystem;

// Where Debian's python3-sgp4 installs them (`dpkg -L python3-sgp4`).
const fs::path kVerificationDir = "/usr/lib/python3/dist-packages/sgp4";

constexpr double kPositionToleranceKm = 1e-6;   // 1 mm
constexpr double kVelocityToleranceKmS = 1e-6;  // 1 mm/s

struct VerificationCase {
  std::string line1;
  std::string line2;
  ElementSet set;
  bool read_by_parse_tle = false;
  std::string parse_tle_error;  // why parse_tle refused it, when it did
  double start = 0;             // minutes after epoch
  double stop = 0;
  double step = 0;
};

struct ReferenceRow {
  double minutes = 0;
  std::array<double, 3> position{};
  std::array<double, 3> velocity{};
};

struct ReferenceCase {
  int norad_id = 0;
  std::vector<ReferenceRow> rows;
};

// tcppver.out prints no error codes: it only stops. These are the codes python3-sgp4 2.15
// reports for the same sets at the first time the reference leaves out (and, for 33334, at
// epoch, where the reference prints the previous case's state again). The comments of
// SGP4-VER.TLE name the same causes: decay for 28872 and 29141, code 4 for 33333.
const std::map<std::pair<int, double>, Sgp4Error> kExpectedStops = {
    {{22312, 54.2028672}, Sgp4Error::mean_eccentricity},
    {{28350, 0.0}, Sgp4Error::mean_eccentricity},
    {{28872, 0.0}, Sgp4Error::decayed},
    {{29141, 0.0}, Sgp4Error::decayed},
    {{33333, 0.0}, Sgp4Error::semi_latus_rectum},
    {{33334, 0.0}, Sgp4Error::perturbed_eccentricity},
    {{20413, 1844000.0}, Sgp4Error::decayed},
};

// Fixed columns of the original TLE layout, for lines parse_tle refuses. Same arithmetic as
// parse_tle for every field SGP4 reads.
ElementSet read_columns(const std::string& l1, const std::string& l2) {
  const auto number = [](const std::string& line, int first, int last) {
    return std::stod(line.substr(first - 1, last - first + 1));
  };
  // ` 14311-1` -> 0.14311e-1
  const auto exponent_field = [](const std::string& line, int first) {
    const std::string f = line.substr(first - 1, 8);
    return std::stod(fmt::format("{}0.{}e{}", f[0] == '-' ? "-" : "", f.substr(1, 5), f.substr(6)));
  };
  ElementSet set;
  set.norad_id = static_cast<int>(number(l1, 3, 7));
  const int yy = static_cast<int>(number(l1, 19, 20));
  const int day = static_cast<int>(number(l1, 21, 23));
  const std::int64_t fraction = std::stoll(l1.substr(24, 8));
  const TimePoint jan1 = from_civil({yy < 57 ? 2000 + yy : 1900 + yy, 1, 1});
  set.epoch =
      TimePoint::from_unix_micros(jan1.unix_micros() + (day - 1) * kMicrosPerDay + fraction * 864);
  set.mean_motion_dot = number(l1, 34, 43);
  set.mean_motion_ddot = exponent_field(l1, 45);
  set.bstar = exponent_field(l1, 54);
  set.inclination = number(l2, 9, 16);
  set.ra_of_asc_node = number(l2, 18, 25);
  set.eccentricity = std::stod("0." + l2.substr(26, 7));
  set.arg_of_pericenter = number(l2, 35, 42);
  set.mean_anomaly = number(l2, 44, 51);
  set.mean_motion = number(l2, 53, 63);
  return set;
}

std::vector<VerificationCase> read_cases(const fs::path& path) {
  std::ifstream in(path);
  std::vector<VerificationCase> cases;
  std::string line;
  std::string line1;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    if (line.starts_with("1 ")) {
      line1 = line;
    } else if (line.starts_with("2 ")) {
      VerificationCase c;
      c.line1 = line1;
      c.line2 = line;
      std::istringstream times(line.substr(69));
      times >> c.start >> c.stop >> c.step;
      c.read_by_parse_tle = parse_tle(c.line1, c.line2, c.set, c.parse_tle_error);
      if (!c.read_by_parse_tle) {
        c.set = read_columns(c.line1, c.line2);
      }
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

// Each case opens with "<catalog number> xx"; each row starts with minutes, x, y, z, vx, vy, vz.
std::vector<ReferenceCase> read_reference(const fs::path& path) {
  std::ifstream in(path);
  std::vector<ReferenceCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    if (line.find("xx") != std::string::npos) {
      ReferenceCase c;
      fields >> c.norad_id;
      cases.push_back(std::move(c));
      continue;
    }
    ReferenceRow row;
    if (fields >> row.minutes >> row.position[0] >> row.position[1] >> row.position[2] >>
        row.velocity[0] >> row.velocity[1] >> row.velocity[2]) {
      cases.back().rows.push_back(row);
    }
  }
  return cases;
}

// The reference driver's times: epoch first, then from start to stop by step, the last step
// cut short at stop. Computed as the driver adds them, so that times like 54.2028672 + 20 k
// carry the same rounding.
std::vector<double> schedule_of(const VerificationCase& c) {
  std::vector<double> times = {0.0};
  double t = c.start;
  if (std::fabs(t) > 1e-8) {
    t = t - c.step;
  }
  while (t < c.stop) {
    t = t + c.step;
    if (t > c.stop) {
      t = c.stop;
    }
    times.push_back(t);
  }
  return times;
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

struct Comparison {
  int cases = 0;
  int states = 0;      // states compared
  int stops = 0;       // error stops matched
  int mismatches = 0;  // states out of tolerance, or stops that differ
  double worst_position_km = 0;
  double worst_velocity_km_s = 0;
  std::string worst_position_where;
  std::string worst_velocity_where;
  std::vector<std::string> failures;  // first few, for the message
};

void fail(Comparison& result, std::string what) {
  ++result.mismatches;
  if (result.failures.size() < 20) {
    result.failures.push_back(std::move(what));
  }
}

void compare_case(const VerificationCase& c, const ReferenceCase& reference,
                  const Sgp4Options& options, Comparison& result) {
  ++result.cases;
  const int id = c.set.norad_id;
  const Sgp4Propagator propagator(c.set, options);
  const std::vector<double> times = schedule_of(c);
  const auto expected_stop = kExpectedStops.find({id, c.start});
  for (std::size_t i = 0; i < times.size(); ++i) {
    const double t = times[i];
    const Sgp4Result got = propagator.propagate(t);
    if (got.error != Sgp4Error::none) {
      // The reference prints its epoch row whatever happens, so a stop at epoch leaves one
      // row (not a state of this set); later, a stop leaves no row for that time.
      const std::size_t rows_expected = i == 0 ? 1 : i;
      if (expected_stop == kExpectedStops.end() || expected_stop->second != got.error ||
          reference.rows.size() != rows_expected) {
        fail(result,
             fmt::format("{} at {} min: error {} ({}), reference has {} rows", id, t,
                         static_cast<int>(got.error), to_string(got.error), reference.rows.size()));
      } else {
        ++result.stops;
      }
      return;
    }
    if (i >= reference.rows.size()) {
      fail(result, fmt::format("{} at {} min: the reference stops here, gpq does not", id, t));
      return;
    }
    const ReferenceRow& row = reference.rows[i];
    if (std::fabs(row.minutes - t) > 1e-6) {
      fail(result,
           fmt::format("{}: time {} in the reference, {} in the schedule", id, row.minutes, t));
      return;
    }
    ++result.states;
    const double dr = distance(got.state.position_km, row.position);
    const double dv = distance(got.state.velocity_km_s, row.velocity);
    if (dr > result.worst_position_km) {
      result.worst_position_km = dr;
      result.worst_position_where = fmt::format("{} at {} min", id, t);
    }
    if (dv > result.worst_velocity_km_s) {
      result.worst_velocity_km_s = dv;
      result.worst_velocity_where = fmt::format("{} at {} min", id, t);
    }
    if (dr > kPositionToleranceKm || dv > kVelocityToleranceKmS) {
      fail(result, fmt::format("{} at {} min: position off by {:.3g} km, velocity by {:.3g} km/s",
                               id, t, dr, dv));
    }
  }
  if (reference.rows.size() != times.size() || expected_stop != kExpectedStops.end()) {
    fail(result, fmt::format("{}: gpq runs to {} min, the reference has {} of {} rows", id,
                             times.back(), reference.rows.size(), times.size()));
  }
}

class Sgp4VerificationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path tle = kVerificationDir / "SGP4-VER.TLE";
    const fs::path out = kVerificationDir / "tcppver.out";
    if (!fs::exists(tle) || !fs::exists(out)) {
      GTEST_SKIP() << "the verification files " << tle << " and " << out
                   << " are missing (install python3-sgp4)";
    }
    cases_ = read_cases(tle);
    reference_ = read_reference(out);
    ASSERT_EQ(cases_.size(), reference_.size());
  }

  Comparison compare(const Sgp4Options& options) const {
    Comparison result;
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      EXPECT_EQ(cases_[i].set.norad_id, reference_[i].norad_id) << "case " << i;
      compare_case(cases_[i], reference_[i], options, result);
    }
    return result;
  }

  std::vector<VerificationCase> cases_;
  std::vector<ReferenceCase> reference_;
};

std::string failures_text(const Comparison& c) {
  std::string text;
  for (const std::string& f : c.failures) {
    text += f + "\n";
  }
  return text;
}

TEST_F(Sgp4VerificationTest, EveryStateAndStopOfTheReference) {
  const Comparison result = compare({GravityModel::wgs72, OperationMode::improved});
  EXPECT_EQ(result.mismatches, 0) << failures_text(result);
  EXPECT_EQ(result.cases, 33);
  EXPECT_EQ(result.stops, static_cast<int>(kExpectedStops.size()));
  std::cout << fmt::format(
      "{} cases, {} states, {} error stops; worst position {:.3g} mm ({}), worst velocity "
      "{:.3g} mm/s ({})\n",
      result.cases, result.states, result.stops, result.worst_position_km * 1e6,
      result.worst_position_where, result.worst_velocity_km_s * 1e6, result.worst_velocity_where);
}

// tcppver.out carries no header saying how it was made; python3-sgp4 documents it as the
// output of the reference's "improved" mode with WGS-72. Only that pairing reproduces it.
TEST_F(Sgp4VerificationTest, OnlyImprovedModeWithWgs72ReproducesTheFile) {
  const std::pair<Sgp4Options, const char*> others[] = {
      {{GravityModel::wgs72, OperationMode::afspc}, "wgs72 afspc"},
      {{GravityModel::wgs72_old, OperationMode::improved}, "wgs72old improved"},
      {{GravityModel::wgs84, OperationMode::improved}, "wgs84 improved"},
  };
  for (const auto& [options, name] : others) {
    const Comparison result = compare(options);
    EXPECT_GT(result.mismatches, 0) << name;
    std::cout << fmt::format("{}: {} mismatches, worst position {:.3g} km\n", name,
                             result.mismatches, result.worst_position_km);
  }
}

// gpq's own parser reads every set but the three edited by hand for the error codes
// without new checksums (docs/ORBIT.md); those are read by columns.
TEST_F(Sgp4VerificationTest, ParseTleReadsAllButTheHandEditedSets) {
  std::vector<std::string> refused;
  for (const VerificationCase& c : cases_) {
    if (!c.read_by_parse_tle) {
      refused.push_back(fmt::format("{}: {}", c.set.norad_id, c.parse_tle_error));
    }
  }
  EXPECT_EQ(refused, (std::vector<std::string>{
                         "33333: line 1: bad checksum, expected 2, found '4'",
                         "33334: line 1: bad checksum, expected 6, found '9'",
                         "33335: line 1: bad checksum, expected 3, found '0'",
                     }));
}

}  // namespace
}  // namespace gpq::orbit
