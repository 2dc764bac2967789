// /api/v1/state through a real `gpq serve` over the known world (fixture_db.h): the members of
// /gp/epoch in its order, paged and followed by their links, each row the object's own
// /gp/{id}/state, rows without a state with their reason, CSV equal to the CLI's, ETag/304, and
// every refusal as a JSON 400. Every exchange is also checked against api/openapi.json.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "served_world_test.h"
#include "support/fixture_db.h"

namespace gpq::test {
namespace {

constexpr const char* kEpoch = "2026-03-01T00:00:00Z";

class HttpCatalogStateTest : public ServedWorldTest {};

TEST_F(HttpCatalogStateTest, PagesFollowTheSnapshotAndEachRowIsTheObjectsState) {
  const HttpResult snapshot = get(std::string("/gp/epoch?epoch=") + kEpoch + "&per_page=500");
  ASSERT_EQ(snapshot.status, 200) << snapshot.body;
  std::vector<std::int64_t> members;
  for (const auto set : parser_.parse(snapshot.body)["data"].get_array()) {
    members.push_back(set["NORAD_CAT_ID"].get_int64().value());
  }
  ASSERT_GT(members.size(), 8U);

  std::vector<std::int64_t> ids;
  std::int64_t without_state = 0;
  std::string url = world_->server().base_url() + "/state?epoch=" + kEpoch + "&per_page=4";
  int pages = 0;
  simdjson::dom::parser one;
  while (!url.empty()) {
    const HttpResult page = client_->get(url.substr(url.find("/api/v1")));
    ASSERT_EQ(page.status, 200) << url << page.body;
    EXPECT_EQ(page.header("X-Total-Count"), snapshot.header("X-Total-Count"));
    EXPECT_TRUE(page.has_header("ETag"));
    ++pages;
    const auto doc = parser_.parse(page.body);
    std::int64_t errors = 0;
    for (const auto row : doc["data"].get_array()) {
      const std::int64_t id = row["NORAD_CAT_ID"].get_int64().value();
      ids.push_back(id);
      const HttpResult state = get("/gp/" + std::to_string(id) + "/state?epoch=" + kEpoch);
      if (row["ERROR"].error() == simdjson::SUCCESS) {
        ++errors;
        EXPECT_TRUE(row["X"].is_null()) << id;
        EXPECT_EQ(state.status, 400) << id;  // the object alone is refused
        continue;
      }
      ASSERT_EQ(state.status, 200) << id << state.body;
      EXPECT_EQ(simdjson::minify(row), simdjson::minify(one.parse(state.body).value())) << id;
    }
    EXPECT_EQ(doc["meta"]["errors"].get_int64().value(), errors);
    without_state += errors;
    const auto next = doc["pagination"]["next"];
    url = next.is_null() ? "" : std::string(next.get_string().value());
  }
  EXPECT_EQ(ids, members);
  EXPECT_EQ(pages, static_cast<int>((members.size() + 3) / 4));
  EXPECT_EQ(without_state, 3);  // ISS, 50003, 50005: newest sets over 30 days before

  const HttpResult past = get(std::string("/state?epoch=") + kEpoch + "&per_page=4&page=99");
  ASSERT_EQ(past.status, 200);
  EXPECT_EQ(parser_.parse(past.body)["data"].get_array().size(), 0U);
}

// Sorted, the pages followed by their links are the whole snapshot in the field's order.
TEST_F(HttpCatalogStateTest, SortedPagesFollowOneOrder) {
  std::vector<double> heights;
  std::int64_t without_state = 0;
  std::string url = world_->server().base_url() + "/state?epoch=" + kEpoch +
                    "&frame=geodetic&sort=HEIGHT_KM&order=desc&per_page=4";
  while (!url.empty()) {
    const HttpResult page = client_->get(url.substr(url.find("/api/v1")));
    ASSERT_EQ(page.status, 200) << url << page.body;
    const auto doc = parser_.parse(page.body);
    for (const auto row : doc["data"].get_array()) {
      if (row["HEIGHT_KM"].is_null()) {
        ++without_state;
        continue;
      }
      EXPECT_EQ(without_state, 0) << "a row with a state after one without";
      heights.push_back(row["HEIGHT_KM"].get_double().value());
    }
    const auto next = doc["pagination"]["next"];
    url = next.is_null() ? "" : std::string(next.get_string().value());
    EXPECT_TRUE(url.empty() || url.find("sort=HEIGHT_KM") != std::string::npos) << url;
  }
  EXPECT_EQ(without_state, 3);
  ASSERT_GT(heights.size(), 5U);
  for (std::size_t i = 1; i < heights.size(); ++i) {
    EXPECT_GE(heights[i - 1], heights[i]) << i;
  }
}

TEST_F(HttpCatalogStateTest, CsvAndJsonAreTheClis) {
  const std::string query = std::string("/state?epoch=") + kEpoch + "&frame=itrf&per_page=50000";
  const HttpResult csv = get(query, {{"Accept", "text/csv"}});
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_EQ(csv.header("Content-Type"), "text/csv; charset=utf-8");
  const ProcessResult local =
      cli({"state", "--all", "--at", kEpoch, "--frame", "itrf", "--format", "csv"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(csv.body, local.out);

  const HttpResult json = get(query);
  ASSERT_EQ(json.status, 200);
  EXPECT_EQ(json.header("Content-Type"), "application/json; charset=utf-8");
  const ProcessResult whole =
      cli({"state", "--all", "--at", kEpoch, "--frame", "itrf", "--format", "json"});
  simdjson::dom::parser other;
  const auto http_doc = parser_.parse(json.body);
  const auto cli_doc = other.parse(whole.out);
  EXPECT_EQ(simdjson::minify(http_doc["data"]), simdjson::minify(cli_doc["data"]));
  EXPECT_EQ(simdjson::minify(http_doc["meta"]), simdjson::minify(cli_doc["meta"]));
  EXPECT_EQ(http_doc["pagination"]["per_page"].get_int64().value(), 50000);
}

TEST_F(HttpCatalogStateTest, GroupFilterEtagAnd304) {
  const std::string path = std::string("/state?epoch=") + kEpoch + "&group=stations";
  const HttpResult first = get(path);
  ASSERT_EQ(first.status, 200) << first.body;
  std::vector<std::int64_t> ids;
  for (const auto row : parser_.parse(first.body)["data"].get_array()) {
    ids.push_back(row["NORAD_CAT_ID"].get_int64().value());
  }
  EXPECT_EQ(ids, (std::vector<std::int64_t>{world::kIss, world::kCss}));
  const HttpResult again = get(path, {{"If-None-Match", first.header("ETag")}});
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.body, "");
}

TEST_F(HttpCatalogStateTest, BadInputIsAJsonError) {
  const struct {
    std::string path;
    std::string message;
  } rows[] = {
      {"/state",
       "parameter 'epoch' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>"},
      {"/state?epoch=2026-03-01&per_page=50001",
       "parameter 'per_page': '50001' must be a whole number from 1 to 50000"},
      {"/state?epoch=2026-03-01&page=1000001",
       "parameter 'page': '1000001' must be a whole number from 1 to 1000000"},
      {"/state?epoch=2026-03-01&set=before",
       "parameter 'set': the catalog's states come from each object's nearest set; ask one "
       "object's state for the before set"},
      {"/state?epoch=2026-03-01&search=ISS",
       "parameter 'search' does not apply to the catalog's states; they filter only by group, "
       "object_type and orbit_regime"},
      {"/state?epoch=2026-03-01&orbit_regime=LUNAR",
       "parameter 'orbit_regime': 'LUNAR' is not an orbit regime; use LEO, MEO, GEO or HEO"},
      {"/state?epoch=2026-03-01&format=tle",
       "parameter 'format': 'tle' is not available here; use one of: json, csv"},
      {"/state?epoch=2026-03-01&sort=HEIGHT_KM",
       "parameter 'sort': 'HEIGHT_KM' is not a field of teme rows; use one of NORAD_CAT_ID, "
       "OBJECT_NAME, SET_EPOCH, SET_AGE_HOURS, X, Y, Z, X_DOT, Y_DOT, Z_DOT"},
      {"/state?epoch=yesterday",
       "parameter 'epoch': 'yesterday' is not a date; expected ISO 8601 (2024-01-01T00:00:00Z), "
       "jd:<julian date> or unix:<seconds>"},
  };
  for (const auto& row : rows) {
    const HttpResult r = get(row.path);
    EXPECT_EQ(r.status, 400) << row.path << " " << r.body;
    EXPECT_EQ(r.header("Content-Type"), "application/json; charset=utf-8") << row.path;
    const auto doc = parser_.parse(r.body);
    EXPECT_EQ(doc["message"].get_string().value(), row.message) << row.path;
    EXPECT_EQ(doc["status"].get_int64().value(), 400) << row.path;
  }
}

}  // namespace
}  // namespace gpq::test
