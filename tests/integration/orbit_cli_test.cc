// gpq state, ephemeris and passes as a script sees them, over a mirror that `gpq sync --from`
// builds from small hand-made files: the set each instant gets, the OEM segments where the
// archive switches sets, and every refusal as one line with its exit code.
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "orbit_cli_fixture.h"

namespace gpq::test {
namespace {

TEST_F(OrbitCliTest, StateNamesTheSetItPropagates) {
  const struct {
    std::vector<std::string> args;
    const char* set_epoch;
  } rows[] = {
      {{"--at", "2026-09-23T05:59:59Z"}, "2026-09-23T00:00:00.000Z"},
      {{"--at", "2026-09-23T06:00:00Z"}, "2026-09-23T00:00:00.000Z"},  // a tie: the earlier
      {{"--at", "2026-09-23T06:00:01Z"}, "2026-09-23T12:00:00.000Z"},
      {{"--at", "2026-09-23T11:00:00Z", "--set", "before"}, "2026-09-23T00:00:00.000Z"},
      {{"--at", "2026-09-23T12:00:00Z", "--set", "before"}, "2026-09-23T12:00:00.000Z"},
      {{"--at", "2026-09-22T12:00:00Z", "--set", "latest"}, "2026-09-24T00:00:00.000Z"},
      {{"--at", "2026-10-20T00:00:00Z"}, "2026-09-24T00:00:00.000Z"},  // 26 days on
  };
  for (const auto& row : rows) {
    std::vector<std::string> args = {"state", "25544", "--format", "json"};
    args.insert(args.end(), row.args.begin(), row.args.end());
    const std::string out = ok(args);
    simdjson::dom::element doc;
    ASSERT_EQ(parser_.parse(out).get(doc), simdjson::SUCCESS) << out;
    EXPECT_EQ(doc["SET_EPOCH"].get_string().value(), row.set_epoch) << out;
    EXPECT_EQ(doc["REF_FRAME"].get_string().value(), "TEME");
    const double x = doc["X"].get_double().value();
    const double y = doc["Y"].get_double().value();
    const double z = doc["Z"].get_double().value();
    const double radius = std::sqrt(x * x + y * y + z * z);
    EXPECT_GT(radius, 6378.0 + 300) << out;
    EXPECT_LT(radius, 6378.0 + 500) << out;
  }
}

TEST_F(OrbitCliTest, FramesGiveTheSameRadiusAndAPlausibleGroundPoint) {
  const std::vector<std::string> at = {"state",    "25544", "--at", "2026-09-23T03:00:00Z",
                                       "--format", "json"};
  const auto radius = [&](const std::string& frame) {
    std::vector<std::string> args = at;
    args.insert(args.end(), {"--frame", frame});
    const std::string out = ok(args);
    simdjson::dom::element doc;
    EXPECT_EQ(parser_.parse(out).get(doc), simdjson::SUCCESS);
    return std::hypot(doc["X"].get_double().value(), doc["Y"].get_double().value(),
                      doc["Z"].get_double().value());
  };
  EXPECT_NEAR(radius("teme"), radius("itrf"), 1e-9);
  std::vector<std::string> args = at;
  args.insert(args.end(), {"--frame", "geodetic"});
  const std::string out = ok(args);
  simdjson::dom::element doc;
  ASSERT_EQ(parser_.parse(out).get(doc), simdjson::SUCCESS);
  EXPECT_LE(std::fabs(doc["LATITUDE_DEG"].get_double().value()), 51.7);
  EXPECT_GT(doc["HEIGHT_KM"].get_double().value(), 300);
  EXPECT_LT(doc["HEIGHT_KM"].get_double().value(), 500);
  EXPECT_EQ(doc["ELLIPSOID"].get_string().value(), "WGS-84");
  EXPECT_EQ(doc["X"].error(), simdjson::NO_SUCH_FIELD);
}

// The OEM of a day across the three sets: a segment per set, switching at the midpoints
// between their epochs (06:00 stays with the earlier set, as nearest's tie rule says).
TEST_F(OrbitCliTest, OemSwitchesSetsWhereTheArchiveDoes) {
  const std::string oem = ok({"ephemeris", "25544", "--from", "2026-09-23T00:00:00Z", "--to",
                              "2026-09-24T00:00:00Z", "--step", "1h", "--format", "oem"});
  std::istringstream lines(oem);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "CCSDS_OEM_VERS = 3.0");
  struct Segment {
    std::string comment, start, stop, frame;
    std::vector<std::string> epochs;
  };
  std::vector<Segment> segments;
  bool in_meta = false;
  const std::regex data(
      R"((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})( -?\d+\.\d{6}){3}( -?\d+\.\d{9}){3})");
  while (std::getline(lines, line)) {
    if (line == "META_START") {
      segments.emplace_back();
      in_meta = true;
    } else if (line == "META_STOP") {
      in_meta = false;
    } else if (in_meta) {
      const std::size_t eq = line.find(" = ");
      const std::string key = line.substr(0, eq);
      const std::string value = eq == std::string::npos ? "" : line.substr(eq + 3);
      if (line.starts_with("COMMENT ")) {
        segments.back().comment = line;
      } else if (key == "START_TIME") {
        segments.back().start = value;
      } else if (key == "STOP_TIME") {
        segments.back().stop = value;
      } else if (key == "REF_FRAME") {
        segments.back().frame = value;
      } else {
        EXPECT_TRUE(key == "OBJECT_NAME" || key == "OBJECT_ID" || key == "CENTER_NAME" ||
                    key == "TIME_SYSTEM")
            << line;
      }
    } else if (!line.empty() && !segments.empty()) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(line, m, data)) << line;
      segments.back().epochs.push_back(m[1]);
    } else if (segments.empty() && !line.empty()) {
      EXPECT_TRUE(line.starts_with("COMMENT ") || line.starts_with("CREATION_DATE = ") ||
                  line == "ORIGINATOR = gpq")
          << line;
    }
  }
  ASSERT_EQ(segments.size(), 3U) << oem;
  const struct {
    const char* set;
    const char* start;
    const char* stop;
    std::size_t points;
  } expected[] = {
      {"2026-09-23T00:00:00.000000", "2026-09-23T00:00:00.000000", "2026-09-23T06:00:00.000000", 7},
      {"2026-09-23T12:00:00.000000", "2026-09-23T07:00:00.000000", "2026-09-23T18:00:00.000000",
       12},
      {"2026-09-24T00:00:00.000000", "2026-09-23T19:00:00.000000", "2026-09-24T00:00:00.000000", 6},
  };
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(segments[i].comment, std::string("COMMENT element set EPOCH ") + expected[i].set +
                                       " DATA_SOURCE celestrak");
    EXPECT_EQ(segments[i].start, expected[i].start);
    EXPECT_EQ(segments[i].stop, expected[i].stop);
    EXPECT_EQ(segments[i].frame, "TEME");
    ASSERT_EQ(segments[i].epochs.size(), expected[i].points) << i;
    EXPECT_EQ(segments[i].epochs.front(), segments[i].start);
    EXPECT_EQ(segments[i].epochs.back(), segments[i].stop);
  }
}

