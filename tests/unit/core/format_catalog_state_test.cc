// The writers of the catalog's states, byte for byte: each row the object `gpq state` writes,
// a row without a state with null coordinates (empty CSV cells, "-" in a table) and ERROR, and
// the envelope's pagination and meta.
#include <limits>

#include <gtest/gtest.h>

#include "gpq/orbit_format.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

class CatalogStateFormatTest : public ::testing::Test {
 protected:
  CatalogStateFormatTest() {
    query_.epoch = at("2026-05-23T21:25:57.298080");
    iss_ = test::iss();
    lost_ = test::iss();
    lost_.norad_id = 81011;
    lost_.object_name = "LOST, FOUND";
    lost_.object_id.clear();
    lost_.source = DataSource::spacetrack;
    lost_.epoch = at("2026-04-01T00:00:00");
  }

  std::vector<CatalogStateRow> rows() const {
    CatalogStateRow good;
    good.set = &iss_;
    good.point.epoch = query_.epoch;
    good.point.set_epoch = iss_.epoch;
    good.point.position_km = {6000.125, -2.5, 3};
    good.point.velocity_km_s = {0.5, 0, -7.25};
    CatalogStateRow bad;
    bad.set = &lost_;
    bad.point.epoch = query_.epoch;
    bad.point.set_epoch = lost_.epoch;
    bad.point.position_km = {kNone, kNone, kNone};
    bad.point.velocity_km_s = {kNone, kNone, kNone};
    bad.error = "NORAD 81011: too far";
    return {good, bad};
  }

  std::string written(Format format) const {
    const auto writer = make_catalog_state_writer(format, query_);
    std::string out;
    writer->begin(out);
    const std::vector<CatalogStateRow> all = rows();
    // In two runs, as the whole catalog comes in chunks: the comma still goes between them.
    writer->rows(std::span(all).first(1), out);
    writer->rows(std::span(all).subspan(1), out);
    CatalogStatePage page{{2, 1, 100, 1}, 1, 1};
    writer->end(page, "", "http://h/api/v1/state?epoch=x&page=0", out);
    return out;
  }

  CatalogStateQuery query_;
  ElementSet iss_;
  ElementSet lost_;
};

TEST_F(CatalogStateFormatTest, JsonRowsAreTheStatesOfOneObject) {
  EXPECT_EQ(written(Format::json),
            "{\"data\":[{\"NORAD_CAT_ID\":25544,\"OBJECT_NAME\":\"ISS (ZARYA)\","
            "\"OBJECT_ID\":\"1998-067A\",\"REF_FRAME\":\"TEME\",\"CENTER_NAME\":\"EARTH\","
            "\"TIME_SYSTEM\":\"UTC\",\"EPOCH\":\"2026-05-23T21:25:57.298Z\",\"X\":6000.125,"
            "\"Y\":-2.5,\"Z\":3,\"X_DOT\":0.5,\"Y_DOT\":0,\"Z_DOT\":-7.25,"
            "\"SET_EPOCH\":\"2026-05-23T19:25:57.298Z\",\"SET_AGE_HOURS\":2,"
            "\"SET_CHOICE\":\"nearest\",\"DATA_SOURCE\":\"celestrak\"},"
            "{\"NORAD_CAT_ID\":81011,\"OBJECT_NAME\":\"LOST, FOUND\",\"OBJECT_ID\":null,"
            "\"REF_FRAME\":\"TEME\",\"CENTER_NAME\":\"EARTH\",\"TIME_SYSTEM\":\"UTC\","
            "\"EPOCH\":\"2026-05-23T21:25:57.298Z\",\"X\":null,\"Y\":null,\"Z\":null,"
            "\"X_DOT\":null,\"Y_DOT\":null,\"Z_DOT\":null,"
            "\"SET_EPOCH\":\"2026-04-01T00:00:00.000Z\",\"SET_AGE_HOURS\":1269.4325828,"
            "\"SET_CHOICE\":\"nearest\",\"DATA_SOURCE\":\"spacetrack\","
            "\"ERROR\":\"NORAD 81011: too far\"}],"
            "\"pagination\":{\"total\":2,\"page\":1,\"per_page\":100,\"total_pages\":1,"
            "\"next\":null,\"prev\":\"http://h/api/v1/state?epoch=x&page=0\"},"
            "\"meta\":{\"epoch\":\"2026-05-23T21:25:57.298Z\",\"frame\":\"teme\","
            "\"ref_frame\":\"TEME\",\"center_name\":\"EARTH\",\"time_system\":\"UTC\","
            "\"set_choice\":\"nearest\",\"states\":1,\"errors\":1}}");
}

TEST_F(CatalogStateFormatTest, CsvHasTheStateColumnsAndError) {
  EXPECT_EQ(written(Format::csv),
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,REF_FRAME,EPOCH,X,Y,Z,X_DOT,Y_DOT,Z_DOT,SET_EPOCH,"
            "SET_AGE_HOURS,SET_CHOICE,DATA_SOURCE,ERROR\n"
            "25544,ISS (ZARYA),1998-067A,TEME,2026-05-23T21:25:57.298Z,6000.125,-2.5,3,0.5,0,"
            "-7.25,2026-05-23T19:25:57.298Z,2,nearest,celestrak,\n"
            "81011,\"LOST, FOUND\",,TEME,2026-05-23T21:25:57.298Z,,,,,,,"
            "2026-04-01T00:00:00.000Z,1269.4325828,nearest,spacetrack,NORAD 81011: too far\n");
}

// A long run is written in parts on several threads: the same text as row by row.
TEST_F(CatalogStateFormatTest, ALongRunIsTheSameTextAsRowByRow) {
  std::vector<CatalogStateRow> many;
  for (int i = 0; i < 5000; ++i) {
    many.push_back(rows()[static_cast<std::size_t>(i % 2)]);
    many.back().point.position_km[0] = i * 1.25;
  }
  for (const Format format : {Format::json, Format::csv}) {
    std::string at_once;
    std::string one_by_one;
    const auto whole = make_catalog_state_writer(format, query_);
    const auto single = make_catalog_state_writer(format, query_);
    whole->begin(at_once);
    single->begin(one_by_one);
    whole->rows(many, at_once);
    for (std::size_t i = 0; i < many.size(); ++i) {
      single->rows(std::span(many).subspan(i, 1), one_by_one);
    }
    EXPECT_EQ(at_once, one_by_one) << to_string(format);
    EXPECT_GT(at_once.size(), 5000U * 100);
  }
}

TEST_F(CatalogStateFormatTest, TableShowsADashForWhatARowLacks) {
  EXPECT_EQ(written(Format::table),
            "NORAD  NAME         EPOCH                            X       Y      Z     X_DOT  "
            "   Y_DOT      Z_DOT  SET_EPOCH                 SET_AGE_H\n"
            "25544  ISS (ZARYA)  2026-05-23T21:25:57.298Z  6000.125  -2.500  3.000  0.500000  "
            "0.000000  -7.250000  2026-05-23T19:25:57.298Z       2.00\n"
            "81011  LOST, FOUND  2026-05-23T21:25:57.298Z         -       -      -         -  "
            "       -          -  2026-04-01T00:00:00.000Z    1269.43\n");
}

}  // namespace
}  // namespace gpq
