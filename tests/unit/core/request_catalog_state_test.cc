// Binding of the catalog's states (`gpq state --all`, /api/v1/state): the snapshot's filters
// and group, the nearest set only, pages of up to 50,000 rows without an offset limit, and
// every refusal with its exact message.
#include <gtest/gtest.h>

#include "gpq/request.h"

#include "support/expect_error.h"

namespace gpq {
namespace {

TEST(BindCatalogStateTest, DefaultsPageLikeTheSnapshot) {
  const auto http = bind_catalog_state({{"epoch", "2026-06-15T12:00:00Z"}}, FrontEnd::http);
  EXPECT_EQ(http.query.epoch, parse_iso8601("2026-06-15T12:00:00").value());
  EXPECT_EQ(http.query.frame, OrbitFrame::teme);
  EXPECT_FALSE(http.query.group || http.query.object_type || http.query.orbit_regime);
  EXPECT_EQ(http.format, Format::json);
  EXPECT_FALSE(http.paging.all);
  EXPECT_EQ(http.paging.page, 1);
  EXPECT_EQ(http.paging.per_page, kDefaultPerPage);
  // The CLI gives every row unless asked for a page, as `gp --epoch` does.
  const auto cli = bind_catalog_state({{"epoch", "unix:0"}}, FrontEnd::cli);
  EXPECT_TRUE(cli.paging.all);
  EXPECT_EQ(cli.format, Format::table);
}

TEST(BindCatalogStateTest, FiltersFrameAndPages) {
  const auto bound = bind_catalog_state({{"epoch", "2026-06-15"},
                                         {"group", "STARLINK"},
                                         {"object_type", "payload"},
                                         {"orbit_regime", "leo"},
                                         {"frame", "geodetic"},
                                         {"set", "nearest"},
                                         {"format", "csv"},
                                         {"page", "40"},
                                         {"per_page", "50000"}},
                                        FrontEnd::http);
  EXPECT_EQ(bound.query.group, "starlink");
  EXPECT_EQ(bound.query.object_type, ObjectType::payload);
  EXPECT_EQ(bound.query.orbit_regime, OrbitRegime::leo);
  EXPECT_EQ(bound.query.frame, OrbitFrame::geodetic);
  EXPECT_EQ(bound.format, Format::csv);
  // Far past /gp/epoch's offset limit of 10,000: the catalog bounds these pages.
  EXPECT_EQ(bound.paging.page, 40);
  EXPECT_EQ(bound.paging.per_page, kMaxCatalogStatePerPage);
  const SnapshotQuery members = bound.query.members();
  EXPECT_EQ(members.epoch, bound.query.epoch);
  EXPECT_EQ(members.group, "starlink");
  EXPECT_EQ(members.object_type, ObjectType::payload);
  EXPECT_EQ(members.orbit_regime, OrbitRegime::leo);
}

TEST(BindCatalogStateTest, Refusals) {
  const struct {
    Params params;
    const char* message;
  } rows[] = {
      {{},
       "parameter 'epoch' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>"},
      {{{"epoch", "2026-06-15"}, {"set", "before"}},
       "parameter 'set': the catalog's states come from each object's nearest set; ask one "
       "object's state for the before set"},
      {{{"epoch", "2026-06-15"}, {"set", "closest"}},
       "parameter 'set': 'closest' is not a set choice; use nearest, before or latest"},
      {{{"epoch", "2026-06-15"}, {"search", "ISS"}},
       "parameter 'search' does not apply to the catalog's states; they filter only by group, "
       "object_type and orbit_regime"},
      {{{"epoch", "2026-06-15"}, {"norad_ids", "25544"}},
       "parameter 'norad_ids' does not apply to the catalog's states; they filter only by "
       "group, object_type and orbit_regime"},
      {{{"epoch", "2026-06-15"}, {"group", "moon"}},
       "parameter 'group': 'moon' is not a group; use one of: stations, starlink, oneweb, "
       "gps-ops, glo-ops, galileo, beidou, weather, geo, active, analyst, last-30-days"},
      {{{"epoch", "2026-06-15"}, {"frame", "gcrf"}},
       "parameter 'frame': 'gcrf' is not a frame; use teme, itrf or geodetic"},
      {{{"epoch", "2026-06-15"}, {"format", "tle"}},
       "parameter 'format': 'tle' is not available here; use one of: json, csv"},
      {{{"epoch", "2026-06-15"}, {"per_page", "50001"}},
       "parameter 'per_page': '50001' must be a whole number from 1 to 50000"},
      {{{"epoch", "2026-06-15"}, {"page", "0"}},
       "parameter 'page': '0' must be a whole number from 1 to 1000000"},
      {{{"epoch", "2026-06-15"}, {"sort", "HEIGHT_KM"}},
       "parameter 'sort': 'HEIGHT_KM' is not a field of teme rows; use one of NORAD_CAT_ID, "
       "OBJECT_NAME, SET_EPOCH, SET_AGE_HOURS, X, Y, Z, X_DOT, Y_DOT, Z_DOT"},
      {{{"epoch", "2026-06-15"}, {"frame", "geodetic"}, {"sort", "X"}},
       "parameter 'sort': 'X' is not a field of geodetic rows; use one of NORAD_CAT_ID, "
       "OBJECT_NAME, SET_EPOCH, SET_AGE_HOURS, LATITUDE_DEG, LONGITUDE_DEG, HEIGHT_KM"},
      {{{"epoch", "2026-06-15"}, {"sort", "DATA_SOURCE"}},
       "parameter 'sort': 'DATA_SOURCE' is not a field of teme rows; use one of NORAD_CAT_ID, "
       "OBJECT_NAME, SET_EPOCH, SET_AGE_HOURS, X, Y, Z, X_DOT, Y_DOT, Z_DOT"},
      {{{"epoch", "2026-06-15"}, {"sort", "X"}, {"order", "down"}},
       "parameter 'order': 'down' must be asc or desc"},
  };
  for (const auto& row : rows) {
    EXPECT_GPQ_ERROR(bind_catalog_state(row.params, FrontEnd::http), Errc::bad_request,
                     row.message);
  }
}

TEST(BindCatalogStateTest, SortByAFieldOfTheFramesRows) {
  const auto none = bind_catalog_state({{"epoch", "2026-06-15"}}, FrontEnd::http);
  EXPECT_FALSE(none.query.order);
  const auto height = bind_catalog_state(
      {{"epoch", "2026-06-15"}, {"frame", "geodetic"}, {"sort", "height_km"}}, FrontEnd::http);
  ASSERT_TRUE(height.query.order);
  EXPECT_EQ(height.query.order->field, StateSortField::height_km);
  EXPECT_FALSE(height.query.order->descending);
  const auto falling = bind_catalog_state(
      {{"epoch", "2026-06-15"}, {"sort", "Z_DOT"}, {"order", "DESC"}}, FrontEnd::cli);
  ASSERT_TRUE(falling.query.order);
  EXPECT_EQ(falling.query.order->field, StateSortField::z_dot);
  EXPECT_TRUE(falling.query.order->descending);
  // `order` alone reverses the snapshot's order, NORAD_CAT_ID.
  const auto reversed =
      bind_catalog_state({{"epoch", "2026-06-15"}, {"order", "desc"}}, FrontEnd::http);
  ASSERT_TRUE(reversed.query.order);
  EXPECT_EQ(reversed.query.order->field, StateSortField::norad_cat_id);
  EXPECT_TRUE(reversed.query.order->descending);
}

// One object's state refuses the catalog's filters rather than ignore them.
TEST(BindCatalogStateTest, OneObjectsStateRefusesTheFilters) {
  EXPECT_GPQ_ERROR(
      bind_state("25544", {{"epoch", "2026-06-15"}, {"group", "stations"}}, FrontEnd::http),
      Errc::bad_request,
      "parameter 'group' does not apply to one object's state; ask the catalog's states "
      "(/state, gpq state --all) to filter objects");
  EXPECT_GPQ_ERROR(bind_state("25544", {{"epoch", "2026-06-15"}, {"sort", "X"}}, FrontEnd::cli),
                   Errc::bad_request,
                   "parameter 'sort' orders the catalog's states (/state, gpq state --all); one "
                   "object's state has no order");
}

}  // namespace
}  // namespace gpq
