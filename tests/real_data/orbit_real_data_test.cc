// "Where is it" over the real histories of $GPQ_REAL_DATA (CelesTrak's stations and GEO groups,
// imported by `gpq sync --from`): `gpq state` against python3-sgp4 run on the set gpq names,
// the OEM's segments against a brute-force reading of the history, and `gpq passes` against
// a one-second ephemeris of the same archive.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/time.h"

#include "imported_mirror.h"
#include "orbit/frames.h"
#include "orbit/look_angles.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

constexpr std::int32_t kIss = 25544;
constexpr std::int32_t kCss = 48274;
// Geostationary (SDP4 with the 24-hour resonance): TDRS 3 and TDRS 6.
constexpr std::int32_t kTdrs3 = 19548;
constexpr std::int32_t kTdrs6 = 22314;

TimePoint utc(const std::string& text) {
  const auto t = parse_iso8601(text.ends_with("Z") ? text.substr(0, text.size() - 1) : text);
  EXPECT_TRUE(t) << text;
  return t.value_or(TimePoint());
}

bool python_has_sgp4() {
  return run_process({"/usr/bin/python3", "-c", "import sgp4.api"}).exit_code == 0;
}

struct OrbitRealDataTestFiles {
  static std::vector<fs::path> files() {
    return {"history/celestrak_stations_2026-05-24_2026-07-14.3le.xz",
            "history/celestrak_geo_2026-05-24_2026-07-14.3le.xz"};
  }
};

class OrbitRealDataTest : public ImportedMirrorTest<OrbitRealDataTestFiles> {
 protected:
  // Epochs of every set of the object (both sources merged as the archive answers), in µs.
  static std::vector<std::int64_t> history_epochs(std::int32_t id) {
    const std::string csv =
        ok({"history", std::to_string(id), "--end", "2100-01-01", "--format", "csv"});
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    const std::size_t column = [&] {
      std::size_t index = 0;
      std::istringstream header(line);
      std::string name;
      while (std::getline(header, name, ',') && name != "EPOCH") {
        ++index;
      }
      return index;
    }();
    std::vector<std::int64_t> epochs;
    while (std::getline(lines, line)) {
      std::istringstream fields(line);
      std::string field;
      for (std::size_t i = 0; i <= column; ++i) {
        std::getline(fields, field, ',');
      }
      epochs.push_back(utc(field).unix_micros());
    }
    return epochs;
  }

  simdjson::dom::parser parser_;
};

