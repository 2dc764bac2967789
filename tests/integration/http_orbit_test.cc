// /gp/{id}/state, /ephemeris and /passes through a real `gpq serve` over the known world
// (fixture_db.h): the same answers as the CLI, pages of points followed by their links, OEM,
// ETag/304, and every refusal as a JSON 400 or 404. Every exchange is also checked against
// api/openapi.json (openapi_responses_valid).
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "served_world_test.h"
#include "support/fixture_db.h"

namespace gpq::test {
namespace {

class HttpOrbitTest : public ServedWorldTest {};

TEST_F(HttpOrbitTest, StateIsTheCliAnswer) {
  for (const char* frame : {"teme", "itrf", "geodetic"}) {
    for (const char* format : {"json", "csv"}) {
      const HttpResult http = get(std::string("/gp/25544/state?epoch=2026-01-11T06:00:00Z&frame=") +
                                  frame + "&format=" + format);
      ASSERT_EQ(http.status, 200) << http.body;
      EXPECT_EQ(http.header("Content-Type"), format == std::string("json")
                                                 ? "application/json; charset=utf-8"
                                                 : "text/csv; charset=utf-8");
      EXPECT_EQ(http.header("X-Data-Source"), "spacetrack");
      EXPECT_TRUE(http.has_header("X-Epoch-Age-Hours"));
      EXPECT_TRUE(http.has_header("ETag"));
      const ProcessResult local = cli(
          {"state", "25544", "--at", "2026-01-11T06:00:00Z", "--frame", frame, "--format", format});
      ASSERT_EQ(local.exit_code, 0) << local.err;
      EXPECT_EQ(http.body + (format == std::string("json") ? "\n" : ""), local.out);
    }
  }
  // The nearest set of 06:00 is the 00:00 Space-Track one (a tie with 12:00 goes earlier).
  const auto doc = parser_.parse(get("/gp/25544/state?epoch=2026-01-11T06:00:00Z").body);
  EXPECT_EQ(doc["SET_EPOCH"].get_string().value(), "2026-01-11T00:00:00.000Z");
  EXPECT_EQ(doc["SET_AGE_HOURS"].get_double().value(), 6.0);
  const auto before =
      parser_.parse(get("/gp/25544/state?epoch=2026-01-11T11:59:59Z&set=before").body);
  EXPECT_EQ(before["SET_EPOCH"].get_string().value(), "2026-01-11T00:00:00.000Z");
  const auto latest =
      parser_.parse(get("/gp/25544/state?epoch=2026-01-10T00:00:00Z&set=latest").body);
  EXPECT_EQ(latest["SET_EPOCH"].get_string().value(), "2026-01-12T00:00:00.000Z");
}

TEST_F(HttpOrbitTest, StateHasAnEtagAndAnswers304) {
  const std::string path = "/gp/25544/state?epoch=2026-01-11T06:00:00Z";
  const HttpResult first = get(path);
  ASSERT_EQ(first.status, 200);
  const HttpResult again = get(path, {{"If-None-Match", first.header("ETag")}});
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.body, "");
}

// 49 hourly points over the ISS's two days, 20 a page: three pages whose points are the CLI's.
TEST_F(HttpOrbitTest, EphemerisPagesFollowTheirLinks) {
  const std::string query =
      "/gp/25544/ephemeris?start=2026-01-10T00:00:00Z"
      "&end=2026-01-12T00:00:00Z&step=1h&per_page=20";
  std::vector<std::string> epochs;
  std::vector<std::string> set_epochs;
  std::string url = world_->server().base_url() + query;
  int pages = 0;
  while (!url.empty()) {
    const HttpResult r = client_->get(url.substr(url.find("/api/v1")));
    ASSERT_EQ(r.status, 200) << url << r.body;
    EXPECT_EQ(r.header("X-Total-Count"), "49");
    ++pages;
    const auto doc = parser_.parse(r.body);
    for (const auto point : doc["data"].get_array()) {
      epochs.emplace_back(point["EPOCH"].get_string().value());
      set_epochs.emplace_back(point["SET_EPOCH"].get_string().value());
    }
    std::int64_t in_sets = 0;
    for (const auto use : doc["meta"]["sets"].get_array()) {
      in_sets += use["points"].get_int64().value();
    }
    EXPECT_EQ(in_sets, static_cast<std::int64_t>(doc["data"].get_array().size()));
    const auto next = doc["pagination"]["next"];
    url = next.is_null() ? "" : std::string(next.get_string().value());
  }
  EXPECT_EQ(pages, 3);
  ASSERT_EQ(epochs.size(), 49U);
  EXPECT_EQ(epochs.front(), "2026-01-10T00:00:00.000Z");
  EXPECT_EQ(epochs.back(), "2026-01-12T00:00:00.000Z");

  const ProcessResult local = cli({"ephemeris", "25544", "--from", "2026-01-10T00:00:00Z", "--to",
                                   "2026-01-12T00:00:00Z", "--step", "1h", "--format", "json"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  simdjson::dom::parser other;
  const auto whole = other.parse(local.out);
  std::vector<std::string> local_sets;
  for (const auto point : whole["data"].get_array()) {
    local_sets.emplace_back(point["SET_EPOCH"].get_string().value());
  }
  EXPECT_EQ(set_epochs, local_sets);
  // Every set of the history answers for the instants nearest it: six sets, five switches.
  EXPECT_EQ(whole["meta"]["sets"].get_array().size(), 6U);

  const HttpResult past = get(query + "&page=4");
  ASSERT_EQ(past.status, 200);
  EXPECT_EQ(parser_.parse(past.body)["data"].get_array().size(), 0U);
}

TEST_F(HttpOrbitTest, EphemerisAsOemAndCsv) {
  const std::string base =
      "/gp/25544/ephemeris?start=2026-01-10T00:00:00Z"
      "&end=2026-01-10T06:00:00Z&step=30min";
  const HttpResult oem = get(base + "&format=oem&frame=itrf");
  ASSERT_EQ(oem.status, 200) << oem.body;
  EXPECT_EQ(oem.header("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_TRUE(oem.body.starts_with("CCSDS_OEM_VERS = 3.0\n")) << oem.body;
  EXPECT_NE(oem.body.find("\nREF_FRAME = ITRF\n"), std::string::npos);
  EXPECT_EQ(oem.header("X-Total-Count"), "13");
  const ProcessResult local =
      cli({"ephemeris", "25544", "--from", "2026-01-10T00:00:00Z", "--to", "2026-01-10T06:00:00Z",
           "--step", "30min", "--frame", "itrf", "--format", "oem"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(oem.body, local.out);
  // The file depends on the data only: the next request carries the same ETag.
  EXPECT_EQ(get(base + "&format=oem&frame=itrf&again=1").header("ETag"), oem.header("ETag"));
  const HttpResult csv = get(base, {{"Accept", "text/csv"}});
  ASSERT_EQ(csv.status, 200);
  EXPECT_EQ(csv.header("Content-Type"), "text/csv; charset=utf-8");
  EXPECT_TRUE(csv.body.starts_with("EPOCH,X,Y,Z,X_DOT,Y_DOT,Z_DOT,SET_EPOCH\n"));
}

TEST_F(HttpOrbitTest, PassesAreTheCliAnswer) {
  const std::string path =
      "/gp/25544/passes?lat=51.4779&lon=-0.0015&alt=46&start=2026-01-10T00:00:00Z"
      "&end=2026-01-11T00:00:00Z&min_elevation=5";
  const HttpResult http = get(path);
  ASSERT_EQ(http.status, 200) << http.body;
  const ProcessResult local =
      cli({"passes", "25544", "--lat", "51.4779", "--lon", "-0.0015", "--alt", "46", "--from",
           "2026-01-10T00:00:00Z", "--to", "2026-01-11T00:00:00Z", "--min-elevation", "5",
           "--format", "json"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(http.body + "\n", local.out);
  EXPECT_GT(parser_.parse(http.body)["data"].get_array().size(), 0U);
  const HttpResult csv = get(path + "&format=csv");
  ASSERT_EQ(csv.status, 200);
  EXPECT_TRUE(csv.body.starts_with("RISE_TIME,RISE_AZIMUTH_DEG,CULMINATION_TIME,"));
}

TEST_F(HttpOrbitTest, BadInputIsAJsonError) {
  const struct {
    std::string path;
    int status;
    std::string message;
  } rows[] = {
      {"/gp/25544/state?epoch=2030-01-01", 400,
       "2030-01-01T00:00:00.000Z is outside the archive: NORAD 25544 has no element set within "
       "30 days of it (its 6 sets span 2026-01-10T00:00:00.000Z to 2026-01-12T00:00:00.000Z; a "
       "set is propagated at most 30 days)"},
      {"/gp/50002/state?epoch=2026-01-16T12:00:00Z", 400,
       "NORAD 50002 decayed on 2026-01-15 (SATCAT DECAY_DATE); ask for a time before "
       "2026-01-16T00:00:00.000Z"},
      {"/gp/12345/state?epoch=2026-01-11", 404, "no element sets for NORAD 12345"},
      {"/gp/25544/state", 400,
       "parameter 'epoch' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>"},
      {"/gp/25544/ephemeris?start=2026-01-10&end=2026-01-11&step=0s", 400,
       "parameter 'step': '0s' is shorter than 1 ms; give a positive duration such as 60s, 90, "
       "10min, 1.5h or 1d"},
      {"/gp/25544/ephemeris?start=2026-01-10&end=2026-02-10&step=1s", 400,
       "parameter 'step': 1 s from 2026-01-10T00:00:00.000Z to 2026-02-10T00:00:00.000Z gives "
       "2,678,401 points, more than the 1,000,000 one request may ask; give a longer step or a "
       "shorter span"},
      {"/gp/25544/ephemeris?start=2026-01-10&end=2026-01-11&per_page=10001", 400,
       "parameter 'per_page': '10001' must be a whole number from 1 to 10000"},
      {"/gp/25544/passes?lat=91&lon=0&start=2026-01-10&end=2026-01-11", 400,
       "parameter 'lat': '91' must be a latitude in degrees from -90 to 90"},
      {"/gp/25544/state?epoch=2026-01-11&format=tle", 400,
       "parameter 'format': 'tle' is not available here; use one of: json, csv"},
  };
  for (const auto& row : rows) {
    const HttpResult r = get(row.path);
    EXPECT_EQ(r.status, row.status) << row.path << " " << r.body;
    EXPECT_EQ(r.header("Content-Type"), "application/json; charset=utf-8") << row.path;
    const auto doc = parser_.parse(r.body);
    EXPECT_EQ(doc["message"].get_string().value(), row.message) << row.path;
    EXPECT_EQ(doc["status"].get_int64().value(), row.status) << row.path;
  }
}

}  // namespace
}  // namespace gpq::test
