// Every endpoint of docs/API.md through a real `gpq serve` and a real HTTP client: formats and
// their Content-Type, the headers of each endpoint, pagination followed to the end and
// back, content negotiation, ETag/304, gzip, HEAD, and the same records as the CLI.
#include <chrono>
#include <regex>
#include <set>
#include <thread>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/query_service.h"

#include "served_world_test.h"
#include "support/fixture_db.h"

namespace gpq::test {
namespace {

class HttpEndpointsTest : public ServedWorldTest {};

// The JSON text of the `data` array of a list envelope.
std::string data_of(const std::string& envelope) {
  const std::size_t start = envelope.find("{\"data\":");
  const std::size_t end = envelope.rfind(",\"pagination\":");
  return start == std::string::npos || end == std::string::npos
             ? std::string()
             : envelope.substr(start + 8, end - start - 8);
}

TEST_F(HttpEndpointsTest, EveryEndpointAnswersInEveryFormatItOffers) {
  const std::string iss = std::to_string(world::kIss);
  const struct {
    std::string path;
    std::vector<std::string> formats;
  } endpoints[] = {
      {"/gp/" + iss, {"json", "tle", "2le", "xml", "kvn", "csv"}},
      {"/gp?group=stations", {"json", "tle", "2le", "xml", "kvn", "csv"}},
      {"/gp/epoch?epoch=2026-01-11T00:00:00Z&object_type=PAYLOAD&orbit_regime=LEO",
       {"json", "tle", "2le", "xml", "kvn", "csv"}},
      {"/gp/" + iss + "/history?start=2026-01-10&end=2026-01-12T00:00:00Z",
       {"json", "tle", "2le", "xml", "kvn", "csv"}},
      {"/gp/" + iss + "/nearest?epoch=2026-01-11T06:00:00Z",
       {"json", "tle", "2le", "xml", "kvn", "csv"}},
      {"/gp/" + iss + "/adjacent?epoch=2026-01-11T06:00:00Z", {"json"}},
      {"/gp/" + iss + "/range", {"json"}},
      {"/catalog/" + iss, {"json", "csv"}},
      {"/catalog?owner=US&object_type=PAYLOAD", {"json", "csv"}},
  };
  const std::map<std::string, std::string> content_types = {
      {"json", "application/json; charset=utf-8"}, {"tle", "text/plain; charset=utf-8"},
      {"2le", "text/plain; charset=utf-8"},        {"xml", "application/xml; charset=utf-8"},
      {"kvn", "text/plain; charset=utf-8"},        {"csv", "text/csv; charset=utf-8"},
  };
  for (const auto& endpoint : endpoints) {
    for (const std::string& format : endpoint.formats) {
      const std::string separator = endpoint.path.find('?') == std::string::npos ? "?" : "&";
      const HttpResult r = get(endpoint.path + separator + "format=" + format);
      SCOPED_TRACE(endpoint.path + " " + format);
      ASSERT_EQ(r.status, 200) << r.body;
      EXPECT_EQ(r.header("Content-Type"), content_types.at(format));
      EXPECT_FALSE(r.body.empty());
      EXPECT_FALSE(r.header("ETag").empty());
      for (const char* name : {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"}) {
        EXPECT_TRUE(r.has_header(name)) << name;
      }
      if (format == "json") {
        EXPECT_FALSE(parser_.parse(r.body).error()) << r.body;
      }
      if (format == "tle") {
        EXPECT_NE(r.body.find("\n1 25544U"), std::string::npos);
      }
      if (format == "xml") {
        EXPECT_NE(r.body.find("<ndm"), std::string::npos);
      }
    }
  }
}

TEST_F(HttpEndpointsTest, OneObjectCarriesItsSourceAndAge) {
  const HttpResult r = get("/gp/25544");
  ASSERT_EQ(r.status, 200);
  // The newest ISS set is Space-Track's (a CelesTrak set shares its millisecond).
  EXPECT_EQ(r.header("X-Data-Source"), "spacetrack");
  const double age = std::stod(r.header("X-Epoch-Age-Hours"));
  const double expected =
      static_cast<double>(system_now().unix_micros() - iso("2026-01-12T00:00:00Z").unix_micros()) /
      3.6e9;
  EXPECT_NEAR(age, expected, 0.05);
  EXPECT_TRUE(std::regex_match(r.header("X-Epoch-Age-Hours"), std::regex(R"(\d+\.\d\d)")));
  auto record = parser_.parse(r.body).get_object();
  ASSERT_FALSE(record.error());
  // Every field of docs/API.md "Element-set record", in its order.
  std::vector<std::string> keys;
  for (const auto field : record.value()) {
    keys.emplace_back(field.key);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"OBJECT_NAME",
                                            "OBJECT_ID",
                                            "NORAD_CAT_ID",
                                            "EPOCH",
                                            "MEAN_MOTION",
                                            "ECCENTRICITY",
                                            "INCLINATION",
                                            "RA_OF_ASC_NODE",
                                            "ARG_OF_PERICENTER",
                                            "MEAN_ANOMALY",
                                            "BSTAR",
                                            "MEAN_MOTION_DOT",
                                            "MEAN_MOTION_DDOT",
                                            "REV_AT_EPOCH",
                                            "CLASSIFICATION_TYPE",
                                            "ELEMENT_SET_NO",
                                            "PERIOD_MINUTES",
                                            "APOGEE_KM",
                                            "PERIGEE_KM",
                                            "SEMI_MAJOR_AXIS_KM",
                                            "DATA_SOURCE",
                                            "CREATION_DATE",
                                            "_collected_at"}));
  EXPECT_EQ(std::string(record["EPOCH"].get_string().value()), "2026-01-12T00:00:00.000Z");
}

TEST_F(HttpEndpointsTest, NearestReportsTheSignedEpochDelta) {
  const HttpResult before = get("/gp/25544/nearest?epoch=2026-01-10T13:00:00Z");
  ASSERT_EQ(before.status, 200);
  EXPECT_EQ(before.header("X-Epoch-Delta-Seconds"), "-3600.000");
  const HttpResult after = get("/gp/25544/nearest?epoch=unix:1767959940");  // 2026-01-09T11:59
  ASSERT_EQ(after.status, 200);
  EXPECT_EQ(after.header("X-Epoch-Delta-Seconds"), "43260.000");
  const HttpResult source =
      get("/gp/25544/nearest?epoch=2026-01-11T00:00:00Z&data_source=source_b");
  ASSERT_EQ(source.status, 200);
  EXPECT_EQ(source.header("X-Data-Source"), "celestrak");
  EXPECT_EQ(source.header("X-Epoch-Delta-Seconds"), "0.000");
}

TEST_F(HttpEndpointsTest, AdjacentRangeAndHistoryShapes) {
  const HttpResult adjacent = get("/gp/25544/adjacent?epoch=jd:2461051.25");  // 2026-01-10T18:00
  ASSERT_EQ(adjacent.status, 200) << adjacent.body;
  auto doc = parser_.parse(adjacent.body);
  EXPECT_EQ(std::string(doc["before"]["EPOCH"].get_string().value()), "2026-01-10T12:00:00.000Z");
  EXPECT_EQ(std::string(doc["after"]["EPOCH"].get_string().value()), "2026-01-11T00:00:00.000Z");
  EXPECT_DOUBLE_EQ(doc["gap_hours"].get_double().value(), 12.0);

  const HttpResult range = get("/gp/25544/range");
  ASSERT_EQ(range.status, 200);
  EXPECT_EQ(range.body,
            "{\"norad_id\":25544,\"total_elsets\":6,\"year_files\":1,\"earliest_epoch\":"
            "\"2026-01-10T00:00:00.000Z\",\"latest_epoch\":\"2026-01-12T00:00:00.000Z\"}");

  const HttpResult history = get("/gp/25544/history?per_page=4");
  ASSERT_EQ(history.status, 200);
  auto page = parser_.parse(history.body);
  EXPECT_EQ(page["data"].get_array().size(), 4U);
  EXPECT_EQ(page["pagination"]["total"].get_int64().value(), 6);
  EXPECT_EQ(page["meta"]["total_elsets"].get_int64().value(), 6);
  EXPECT_EQ(std::string(page["meta"]["object_name"].get_string().value()), "ISS (ZARYA)");
  EXPECT_EQ(std::string(page["pagination"]["next"].get_string().value()),
            world_->server().base_url() + "/gp/25544/history?per_page=4&page=2");
  EXPECT_TRUE(page["pagination"]["prev"].is_null());
  simdjson::dom::parser second;
  EXPECT_EQ(std::string(
                second.parse(get("/gp/25544/history?per_page=4&page=2").body)["pagination"]["prev"]
                    .get_string()
                    .value()),
            world_->server().base_url() + "/gp/25544/history?per_page=4&page=1");
}

// Follows `next` from the first page to the last and `prev` back, collecting NORAD ids.
TEST_F(HttpEndpointsTest, PaginationLinksWalkToTheEndAndBack) {
  const HttpResult all = get("/gp?decay=true&per_page=500");
  ASSERT_EQ(all.status, 200);
  std::vector<std::int64_t> expected;
  for (const auto record : parser_.parse(all.body)["data"].get_array()) {
    expected.push_back(record["NORAD_CAT_ID"].get_int64().value());
  }
  ASSERT_GT(expected.size(), 7U);

  std::vector<std::int64_t> forward;
  std::vector<std::string> pages;
  std::string url = world_->server().base_url() + "/gp?decay=true&per_page=3&client_tag=a%20b";
  std::string last;
  while (!url.empty()) {
    ASSERT_TRUE(url.starts_with(world_->server().base_url())) << url;
    const HttpResult r = client_->get(url.substr(url.find("/api/v1")));
    ASSERT_EQ(r.status, 200) << url << r.body;
    pages.push_back(url);
    auto doc = parser_.parse(r.body);
    for (const auto record : doc["data"].get_array()) {
      forward.push_back(record["NORAD_CAT_ID"].get_int64().value());
    }
    EXPECT_EQ(r.header("X-Total-Count"), std::to_string(expected.size()));
    auto next = doc["pagination"]["next"];
    last = url;
    url = next.is_null() ? "" : std::string(next.get_string().value());
  }
  EXPECT_EQ(forward, expected);
  EXPECT_EQ(pages.size(), (expected.size() + 2) / 3);

  // Back from the last page through `prev`, in the TLE-free csv format: Link headers.
  std::vector<std::string> backward;
  url = last + "&format=csv";
  while (!url.empty()) {
    const HttpResult r = client_->get(url.substr(url.find("/api/v1")));
    ASSERT_EQ(r.status, 200) << url << " after " << (backward.empty() ? "" : backward.back()) << " "
                             << r.body;
    backward.push_back(url);
    const std::string link = r.header("Link");
    const std::smatch match = [&] {
      std::smatch m;
      std::regex_search(link, m, std::regex(R"(<([^>]+)>; rel="prev")"));
      return m;
    }();
    url = match.empty() ? "" : match[1].str();
    // cpp-httplib's client percent-decodes header values it receives (curl shows %20).
    url = std::regex_replace(url, std::regex(" "), "%20");
  }
  EXPECT_EQ(backward.size(), pages.size());
  // Every parameter survives the walk, even one the API ignores.
  EXPECT_NE(backward.back().find("client_tag=a%20b"), std::string::npos) << backward.back();
}

TEST_F(HttpEndpointsTest, PublicUrlReplacesTheHostInLinks) {
  ServedWorld behind_proxy({"--public-url", "https://orbits.example.org/"});
  const HttpResult r = behind_proxy.client()->get("/api/v1/gp/25544/history?per_page=2");
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(
      r.body.find(
          "\"next\":\"https://orbits.example.org/api/v1/gp/25544/history?per_page=2&page=2\""),
      std::string::npos)
      << r.body;
}

TEST_F(HttpEndpointsTest, AcceptHeaderChoosesTheFormatWhenFormatIsAbsent) {
  EXPECT_EQ(get("/gp/25544", {{"Accept", "text/plain"}}).header("Content-Type"),
            "text/plain; charset=utf-8");
  EXPECT_EQ(get("/gp/25544", {{"Accept", "application/xml"}}).header("Content-Type"),
            "application/xml; charset=utf-8");
  EXPECT_EQ(get("/gp/25544", {{"Accept", "text/csv;q=0.5, application/xml;q=0.9"}})
                .header("Content-Type"),
            "application/xml; charset=utf-8");
  EXPECT_EQ(get("/gp/25544", {{"Accept", "*/*"}}).header("Content-Type"),
            "application/json; charset=utf-8");
  // format wins over Accept; an Accept the endpoint cannot give falls back to json.
  EXPECT_EQ(get("/gp/25544?format=csv", {{"Accept", "application/xml"}}).header("Content-Type"),
            "text/csv; charset=utf-8");
  const HttpResult range = get("/gp/25544/range", {{"Accept", "text/csv"}});
  EXPECT_EQ(range.status, 200);
  EXPECT_EQ(range.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(get("/gp/25544", {{"Accept", "text/x-omm-kvn"}}).body.substr(0, 13), "CCSDS_OMM_VER");
}

TEST_F(HttpEndpointsTest, EtagGivesNotModifiedWithoutBody) {
  const HttpResult first = get("/gp?group=stations");
  ASSERT_EQ(first.status, 200);
  const std::string etag = first.header("ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(get("/gp?group=stations").header("ETag"), etag);
  const HttpResult again = get("/gp?group=stations", {{"If-None-Match", etag}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  EXPECT_EQ(again.header("ETag"), etag);
  EXPECT_EQ(get("/gp?group=stations", {{"If-None-Match", "\"other\", W/" + etag}}).status, 304);
  EXPECT_EQ(get("/gp?group=stations", {{"If-None-Match", "\"other\""}}).status, 200);
  EXPECT_NE(get("/gp?group=stations&format=csv").header("ETag"), etag);
}

TEST_F(HttpEndpointsTest, GzipWhenAccepted) {
  const HttpResult plain = get("/gp?decay=true&per_page=500");
  ASSERT_EQ(plain.status, 200);
  EXPECT_TRUE(plain.header("Content-Encoding").empty());
  ApiClient raw(world_->server().host(), world_->server().port(), world_->key());
  raw.keep_raw_bodies();
  for (const std::string format : {"json", "xml", "csv"}) {
    const HttpResult gz = raw.get("/api/v1/gp?decay=true&per_page=500&format=" + format,
                                  {{"Accept-Encoding", "gzip, deflate"}});
    ASSERT_EQ(gz.status, 200);
    EXPECT_EQ(gz.header("Content-Encoding"), "gzip") << format;
    ASSERT_GE(gz.body.size(), 2U);
    EXPECT_EQ(static_cast<unsigned char>(gz.body[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(gz.body[1]), 0x8b);
  }
  // The client's own decompression gives back the plain body.
  const HttpResult decoded = get("/gp?decay=true&per_page=500", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(decoded.body, plain.body);
  // Each coding is its own representation, with its own strong tag: a cache never gives the
  // gzip bytes to a client that revalidated the identity ones, or the other way round.
  const std::string identity_tag = plain.header("ETag");
  const std::string gzip_tag = decoded.header("ETag");
  EXPECT_NE(gzip_tag, identity_tag);
  EXPECT_EQ(raw.get("/api/v1/gp?decay=true&per_page=500",
                    {{"Accept-Encoding", "gzip"}, {"If-None-Match", gzip_tag}})
                .status,
            304);
  EXPECT_EQ(raw.get("/api/v1/gp?decay=true&per_page=500",
                    {{"Accept-Encoding", "gzip"}, {"If-None-Match", identity_tag}})
                .status,
            200);
  EXPECT_EQ(get("/gp?decay=true&per_page=500", {{"If-None-Match", identity_tag}}).status, 304);
  // A coding refused by name is not given for `*`; names compare in any case.
  for (const std::string accept : {"gzip;q=0, *", "identity"}) {
    const HttpResult identity =
        raw.get("/api/v1/gp?decay=true&per_page=500", {{"Accept-Encoding", accept}});
    EXPECT_EQ(identity.header("Content-Encoding"), "") << accept;
    EXPECT_EQ(identity.body, plain.body) << accept;
  }
  EXPECT_EQ(raw.get("/api/v1/gp?decay=true&per_page=500", {{"Accept-Encoding", "GZIP"}})
                .header("Content-Encoding"),
            "gzip");
}

TEST_F(HttpEndpointsTest, RangeIsIgnoredAndTheWholeBodyAnswers) {
  const HttpResult whole = get("/gp/25544");
  ASSERT_EQ(whole.status, 200);
  for (const char* range : {"bytes=0-10", "bytes=0-10,20-30", "bytes=99999-", "bytes=-5"}) {
    SCOPED_TRACE(range);
    const HttpResult ranged = get("/gp/25544", {{"Range", range}});
    EXPECT_EQ(ranged.status, 200);
    EXPECT_EQ(ranged.body, whole.body);
    EXPECT_FALSE(ranged.has_header("Content-Range"));
    EXPECT_EQ(ranged.header("Content-Type"), whole.header("Content-Type"));
  }
  // Nothing promises ranges that are ignored.
  EXPECT_EQ(whole.header("Accept-Ranges"), "none");
  EXPECT_EQ(client_->request("HEAD", "/api/v1/gp/25544").header("Accept-Ranges"), "none");
}

TEST_F(HttpEndpointsTest, HeadHasTheHeadersOfGetAndNoBody) {
  const HttpResult got = get("/gp/25544?format=tle");
  const HttpResult head = client_->request("HEAD", "/api/v1/gp/25544?format=tle");
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("ETag"), got.header("ETag"));
  EXPECT_EQ(head.header("Content-Type"), got.header("Content-Type"));
  EXPECT_EQ(head.header("Content-Length"), std::to_string(got.body.size()));
  EXPECT_EQ(client_->request("HEAD", "/api/v1/gp/1234567").status, 404);
}

TEST_F(HttpEndpointsTest, StatusNeedsNoKeyAndReportsTheMirror) {
  ApiClient anonymous(world_->server().host(), world_->server().port());
  const HttpResult r = anonymous.get("/api/v1/status");
  ASSERT_EQ(r.status, 200) << r.body;
  auto doc = parser_.parse(r.body);
  // The fixture's only sync run is in February 2026: over 48 hours ago.
  EXPECT_EQ(std::string(doc["status"].get_string().value()), "degraded");
  EXPECT_EQ(doc["element_sets"].get_int64().value(), 32);
  EXPECT_GT(doc["catalog_objects"].get_int64().value(), 10);
  EXPECT_TRUE(r.has_header("X-RateLimit-Limit"));
  const HttpResult openapi = anonymous.get("/api/v1/openapi.json");
  ASSERT_EQ(openapi.status, 200);
  EXPECT_EQ(std::string(parser_.parse(openapi.body)["openapi"].get_string().value()), "3.1.0");
}

TEST_F(HttpEndpointsTest, StatusIsOkAfterARecentImport) {
  ServedWorld fresh(kUnlimited);
  const ProcessResult sync = run_gpq({"--db", fresh.db().string(), "sync", "--from",
                                      std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.csv"});
  ASSERT_EQ(sync.exit_code, 0) << sync.err;
  const HttpResult r = fresh.client()->get("/api/v1/status");
  auto doc = parser_.parse(r.body);
  EXPECT_EQ(std::string(doc["status"].get_string().value()), "ok") << r.body;
  EXPECT_EQ(std::string(doc["last_sync"]["file"]["outcome"].get_string().value()), "ok");
}

// A kept answer is not given again once a sync has committed newer sets.
TEST_F(HttpEndpointsTest, AKeptAnswerGivesWayToASyncsNewerSet) {
  ServedWorld fresh(kUnlimited);
  const auto epoch_of_iss = [&] {
    const HttpResult r = fresh.client()->get("/api/v1/gp/25544");
    EXPECT_EQ(r.status, 200) << r.body;
    return std::string(parser_.parse(r.body)["EPOCH"].get_string().value());
  };
  const std::string before = epoch_of_iss();
  ASSERT_EQ(epoch_of_iss(), before);  // now kept
  const ProcessResult sync = run_gpq({"--db", fresh.db().string(), "sync", "--from",
                                      std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.csv"});
  ASSERT_EQ(sync.exit_code, 0) << sync.err;
  // The generation is read every 10 ms; a loaded machine may take longer to schedule that.
  std::string after = epoch_of_iss();
  for (int attempt = 0; attempt < 200 && after == before; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    after = epoch_of_iss();
  }
  EXPECT_EQ(after.substr(0, 10), "2026-09-23");
}

// The same question through the CLI and the API gives the same records, byte for byte.
TEST_F(HttpEndpointsTest, CliAndHttpGiveIdenticalRecords) {
  const struct {
    std::vector<std::string> cli;
    std::string path;
  } pairs[] = {
      {{"gp", "--group", "stations"}, "/gp?group=stations"},
      {{"gp", "--search", "sat", "--decayed"}, "/gp?search=sat&decay=true"},
      {{"gp", "--epoch", "2026-01-11T00:00:00Z"}, "/gp/epoch?epoch=2026-01-11T00:00:00Z"},
      {{"history", "25544", "--start", "2026-01-10T12:00:00Z"},
       "/gp/25544/history?start=2026-01-10T12:00:00Z"},
      {{"catalog", "--owner", "US"}, "/catalog?owner=US"},
  };
  for (const auto& pair : pairs) {
    std::vector<std::string> args{"--db", world_->db().string(), "--format", "json"};
    args.insert(args.end(), pair.cli.begin(), pair.cli.end());
    const ProcessResult cli = run_gpq(args);
    ASSERT_EQ(cli.exit_code, 0) << cli.err;
    const HttpResult http = get(pair.path);
    ASSERT_EQ(http.status, 200) << pair.path;
    EXPECT_EQ(data_of(http.body), data_of(cli.out)) << pair.path;
    EXPECT_FALSE(data_of(http.body).empty());
  }
  const ProcessResult one =
      run_gpq({"--db", world_->db().string(), "--format", "json", "gp", "25544"});
  EXPECT_EQ(get("/gp/25544").body + "\n", one.out);
  const ProcessResult tle = run_gpq({"--db", world_->db().string(), "--format", "tle", "nearest",
                                     "25544", "--epoch", "2026-01-11T06:00:00Z"});
  EXPECT_EQ(get("/gp/25544/nearest?epoch=2026-01-11T06:00:00Z&format=tle").body, tle.out);
}

}  // namespace
}  // namespace gpq::test