TEST_F(OrbitCliTest, AnEphemerisPointIsTheStateAtItsInstant) {
  const std::string json =
      ok({"ephemeris", "25544", "--from", "2026-09-23T05:00:00Z", "--to", "2026-09-23T08:00:00Z",
          "--step", "30min", "--frame", "itrf", "--format", "json"});
  simdjson::dom::element doc;
  ASSERT_EQ(parser_.parse(json).get(doc), simdjson::SUCCESS) << json;
  const simdjson::dom::array points = doc["data"].get_array().value();
  ASSERT_EQ(points.size(), 7U);
  EXPECT_EQ(doc["pagination"]["total"].get_int64().value(), 7);
  const simdjson::dom::array sets = doc["meta"]["sets"].get_array().value();
  ASSERT_EQ(sets.size(), 2U);
  EXPECT_EQ(sets.at(0)["points"].get_int64().value(), 3);  // 05:00, 05:30, 06:00
  EXPECT_EQ(sets.at(1)["first"].get_string().value(), "2026-09-23T06:30:00.000Z");
  simdjson::dom::parser other;
  for (const simdjson::dom::element point : points) {
    const std::string_view epoch = point["EPOCH"].get_string().value();
    const std::string state =
        ok({"state", "25544", "--at", std::string(epoch), "--frame", "itrf", "--format", "json"});
    simdjson::dom::element answer;
    ASSERT_EQ(other.parse(state).get(answer), simdjson::SUCCESS);
    EXPECT_EQ(answer["SET_EPOCH"].get_string().value(), point["SET_EPOCH"].get_string().value());
    for (const char* key : {"X", "Y", "Z", "X_DOT", "Y_DOT", "Z_DOT"}) {
      EXPECT_EQ(answer[key].get_double().value(), point[key].get_double().value())
          << epoch << " " << key;
    }
  }
  const std::string csv = ok({"ephemeris", "25544", "--from", "2026-09-23T05:00:00Z", "--to",
                              "2026-09-23T08:00:00Z", "--step", "30min", "--format", "csv"});
  EXPECT_TRUE(csv.starts_with("EPOCH,X,Y,Z,X_DOT,Y_DOT,Z_DOT,SET_EPOCH\n")) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 8);
}