// gpq's state against python3-sgp4 propagating the very lines of the set gpq names, by the
// minutes from that set's stored epoch (to the microsecond, as OMM CSV prints it).
TEST_F(OrbitRealDataTest, StateAgreesWithPython3Sgp4OnTheSetItNames) {
  if (!python_has_sgp4()) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  struct Case {
    std::int32_t id;
    std::string at;
    std::string set;  // nearest, before, latest
    std::vector<double> state;
    std::string lines;
    double minutes = 0;
  };
  std::vector<Case> cases;
  for (const std::int32_t id : {kIss, kCss, kTdrs3, kTdrs6}) {
    for (const char* at : {"2026-05-30T00:00:00.000Z", "2026-06-15T12:34:56.789Z",
                           "2026-07-01T23:59:59.999Z", "2026-07-20T06:00:00.000Z"}) {
      for (const char* set : {"nearest", "before", "latest"}) {
        // The newest sets are of mid-July: more than 30 days after 05-30.
        if (std::string(set) != "latest" || std::string(at) > "2026-06-15") {
          cases.push_back({id, at, set, {}, {}, 0});
        }
      }
    }
  }
  std::string table;
  for (Case& c : cases) {
    const std::string name = std::to_string(c.id) + " " + c.at + " " + c.set;
    const std::string json =
        ok({"state", std::to_string(c.id), "--at", c.at, "--set", c.set, "--format", "json"});
    simdjson::dom::element doc;
    ASSERT_EQ(parser_.parse(json).get(doc), simdjson::SUCCESS) << name << json;
    for (const char* key : {"X", "Y", "Z", "X_DOT", "Y_DOT", "Z_DOT"}) {
      c.state.push_back(doc[key].get_double().value());
    }
    const std::string set_epoch(doc["SET_EPOCH"].get_string().value());
    // The same set through `gpq nearest` at its (millisecond) epoch: its epoch to the
    // microsecond (OMM CSV) and its TLE lines as the source wrote them.
    const std::string tle =
        ok({"nearest", std::to_string(c.id), "--epoch", set_epoch, "--format", "2le"});
    const std::string csv =
        ok({"nearest", std::to_string(c.id), "--epoch", set_epoch, "--format", "csv"});
    std::istringstream csv_lines(csv);
    std::string header;
    std::string row;
    std::getline(csv_lines, header);
    std::getline(csv_lines, row);
    const std::regex epoch(R"(,(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}),)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(row, m, epoch)) << name << row;
    const TimePoint exact = utc(m[1]);
    EXPECT_EQ(format_iso8601_millis(exact), set_epoch) << name;
    c.minutes = static_cast<double>(utc(c.at).unix_micros() - exact.unix_micros()) / 60e6;
    std::istringstream tle_lines(tle);
    std::string line1;
    std::string line2;
    std::getline(tle_lines, line1);
    std::getline(tle_lines, line2);
    ASSERT_TRUE(line1.starts_with("1 ") && line2.starts_with("2 ")) << name << tle;
    table += fmt::format("{}\t{}\t{:.17g}\n", line1, line2, c.minutes);
  }
  const fs::path input = mirror_->dir().path() / "oracle.tsv";
  std::ofstream(input) << table;
  const fs::path script =
      fs::path(GPQ_TEST_DATA_DIR).parent_path() / "real_data" / "sgp4_oracle.py";
  const ProcessResult python = run_process({"/usr/bin/python3", script.string(), input.string()});
  ASSERT_EQ(python.exit_code, 0) << python.err;
  std::istringstream answers(python.out);
  double worst_position = 0;
  double worst_velocity = 0;
  bool deep_space_seen = false;
  for (const Case& c : cases) {
    std::string line;
    ASSERT_TRUE(std::getline(answers, line));
    std::istringstream numbers(line);
    int error = -1;
    numbers >> error;
    ASSERT_EQ(error, 0) << c.id << " " << c.at << " " << line;
    double dr = 0;
    double dv = 0;
    for (int i = 0; i < 6; ++i) {
      double value = 0;
      numbers >> value;
      (i < 3 ? dr : dv) += (value - c.state[i]) * (value - c.state[i]);
    }
    dr = std::sqrt(dr);
    dv = std::sqrt(dv);
    EXPECT_LT(dr, 1e-6) << c.id << " " << c.at << " " << c.set;  // 1 mm
    EXPECT_LT(dv, 1e-6) << c.id << " " << c.at << " " << c.set;  // 1 mm/s
    worst_position = std::max(worst_position, dr);
    worst_velocity = std::max(worst_velocity, dv);
    deep_space_seen |= std::hypot(c.state[0], c.state[1], c.state[2]) > 40000;
  }
  EXPECT_TRUE(deep_space_seen);
  std::printf("state vs python3-sgp4, %zu cases: worst %.3g mm, %.3g mm/s\n", cases.size(),
              worst_position * 1e6, worst_velocity * 1e6);
}

// The OEM of four days of the ISS at 10-minute steps: well formed, and each segment exactly the
// instants whose nearest set (by a brute-force reading of the whole history, ties to the earlier
// set) is the segment's set.
TEST_F(OrbitRealDataTest, OemSegmentsAreTheArchivesSets) {
  const std::string from = "2026-06-10T00:00:00Z";
  const std::string to = "2026-06-14T00:00:00Z";
  const std::int64_t step = 600 * kMicrosPerSecond;
  const std::string oem = ok({"ephemeris", std::to_string(kIss), "--from", from, "--to", to,
                              "--step", "10min", "--format", "oem"});
  const std::vector<std::int64_t> epochs = history_epochs(kIss);
  ASSERT_GT(epochs.size(), 10U);
  const auto nearest = [&](std::int64_t t) {
    std::int64_t best = epochs.front();
    for (const std::int64_t e : epochs) {
      if (std::llabs(e - t) < std::llabs(best - t)) {  // strictly closer: ties stay earlier
        best = e;
      }
    }
    return best;
  };

  std::istringstream lines(oem);
  std::string line;
  std::getline(lines, line);
  ASSERT_EQ(line, "CCSDS_OEM_VERS = 3.0");
  const std::regex data(
      R"((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})( -?\d+\.\d{6}){3}( -?\d+\.\d{9}){3})");
  const std::regex set_comment(
      R"(COMMENT element set EPOCH (\S+) DATA_SOURCE (celestrak|spacetrack))");
  std::int64_t expected_instant = utc(from).unix_micros();
  std::int64_t segment_set = 0;
  std::string start_time;
  std::string stop_time;
  std::string last_epoch;
  int segments = 0;
  int points = 0;
  int in_segment = 0;
  bool in_meta = false;
  bool header_done = false;
  const auto close_segment = [&] {
    if (segments > 0) {
      EXPECT_EQ(stop_time, last_epoch) << "segment " << segments;
    }
  };
  while (std::getline(lines, line)) {
    std::smatch m;
    if (line == "META_START") {
      close_segment();
      ++segments;
      in_segment = 0;
      in_meta = true;
      header_done = true;
    } else if (line == "META_STOP") {
      in_meta = false;
    } else if (in_meta) {
      if (std::regex_match(line, m, set_comment)) {
        segment_set = utc(m[1]).unix_micros();
      } else if (line.starts_with("START_TIME = ")) {
        start_time = line.substr(13);
      } else if (line.starts_with("STOP_TIME = ")) {
        stop_time = line.substr(12);
      } else {
        EXPECT_TRUE(line == "OBJECT_NAME = ISS (ZARYA)" || line == "OBJECT_ID = 1998-067A" ||
                    line == "CENTER_NAME = EARTH" || line == "REF_FRAME = TEME" ||
                    line == "TIME_SYSTEM = UTC")
            << line;
      }
    } else if (!header_done) {
      EXPECT_TRUE(line.empty() || line.starts_with("COMMENT ") ||
                  line.starts_with("CREATION_DATE = ") || line == "ORIGINATOR = gpq")
          << line;
    } else if (!line.empty()) {
      ASSERT_TRUE(std::regex_match(line, m, data)) << line;
      const std::int64_t t = utc(m[1]).unix_micros();
      EXPECT_EQ(t, expected_instant) << line;
      EXPECT_EQ(nearest(t), segment_set) << line;
      if (in_segment == 0) {
        EXPECT_EQ(m[1].str(), start_time) << "segment " << segments;  // START_TIME opens it
      }
      ++in_segment;
      last_epoch = m[1];
      expected_instant += step;
      ++points;
    }
  }
  close_segment();
  EXPECT_EQ(points, 4 * 144 + 1);
  EXPECT_EQ(expected_instant - step, utc(to).unix_micros());
  // The ISS history holds several sets a day: the four days switch sets many times.
  EXPECT_GE(segments, 8);
  std::printf("ISS OEM, 4 days at 10 min: %d points in %d segments\n", points, segments);
}

// Each pass of `gpq passes` against the elevations of a one-second `gpq ephemeris` of the same
// archive (the same set for every instant), seen from the same observer.
TEST_F(OrbitRealDataTest, PassesAgreeWithAOneSecondEphemeris) {
  const std::string from = "2026-06-15T00:00:00Z";
  const std::string to = "2026-06-16T00:00:00Z";
  const orbit::Geodetic site{51.4779, -0.0015, 0.046};
  const std::string json =
      ok({"passes", std::to_string(kIss), "--lat", "51.4779", "--lon", "-0.0015", "--alt", "46",
          "--from", from, "--to", to, "--min-elevation", "10", "--format", "json"});
  simdjson::dom::element doc;
  ASSERT_EQ(parser_.parse(json).get(doc), simdjson::SUCCESS) << json;
  const std::string csv = ok({"ephemeris", std::to_string(kIss), "--from", from, "--to", to,
                              "--step", "1s", "--frame", "itrf", "--format", "csv"});
  const orbit::Observer observer(site);
  std::vector<double> elevation;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string field;
    std::getline(fields, field, ',');
    orbit::ItrfState state;
    for (int i = 0; i < 6; ++i) {
      std::getline(fields, field, ',');
      (i < 3 ? state.position_km[i] : state.velocity_km_s[i - 3]) = std::stod(field);
    }
    elevation.push_back(observer.look_at(state).elevation_deg);
  }
  ASSERT_EQ(elevation.size(), 86401U);
  // Runs of seconds at or above 10 degrees.
  struct Run {
    std::int64_t first, last, highest;
  };
  std::vector<Run> runs;
  for (std::int64_t s = 0; s < static_cast<std::int64_t>(elevation.size()); ++s) {
    if (elevation[s] < 10.0) {
      continue;
    }
    if (runs.empty() || runs.back().last != s - 1) {
      runs.push_back({s, s, s});
    }
    runs.back().last = s;
    if (elevation[s] > elevation[runs.back().highest]) {
      runs.back().highest = s;
    }
  }
  const simdjson::dom::array passes = doc["data"].get_array().value();
  ASSERT_EQ(passes.size(), runs.size()) << json;
  ASSERT_GT(runs.size(), 0U);
  const std::int64_t start = utc(from).unix_micros();
  const auto seconds = [&](simdjson::dom::element value) {
    return static_cast<double>(utc(std::string(value.get_string().value())).unix_micros() - start) /
           1e6;
  };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const simdjson::dom::element pass = passes.at(i);
    const Run& run = runs[i];
    // Times are printed to the millisecond: within a second of the samples either way.
    EXPECT_LE(seconds(pass["RISE_TIME"]), static_cast<double>(run.first) + 0.001) << i;
    EXPECT_GT(seconds(pass["RISE_TIME"]), static_cast<double>(run.first) - 1.0) << i;
    EXPECT_GE(seconds(pass["SET_TIME"]), static_cast<double>(run.last) - 0.001) << i;
    EXPECT_LT(seconds(pass["SET_TIME"]), static_cast<double>(run.last) + 1.0) << i;
    EXPECT_NEAR(seconds(pass["CULMINATION_TIME"]), static_cast<double>(run.highest), 1.0) << i;
    EXPECT_NEAR(pass["CULMINATION_ELEVATION_DEG"].get_double().value(), elevation[run.highest],
                0.05)
        << i;
  }
  std::printf("ISS over Greenwich, 2026-06-15: %zu passes agree with 86,401 samples\n",
              runs.size());
}

}  // namespace
}  // namespace gpq::test
