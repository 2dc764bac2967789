// /gp/{id}/events, /gp/{id}/series and the page at / through a real `gpq serve` over the known
// world (fixture_db.h): events as the CLI gives them, series with every set of the history,
// refusals as JSON; the page's files with their types, ETag/304, gzip and no key. Exchanges
// under /api/v1 are also checked against api/openapi.json (openapi_responses_valid).
#include <string>

#include <gtest/gtest.h>
#include <httplib.h>
#include <simdjson.h>

#include "served_world_test.h"

namespace gpq::test {
namespace {

class HttpEventsTest : public ServedWorldTest {
 protected:
  // The page is not part of the API: asked without the recording client.
  httplib::Result page(const std::string& path, const httplib::Headers& headers = {}) {
    httplib::Client raw("127.0.0.1", world_->server().port());
    raw.set_decompress(false);
    return raw.Get(path, headers);
  }
};

TEST_F(HttpEventsTest, EventsAreTheCliAnswer) {
  for (const char* format : {"json", "csv"}) {
    const HttpResult http = get(std::string("/gp/25544/events?format=") + format);
    ASSERT_EQ(http.status, 200) << http.body;
    EXPECT_TRUE(http.has_header("ETag"));
    const ProcessResult local = cli({"events", "25544", "--format", format});
    ASSERT_EQ(local.exit_code, 0) << local.err;
    EXPECT_EQ(http.body + (format == std::string("json") ? "\n" : ""), local.out) << format;
  }
  const auto doc = parser_.parse(get("/gp/25544/events?start=2026-01-01").body);
  EXPECT_EQ(doc["meta"]["norad_id"].get_int64().value(), 25544);
  EXPECT_EQ(doc["meta"]["start"].get_string().value(), "2026-01-01T00:00:00.000Z");
}

TEST_F(HttpEventsTest, EventsRefuseAsJson) {
  const struct {
    const char* path;
    int status;
  } cases[] = {
      {"/gp/25544/events?start=2026-02-01&end=2026-01-01", 400},
      {"/gp/25544/events?start=yesterday", 400},
      {"/gp/25544/events?format=tle", 400},
      {"/gp/abc/events", 400},
      {"/gp/99999/events", 404},
  };
  for (const auto& c : cases) {
    const HttpResult http = get(c.path);
    EXPECT_EQ(http.status, c.status) << c.path << ": " << http.body;
    EXPECT_EQ(http.header("Content-Type"), "application/json; charset=utf-8") << c.path;
  }
  const ProcessResult local = cli({"events", "25544", "--from", "yesterday"});
  EXPECT_EQ(local.exit_code, 2);
  EXPECT_EQ(local.err.find('\n'), local.err.size() - 1) << local.err;  // one line
}

TEST_F(HttpEventsTest, SeriesHoldsEverySetOfTheHistory) {
  const ProcessResult history = cli({"history", "25544", "--format", "csv"});
  ASSERT_EQ(history.exit_code, 0) << history.err;
  const auto sets =
      static_cast<std::int64_t>(std::count(history.out.begin(), history.out.end(), '\n')) - 1;
  const HttpResult http = get("/gp/25544/series");
  ASSERT_EQ(http.status, 200) << http.body;
  const auto doc = parser_.parse(http.body);
  EXPECT_EQ(doc["meta"]["points"].get_int64().value(), sets);
  EXPECT_EQ(static_cast<std::int64_t>(doc["data"]["EPOCH_UNIX"].get_array().size()), sets);
  EXPECT_EQ(static_cast<std::int64_t>(doc["data"]["PERIGEE"].get_array().size()), sets);
  EXPECT_EQ(get("/gp/25544/series?start=2026-02-01&end=2026-01-01").status, 400);
  EXPECT_EQ(get("/gp/99999/series").status, 404);
}

TEST_F(HttpEventsTest, ThePageIsServedWithoutAKey) {
  const httplib::Result index = page("/");
  ASSERT_TRUE(index) << httplib::to_string(index.error());
  EXPECT_EQ(index->status, 200);
  EXPECT_EQ(index->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(index->body.find("/assets/app.js"), std::string::npos);
  EXPECT_EQ(index->get_header_value("Content-Security-Policy").rfind("default-src 'self'", 0), 0U);
  const std::string etag = index->get_header_value("ETag");
  ASSERT_FALSE(etag.empty());
  const httplib::Result again = page("/", {{"If-None-Match", etag}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304);

  const struct {
    const char* path;
    const char* type;
  } assets[] = {
      {"/assets/app.js", "text/javascript; charset=utf-8"},
      {"/assets/style.css", "text/css; charset=utf-8"},
      {"/assets/uPlot.iife.min.js", "text/javascript; charset=utf-8"},
      {"/assets/uPlot.min.css", "text/css; charset=utf-8"},
  };
  for (const auto& asset : assets) {
    const httplib::Result res = page(asset.path, {{"Accept-Encoding", "gzip"}});
    ASSERT_TRUE(res) << asset.path;
    EXPECT_EQ(res->status, 200) << asset.path;
    EXPECT_EQ(res->get_header_value("Content-Type"), asset.type) << asset.path;
    EXPECT_EQ(res->get_header_value("Content-Encoding"), "gzip") << asset.path;
  }
  const httplib::Result missing = page("/assets/nothing.js");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_EQ(missing->get_header_value("Content-Type"), "application/json; charset=utf-8");
}

}  // namespace
}  // namespace gpq::test