TEST_F(OrbitCliTest, PassesComeInOrderWithinTheWindow) {
  const std::string json =
      ok({"passes", "25544", "--lat", "51.4779", "--lon", "-0.0015", "--alt", "46", "--from",
          "2026-09-23T00:00:00Z", "--to", "2026-09-24T00:00:00Z", "--format", "json"});
  simdjson::dom::element doc;
  ASSERT_EQ(parser_.parse(json).get(doc), simdjson::SUCCESS) << json;
  const simdjson::dom::array passes = doc["data"].get_array().value();
  EXPECT_GE(passes.size(), 2U) << json;
  std::string previous;
  for (const simdjson::dom::element pass : passes) {
    const std::string rise(pass["RISE_TIME"].get_string().value());
    const std::string top(pass["CULMINATION_TIME"].get_string().value());
    const std::string set(pass["SET_TIME"].get_string().value());
    EXPECT_LT(previous, rise);
    EXPECT_LT(rise, top);
    EXPECT_LT(top, set);
    EXPECT_GE(pass["CULMINATION_ELEVATION_DEG"].get_double().value(), 10.0);
    previous = set;
  }
  EXPECT_EQ(doc["meta"]["passes"].get_int64().value(), static_cast<std::int64_t>(passes.size()));
}

TEST_F(OrbitCliTest, BadInputIsOneLineWithItsExitCode) {
  const std::string span = "(its 3 sets span 2026-09-23T00:00:00.000Z to 2026-09-24T00:00:00.000Z";
  const struct {
    std::vector<std::string> args;
    int exit_code;
    std::string message;
  } rows[] = {
      {{"state", "25544", "--at", "2030-01-01"},
       2,
       "gpq: 2030-01-01T00:00:00.000Z is outside the archive: NORAD 25544 has no element set "
       "within 30 days of it " +
           span + "; a set is propagated at most 30 days)"},
      {{"state", "25544", "--at", "2026-09-22", "--set", "before"},
       2,
       "gpq: 2026-09-22T00:00:00.000Z is outside the archive: NORAD 25544 has no element set at "
       "or before it " +
           span + "; ask for the nearest set instead)"},
      {{"ephemeris", "25544", "--from", "2026-10-20", "--to", "2026-10-30", "--step", "1h"},
       2,
       "gpq: 2026-10-24T01:00:00.000Z is outside the archive: NORAD 25544 has no element set "
       "within 30 days of it " +
           span + "; a set is propagated at most 30 days)"},
      {{"state", "12345", "--at", "2026-09-23"}, 3, "gpq: no element sets for NORAD 12345"},
      {{"state", "99991", "--at", "2026-09-23T03:00:00Z"},
       1,
       "gpq: NORAD 99991: SGP4 cannot propagate the set of 2026-09-23T00:00:00.000Z to "
       "2026-09-23T03:00:00.000Z: mean eccentricity out of range (SGP4 error 1)"},
      // SGP4 gives up 21 minutes after the drag set's epoch: the ephemeris stops there and the
      // points before it (under 64 KiB) are not printed.
      {{"ephemeris", "99991", "--from", "2026-09-23T00:00:00Z", "--to", "2026-09-23T00:30:00Z",
        "--step", "1min", "--format", "csv"},
       1,
       "gpq: NORAD 99991: SGP4 cannot propagate the set of 2026-09-23T00:00:00.000Z to "
       "2026-09-23T00:21:00.000Z: mean eccentricity out of range (SGP4 error 1)"},
      {{"state", "99992", "--at", "2026-09-23"},
       2,
       "gpq: NORAD 99992 decayed on 2026-09-22 (SATCAT DECAY_DATE); ask for a time before "
       "2026-09-23T00:00:00.000Z"},
      {{"ephemeris", "25544", "--from", "2026-09-23", "--to", "2026-09-24", "--step", "0"},
       2,
       "gpq: parameter 'step': '0' is shorter than 1 ms; give a positive duration such as 60s, "
       "90, 10min, 1.5h or 1d"},
      {{"ephemeris", "25544", "--from", "2026-09-01", "--to", "2026-10-01", "--step", "1s"},
       2,
       "gpq: parameter 'step': 1 s from 2026-09-01T00:00:00.000Z to 2026-10-01T00:00:00.000Z "
       "gives 2,592,001 points, more than the 1,000,000 one request may ask; give a longer step "
       "or a shorter span"},
      {{"passes", "25544", "--lat", "91", "--lon", "0", "--from", "2026-09-23", "--to",
        "2026-09-24"},
       2,
       "gpq: parameter 'lat': '91' must be a latitude in degrees from -90 to 90"},
      {{"ephemeris", "25544", "--from", "2026-09-23", "--to", "2026-09-24", "--frame", "geodetic",
        "--format", "oem"},
       2,
       "gpq: parameter 'format': oem carries Cartesian states; use frame teme or itrf, or format "
       "json or csv for geodetic coordinates"},
      {{"state", "25544", "--at", "2026-09-23", "--frame", "gcrf"},
       2,
       "gpq: parameter 'frame': 'gcrf' is not a frame; use teme, itrf or geodetic"},
  };
  for (const auto& row : rows) {
    const ProcessResult result = gpq(row.args);
    EXPECT_EQ(result.exit_code, row.exit_code) << row.message;
    EXPECT_EQ(result.err, row.message + "\n");
    EXPECT_EQ(result.out, "") << row.message;
  }
  // The object with the failing set answers at its epoch, and a decayed one before its decay.
  EXPECT_NE(ok({"state", "99991", "--at", "2026-09-23T00:00:00Z", "--format", "csv"}), "");
  EXPECT_NE(ok({"state", "99992", "--at", "2026-09-22T23:59:59Z", "--format", "csv"}), "");
}

TEST_F(OrbitCliTest, NoNumberIsEverNotANumber) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"ephemeris", "25544", "--from", "2026-09-22T12:00:00Z", "--to", "2026-09-24T12:00:00Z",
            "--step", "7min", "--frame", "geodetic", "--format", "csv"},
           {"ephemeris", "99991", "--from", "2026-09-23T00:00:00Z", "--to", "2026-09-23T00:20:00Z",
            "--step", "1min", "--format", "csv"},
           {"passes", "25544", "--lat", "-90", "--lon", "180", "--from", "2026-09-23", "--to",
            "2026-09-25", "--min-elevation", "0", "--format", "csv"},
       }) {
    const std::string out = ok(args);
    EXPECT_EQ(out.find("nan"), std::string::npos) << out;
    EXPECT_EQ(out.find("inf"), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace gpq::test
