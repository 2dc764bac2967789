#include "gpq/request.h"

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "support/expect_error.h"

namespace gpq {
namespace {

TEST(BindNoradIdTest, AcceptsOneToNineDigits) {
  EXPECT_EQ(bind_norad_id("25544"), 25544);
  EXPECT_EQ(bind_norad_id("1"), 1);
  EXPECT_EQ(bind_norad_id("999999999"), 999'999'999);
  for (const char* bad :
       {"0", "1000000000", "-5", "25544a", "", " ", "2.5", "0x10", "99999999999999999999999"}) {
    EXPECT_GPQ_ERROR(bind_norad_id(bad), Errc::bad_request,
                     fmt::format("parameter 'norad_id': '{}' is not a NORAD catalog number (a "
                                 "whole number from 1 to 999999999)",
                                 bad));
  }
}

TEST(BindNoradIdTest, AnAlpha5NumberIsRefusedWithItsValue) {
  const std::string refused = "is not a NORAD catalog number (a whole number from 1 to 999999999)";
  EXPECT_GPQ_ERROR(
      bind_norad_id("A0245"), Errc::bad_request,
      "parameter 'norad_id': 'A0245' " + refused + "; the TLE's Alpha-5 A0245 is 100245");
  EXPECT_GPQ_ERROR(
      bind_norad_id(" Z9999"), Errc::bad_request,
      "parameter 'norad_id': ' Z9999' " + refused + "; the TLE's Alpha-5 Z9999 is 339999");
  for (const char* not_alpha5 : {"I0001", "a0245", "A024", "AB245"}) {
    EXPECT_GPQ_ERROR(bind_norad_id(not_alpha5), Errc::bad_request,
                     fmt::format("parameter 'norad_id': '{}' {}", not_alpha5, refused));
  }
}

TEST(BindStatusFormatTest, JsonAndTheCliTableOnly) {
  EXPECT_EQ(bind_status_format({}, FrontEnd::http), Format::json);
  EXPECT_EQ(bind_status_format({{"format", "table"}}, FrontEnd::cli), Format::table);
  EXPECT_EQ(bind_status_format({{"format", "json"}}, FrontEnd::cli), Format::json);
  EXPECT_GPQ_ERROR(bind_status_format({{"format", "csv"}}, FrontEnd::cli), Errc::bad_request,
                   "parameter 'format': 'csv' is not available here; use one of: json");
}

TEST(BindPagingTest, DefaultsAndLimits) {
  const auto http = bind_gp_search({}, FrontEnd::http);
  EXPECT_EQ(http.paging.page, 1);
  EXPECT_EQ(http.paging.per_page, 100);
  EXPECT_FALSE(http.paging.all);
  EXPECT_EQ(http.format, Format::json);

  const auto cli = bind_gp_search({}, FrontEnd::cli);
  EXPECT_TRUE(cli.paging.all);
  EXPECT_EQ(cli.format, Format::table);

  const auto last = bind_gp_search({{"page", "21"}, {"per_page", "500"}}, FrontEnd::http);
  EXPECT_EQ(last.paging.page, 21);  // offset exactly 10,000 is allowed

  EXPECT_GPQ_ERROR(bind_gp_search({{"page", "22"}, {"per_page", "500"}}, FrontEnd::http),
                   Errc::bad_request,
                   "page 22 with per_page 500 starts at record 10500, beyond the limit of 10000 "
                   "records; narrow the query with filters");
  EXPECT_GPQ_ERROR(bind_history("5", {{"page", "102"}}, FrontEnd::http), Errc::bad_request,
                   "page 102 with per_page 100 starts at record 10100, beyond the limit of 10000 "
                   "records; narrow the range with start and end");
  EXPECT_GPQ_ERROR(bind_gp_search({{"page", "0"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'page': '0' must be a whole number >= 1");
  EXPECT_GPQ_ERROR(bind_gp_search({{"per_page", "501"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'per_page': '501' must be a whole number from 1 to 500");
  EXPECT_GPQ_ERROR(bind_gp_search({{"per_page", "0"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'per_page': '0' must be a whole number from 1 to 500");
  EXPECT_GPQ_ERROR(bind_gp_search({{"page", "99999999999999999999"}}, FrontEnd::http),
                   Errc::bad_request,
                   "parameter 'page': '99999999999999999999' must be a whole number >= 1");
}

// (page - 1) * per_page would overflow for these: the page is refused before multiplying.
TEST(BindPagingTest, HugePagesAreRefusedWithoutOverflow) {
  const struct {
    const char* page;
    const char* per_page;
    const char* message;
  } rows[] = {
      {"999999999999999999", "500",
       "page 999999999999999999 with per_page 500 starts beyond the limit of 10000 records; "
       "narrow the query with filters"},
      {"999999999999999999", "1",
       "page 999999999999999999 with per_page 1 starts beyond the limit of 10000 records; "
       "narrow the query with filters"},
      {"10002", "1",
       "page 10002 with per_page 1 starts beyond the limit of 10000 records; narrow the query "
       "with filters"},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.page);
    EXPECT_GPQ_ERROR(
        bind_gp_search({{"page", row.page}, {"per_page", row.per_page}}, FrontEnd::http),
        Errc::bad_request, row.message);
  }
  // The CLI pages only when asked to; its default per_page is the same.
  EXPECT_GPQ_ERROR(bind_gp_search({{"page", "999999999999999999"}}, FrontEnd::cli),
                   Errc::bad_request,
                   "page 999999999999999999 with per_page 100 starts beyond the limit of 10000 "
                   "records; narrow the query with filters");
  // The last page that fits still binds.
  EXPECT_EQ(bind_gp_search({{"page", "10001"}, {"per_page", "1"}}, FrontEnd::http).paging.page,
            10001);
}

TEST(BindGpSearchTest, FiltersAndTheirErrors) {
  const auto bound = bind_gp_search({{"search", " iss "},
                                     {"group", "STATIONS"},
                                     {"intdes", "1998-067a"},
                                     {"norad_ids", "25544,5,25544"},
                                     {"orbit_regime", "leo"},
                                     {"object_type", "rocket_body"},
                                     {"decay", "true"}},
                                    FrontEnd::http);
  EXPECT_EQ(bound.query.search, "iss");
  EXPECT_EQ(bound.query.group, "stations");
  EXPECT_EQ(bound.query.intdes, "1998-067A");
  EXPECT_EQ(bound.query.norad_ids, (std::vector<std::int32_t>{5, 25544}));
  EXPECT_EQ(bound.query.orbit_regime, OrbitRegime::leo);
  EXPECT_EQ(bound.query.object_type, ObjectType::rocket_body);
  EXPECT_TRUE(bound.query.include_decayed);

  std::string ids = "1";
  for (int i = 2; i <= 101; ++i) {
    ids += fmt::format(",{}", i);
  }
  EXPECT_GPQ_ERROR(bind_gp_search({{"norad_ids", ids}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'norad_ids': at most 100 ids per request");
  EXPECT_GPQ_ERROR(bind_gp_search({{"group", "cubesats"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'group': 'cubesats' is not a group; use one of: stations, "
                   "starlink, oneweb, gps-ops, glo-ops, galileo, beidou, weather, geo, active, "
                   "analyst, last-30-days");
  EXPECT_GPQ_ERROR(bind_gp_search({{"orbit_regime", "XEO"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'orbit_regime': 'XEO' is not an orbit regime; use LEO, MEO, GEO "
                   "or HEO");
  EXPECT_GPQ_ERROR(bind_gp_search({{"object_type", "R/B"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'object_type': 'R/B' is not an object type; use PAYLOAD, "
                   "ROCKET_BODY, DEBRIS or UNKNOWN");
  EXPECT_GPQ_ERROR(bind_gp_search({{"intdes", "98-067A"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'intdes': '98-067A' is not an international designator; use a "
                   "launch (1998-067) or a piece (1998-067A)");
  EXPECT_GPQ_ERROR(bind_gp_search({{"decay", "maybe"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'decay': 'maybe' is not a boolean; use true or false");
  EXPECT_GPQ_ERROR(bind_gp_search({{"format", "table"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'format': 'table' is not available here; use one of: json, tle, "
                   "2le, xml, kvn, csv");
}

TEST(BindHistoryTest, DatesSourcesAndOrder) {
  const auto bound = bind_history(
      "25544", {{"start", "2024-01-01"}, {"end", "unix:1704153600"}, {"data_source", "source_b"}},
      FrontEnd::http);
  EXPECT_EQ(bound.query.start->unix_micros(), 1'704'067'200'000'000);
  EXPECT_EQ(bound.query.end->unix_micros(), 1'704'153'600'000'000);
  EXPECT_EQ(bound.query.source, SourceFilter::celestrak);
  EXPECT_GPQ_ERROR(
      bind_history("25544", {{"start", "2024-02-01"}, {"end", "2024-01-01"}}, FrontEnd::http),
      Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  EXPECT_GPQ_ERROR(bind_history("25544", {{"data_source", "nasa"}}, FrontEnd::http),
                   Errc::bad_request,
                   "parameter 'data_source': 'nasa' is not a source; use spacetrack (source_a), "
                   "celestrak (source_b) or all");
}

TEST(BindNearestTest, EpochIsRequired) {
  EXPECT_GPQ_ERROR(bind_nearest("25544", {}, FrontEnd::http), Errc::bad_request,
                   "parameter 'epoch' is required: ISO 8601 (2024-01-01T00:00:00Z), "
                   "jd:<julian date> or unix:<seconds>");
  EXPECT_GPQ_ERROR(
      bind_adjacent("25544", {{"epoch", "2024-01-01"}, {"format", "tle"}}, FrontEnd::http),
      Errc::bad_request, "parameter 'format': 'tle' is not available here; use one of: json");
}

TEST(BindCatalogTest, FormatsAndYear) {
  EXPECT_EQ(bind_catalog_search({{"format", "csv"}}, FrontEnd::http).format, Format::csv);
  EXPECT_TRUE(bind_catalog_search({}, FrontEnd::http).query.active_only);
  EXPECT_FALSE(bind_catalog_search({{"active_only", "false"}}, FrontEnd::http).query.active_only);
  EXPECT_EQ(bind_catalog_search({{"launch_year", "1998"}}, FrontEnd::http).query.launch_year, 1998);
  EXPECT_GPQ_ERROR(bind_catalog_search({{"format", "xml"}}, FrontEnd::http), Errc::bad_request,
                   "parameter 'format': 'xml' is not available here; use one of: json, csv");
  for (const char* year : {"1956", "2201", "98"}) {
    EXPECT_GPQ_ERROR(
        bind_catalog_search({{"launch_year", year}}, FrontEnd::http), Errc::bad_request,
        fmt::format("parameter 'launch_year': '{}' must be a year from 1957 to 2200", year));
  }
}

}  // namespace
}  // namespace gpq
