// The router over the one table of endpoints (GPQ_ENDPOINTS in http/api/routes.h): each path to
// its endpoint and id, what matches nothing, the rules read from the rows, and the same paths
// and keys in api/openapi.json.
#include "http/api/routes.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/openapi_document.h"

namespace gpq::http {
namespace {

TEST(RoutesTest, EachPathFindsItsEndpointAndId) {
  struct Case {
    std::string_view path;
    std::optional<Endpoint> endpoint;
    std::string_view id;
  };
  const Case cases[] = {
      {"/api/v1/gp", Endpoint::search, ""},
      {"/api/v1/gp/", Endpoint::search, ""},
      {"/api/v1/gp/epoch", Endpoint::snapshot, ""},
      {"/api/v1/gp/25544", Endpoint::latest, "25544"},
      {"/api/v1/gp/25544/", Endpoint::latest, "25544"},
      {"/api/v1/gp/25544/history", Endpoint::history, "25544"},
      {"/api/v1/gp/25544/history/", Endpoint::history, "25544"},
      {"/api/v1/gp/x/nearest", Endpoint::nearest, "x"},
      {"/api/v1/gp/25544/adjacent", Endpoint::adjacent, "25544"},
      {"/api/v1/gp/25544/range", Endpoint::range, "25544"},
      {"/api/v1/gp/25544/state", Endpoint::state, "25544"},
      {"/api/v1/gp/25544/ephemeris", Endpoint::ephemeris, "25544"},
      {"/api/v1/gp/25544/passes", Endpoint::passes, "25544"},
      {"/api/v1/gp/25544/events", Endpoint::events, "25544"},
      {"/api/v1/gp/25544/series", Endpoint::series, "25544"},
      {"/api/v1/gp/epoch/history", Endpoint::history, "epoch"},
      {"/api/v1/state", Endpoint::catalog_state, ""},
      {"/api/v1/catalog", Endpoint::catalog_search, ""},
      {"/api/v1/catalog/", Endpoint::catalog_search, ""},
      {"/api/v1/catalog/25544", Endpoint::catalog_record, "25544"},
      {"/api/v1/status", Endpoint::status, ""},
      {"/api/v1/openapi.json", Endpoint::openapi, ""},
      {"/api/v1/changes", Endpoint::changes, ""},
      {"/api/v1", std::nullopt, ""},
      {"/api/v1/", std::nullopt, ""},
      {"/api/v1gp", std::nullopt, ""},
      {"/api/v2/gp", std::nullopt, ""},
      {"/api/v1//gp", std::nullopt, ""},
      {"/api/v1/gp//history", std::nullopt, ""},
      {"/api/v1/gp/25544/history//", std::nullopt, ""},
      {"/api/v1/gp/25544/nope", std::nullopt, ""},
      {"/api/v1/gp/25544/history/more", std::nullopt, ""},
      {"/api/v1/catalog/25544/x", std::nullopt, ""},
      {"/api/v1/state/25544", std::nullopt, ""},
      {"/api/v1/status/x", std::nullopt, ""},
      {"/", std::nullopt, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    const std::optional<Route> route = match_route(c.path);
    ASSERT_EQ(route.has_value(), c.endpoint.has_value());
    if (route) {
      EXPECT_EQ(route->endpoint, *c.endpoint);
      EXPECT_EQ(route->norad_id, c.id);
    }
  }
}

TEST(RoutesTest, KeysScopesAndLanesAreTheRowsOwn) {
  EXPECT_FALSE(needs_key(Endpoint::status));
  EXPECT_FALSE(needs_key(Endpoint::openapi));
  EXPECT_TRUE(needs_key(Endpoint::latest));
  EXPECT_TRUE(needs_key(Endpoint::changes));
  EXPECT_EQ(scope_of(Endpoint::changes), KeyScope::replication);
  EXPECT_EQ(scope_of(Endpoint::history), KeyScope::api);
  EXPECT_EQ(lane_of(Endpoint::history), Lane::heavy);
  EXPECT_EQ(lane_of(Endpoint::catalog_state), Lane::heavy);
  EXPECT_EQ(lane_of(Endpoint::search), Lane::standard);
  EXPECT_EQ(path_of(Endpoint::catalog_record), "/catalog/{id}");
}

TEST(RoutesTest, TheHeavyLaneIsNamedFromTheTable) {
  EXPECT_EQ(heavy_endpoint_names(),
            "history, nearest, adjacent, state, /state, ephemeris, passes, events, /conjunctions, "
            "series");
}

constexpr Endpoint kEvery[] = {
#define GPQ_EVERY_ENDPOINT(name, path, access, lane, instant) Endpoint::name,
    GPQ_ENDPOINTS(GPQ_EVERY_ENDPOINT)
#undef GPQ_EVERY_ENDPOINT
};

// The path as the OpenAPI document writes it: the id parameter named.
std::string documented_path(Endpoint endpoint) {
  std::string path(path_of(endpoint));
  if (const std::size_t at = path.find("{id}"); at != std::string::npos) {
    path.replace(at, 4, "{norad_id}");
  }
  return path;
}

TEST(RoutesTest, TheOpenApiDocumentHasThePathsOfTheTableAndTheirKeys) {
  std::vector<std::string> paths;
  std::vector<std::string> without_key;
  for (const Endpoint endpoint : kEvery) {
    const std::string path = documented_path(endpoint);
    paths.push_back(path);
    if (!needs_key(endpoint)) {
      without_key.push_back(path);
    }
  }
  auto documented = test::openapi_paths();
  auto documented_without_key = test::openapi_paths_without_key();
  for (auto* list : {&paths, &without_key, &documented, &documented_without_key}) {
    std::sort(list->begin(), list->end());
  }
  EXPECT_EQ(documented, paths);
  EXPECT_EQ(documented_without_key, without_key);
}

TEST(RoutesTest, TheOpenApiDocumentGivesAsOfWhereTheTableSays) {
  std::vector<std::string> as_of;
  for (const Endpoint endpoint : kEvery) {
    if (answers_as_of(endpoint)) {
      as_of.push_back(documented_path(endpoint));
    }
  }
  std::vector<std::string> documented = test::openapi_paths_with_parameter("AsOf");
  std::sort(as_of.begin(), as_of.end());
  std::sort(documented.begin(), documented.end());
  EXPECT_EQ(documented, as_of);
  EXPECT_EQ(as_of_endpoint_names(),
            "/gp, /gp/epoch, /gp/{id}, /gp/{id}/history, /gp/{id}/nearest, /gp/{id}/adjacent, "
            "/gp/{id}/range, /gp/{id}/state, /state, /gp/{id}/ephemeris, /gp/{id}/passes, "
            "/gp/{id}/events, /conjunctions, /catalog/{id}, /catalog");
}

}  // namespace
}  // namespace gpq::http
