// The router over the one table of endpoints (GPQ_ENDPOINTS in http/routes.h): each path to
// its endpoint and id, what matches nothing, and the rules read from the rows.
#include "http/routes.h"

#include <optional>
#include <string_view>

#include <gtest/gtest.h>

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
            "history, nearest, adjacent, state, /state, ephemeris, passes, events, series");
}

}  // namespace
}  // namespace gpq::http
