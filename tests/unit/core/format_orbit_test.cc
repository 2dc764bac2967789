// The writers of states, ephemerides and passes, byte for byte on small made-up answers: the
// field names and order of docs/ORBIT.md, CCSDS OEM 3.0 KVN with one segment per set, nulls
// for what a pass lacks.
#include <gtest/gtest.h>

#include "gpq/orbit_format.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;

OrbitPoint point(const char* epoch, double x, const char* set_epoch) {
  OrbitPoint p;
  p.epoch = at(epoch);
  p.position_km = {x, -2.5, 3};
  p.velocity_km_s = {0.5, 0, -7.25};
  p.latitude_deg = 51.5;
  p.longitude_deg = -0.125;
  p.height_km = 420.5;
  p.set_epoch = at(set_epoch);
  return p;
}

StateAnswer state(OrbitFrame frame) {
  StateAnswer answer;
  answer.set = test::iss();
  answer.frame = frame;
  answer.choice = SetChoice::nearest;
  answer.point = point("2026-05-23T21:25:57.298080", 6000.125, "2026-05-23T19:25:57.298080");
  return answer;
}

TEST(StateFormatTest, JsonCartesianAndGeodetic) {
  std::string out;
  write_state(Format::json, state(OrbitFrame::teme), out);
  EXPECT_EQ(out,
            "{\"NORAD_CAT_ID\":25544,\"OBJECT_NAME\":\"ISS (ZARYA)\",\"OBJECT_ID\":\"1998-067A\","
            "\"REF_FRAME\":\"TEME\",\"CENTER_NAME\":\"EARTH\",\"TIME_SYSTEM\":\"UTC\","
            "\"EPOCH\":\"2026-05-23T21:25:57.298Z\",\"X\":6000.125,\"Y\":-2.5,\"Z\":3,"
            "\"X_DOT\":0.5,\"Y_DOT\":0,\"Z_DOT\":-7.25,\"SET_EPOCH\":\"2026-05-23T19:25:57.298Z\","
            "\"SET_AGE_HOURS\":2,\"SET_CHOICE\":\"nearest\",\"DATA_SOURCE\":\"celestrak\"}");
  out.clear();
  write_state(Format::json, state(OrbitFrame::geodetic), out);
  EXPECT_EQ(out,
            "{\"NORAD_CAT_ID\":25544,\"OBJECT_NAME\":\"ISS (ZARYA)\",\"OBJECT_ID\":\"1998-067A\","
            "\"REF_FRAME\":\"ITRF\",\"ELLIPSOID\":\"WGS-84\",\"CENTER_NAME\":\"EARTH\","
            "\"TIME_SYSTEM\":\"UTC\",\"EPOCH\":\"2026-05-23T21:25:57.298Z\",\"LATITUDE_DEG\":51.5,"
            "\"LONGITUDE_DEG\":-0.125,\"HEIGHT_KM\":420.5,"
            "\"SET_EPOCH\":\"2026-05-23T19:25:57.298Z\",\"SET_AGE_HOURS\":2,"
            "\"SET_CHOICE\":\"nearest\",\"DATA_SOURCE\":\"celestrak\"}");
}

TEST(StateFormatTest, CsvHeaderAndRow) {
  std::string out;
  write_state(Format::csv, state(OrbitFrame::itrf), out);
  EXPECT_EQ(out,
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,REF_FRAME,EPOCH,X,Y,Z,X_DOT,Y_DOT,Z_DOT,SET_EPOCH,"
            "SET_AGE_HOURS,SET_CHOICE,DATA_SOURCE\n"
            "25544,ISS (ZARYA),1998-067A,ITRF,2026-05-23T21:25:57.298Z,6000.125,-2.5,3,0.5,0,-7.25,"
            "2026-05-23T19:25:57.298Z,2,nearest,celestrak\n");
}

EphemerisPlan two_set_plan(OrbitFrame frame) {
  EphemerisPlan plan;
  plan.norad_id = 25544;
  plan.object_name = "ISS (ZARYA)";
  plan.object_id = "1998-067A";
  plan.query.norad_id = 25544;
  plan.query.start = at("2026-06-15T00:00:00");
  plan.query.end = at("2026-06-15T00:02:00");
  plan.query.step_micros = 60 * kMicrosPerSecond;
  plan.query.frame = frame;
  plan.page = {3, 1, 3, 1};
  plan.points = 3;
  plan.created = at("2026-06-20T08:00:00");
  plan.sets = {{at("2026-06-14T23:00:00"), DataSource::celestrak, at("2026-06-15T00:00:00"),
                at("2026-06-15T00:01:00"), 2},
               {at("2026-06-15T02:00:00.5"), DataSource::spacetrack, at("2026-06-15T00:02:00"),
                at("2026-06-15T00:02:00"), 1}};
  return plan;
}

std::string written(Format format, const EphemerisPlan& plan) {
  EphemerisWriterOptions options;
  options.next = "http://h/api/v1/gp/25544/ephemeris?page=2";
  const auto writer = make_ephemeris_writer(format, options);
  std::string out;
  writer->begin(plan, out);
  writer->segment(plan.sets[0], out);
  writer->point(point("2026-06-15T00:00:00", 1, "2026-06-14T23:00:00"), out);
  writer->point(point("2026-06-15T00:01:00", 2, "2026-06-14T23:00:00"), out);
  writer->segment(plan.sets[1], out);
  writer->point(point("2026-06-15T00:02:00", 3, "2026-06-15T02:00:00.5"), out);
  writer->end(out);
  return out;
}

TEST(EphemerisFormatTest, OemHasASegmentPerSet) {
  EXPECT_EQ(written(Format::oem, two_set_plan(OrbitFrame::teme)),
            "CCSDS_OEM_VERS = 3.0\n"
            "COMMENT SGP4 states of NORAD 25544 from the element sets of a gpq mirror\n"
            "COMMENT each segment is propagated from the set named in its first comment\n"
            "CREATION_DATE = 2026-06-20T08:00:00.000000\n"
            "ORIGINATOR = gpq\n"
            "\n"
            "META_START\n"
            "COMMENT element set EPOCH 2026-06-14T23:00:00.000000 DATA_SOURCE celestrak\n"
            "OBJECT_NAME = ISS (ZARYA)\n"
            "OBJECT_ID = 1998-067A\n"
            "CENTER_NAME = EARTH\n"
            "REF_FRAME = TEME\n"
            "TIME_SYSTEM = UTC\n"
            "START_TIME = 2026-06-15T00:00:00.000000\n"
            "STOP_TIME = 2026-06-15T00:01:00.000000\n"
            "META_STOP\n"
            "\n"
            "2026-06-15T00:00:00.000000 1.000000 -2.500000 3.000000 0.500000000 0.000000000 "
            "-7.250000000\n"
            "2026-06-15T00:01:00.000000 2.000000 -2.500000 3.000000 0.500000000 0.000000000 "
            "-7.250000000\n"
            "\n"
            "META_START\n"
            "COMMENT element set EPOCH 2026-06-15T02:00:00.500000 DATA_SOURCE spacetrack\n"
            "OBJECT_NAME = ISS (ZARYA)\n"
            "OBJECT_ID = 1998-067A\n"
            "CENTER_NAME = EARTH\n"
            "REF_FRAME = TEME\n"
            "TIME_SYSTEM = UTC\n"
            "START_TIME = 2026-06-15T00:02:00.000000\n"
            "STOP_TIME = 2026-06-15T00:02:00.000000\n"
            "META_STOP\n"
            "\n"
            "2026-06-15T00:02:00.000000 3.000000 -2.500000 3.000000 0.500000000 0.000000000 "
            "-7.250000000\n");
}

TEST(EphemerisFormatTest, JsonEnvelopeListsTheSets) {
  EXPECT_EQ(
      written(Format::json, two_set_plan(OrbitFrame::geodetic)),
      "{\"data\":[{\"EPOCH\":\"2026-06-15T00:00:00.000Z\",\"LATITUDE_DEG\":51.5,"
      "\"LONGITUDE_DEG\":-0.125,\"HEIGHT_KM\":420.5,\"SET_EPOCH\":\"2026-06-14T23:00:00.000Z\"},"
      "{\"EPOCH\":\"2026-06-15T00:01:00.000Z\",\"LATITUDE_DEG\":51.5,\"LONGITUDE_DEG\":-0.125,"
      "\"HEIGHT_KM\":420.5,\"SET_EPOCH\":\"2026-06-14T23:00:00.000Z\"},"
      "{\"EPOCH\":\"2026-06-15T00:02:00.000Z\",\"LATITUDE_DEG\":51.5,\"LONGITUDE_DEG\":-0.125,"
      "\"HEIGHT_KM\":420.5,\"SET_EPOCH\":\"2026-06-15T02:00:00.500Z\"}],"
      "\"pagination\":{\"total\":3,\"page\":1,\"per_page\":3,\"total_pages\":1,"
      "\"next\":\"http://h/api/v1/gp/25544/ephemeris?page=2\",\"prev\":null},"
      "\"meta\":{\"norad_id\":25544,\"object_name\":\"ISS (ZARYA)\",\"object_id\":\"1998-067A\","
      "\"ref_frame\":\"ITRF\",\"frame\":\"geodetic\",\"center_name\":\"EARTH\","
      "\"time_system\":\"UTC\",\"start\":\"2026-06-15T00:00:00.000Z\","
      "\"end\":\"2026-06-15T00:02:00.000Z\",\"step_seconds\":60,\"sets\":["
      "{\"set_epoch\":\"2026-06-14T23:00:00.000Z\",\"data_source\":\"celestrak\","
      "\"first\":\"2026-06-15T00:00:00.000Z\",\"last\":\"2026-06-15T00:01:00.000Z\",\"points\":2},"
      "{\"set_epoch\":\"2026-06-15T02:00:00.500Z\",\"data_source\":\"spacetrack\","
      "\"first\":\"2026-06-15T00:02:00.000Z\",\"last\":\"2026-06-15T00:02:00.000Z\","
      "\"points\":1}]}}");
}

TEST(EphemerisFormatTest, CsvRows) {
  EXPECT_EQ(written(Format::csv, two_set_plan(OrbitFrame::teme)),
            "EPOCH,X,Y,Z,X_DOT,Y_DOT,Z_DOT,SET_EPOCH\n"
            "2026-06-15T00:00:00.000Z,1,-2.5,3,0.5,0,-7.25,2026-06-14T23:00:00.000Z\n"
            "2026-06-15T00:01:00.000Z,2,-2.5,3,0.5,0,-7.25,2026-06-14T23:00:00.000Z\n"
            "2026-06-15T00:02:00.000Z,3,-2.5,3,0.5,0,-7.25,2026-06-15T02:00:00.500Z\n");
}

TEST(PassesFormatTest, JsonAndCsvWithAPassCutByTheWindow) {
  PassList list;
  list.norad_id = 25544;
  list.object_name = "ISS (ZARYA)";
  list.query.site = {51.5, -0.125, 46};
  list.query.start = at("2026-06-15T00:00:00");
  list.query.end = at("2026-06-16T00:00:00");
  Pass cut;  // already up at the start
  cut.culmination = at("2026-06-15T00:00:00");
  cut.culmination_azimuth_deg = 10;
  cut.culmination_elevation_deg = 12.5;
  cut.culmination_range_km = 1500;
  cut.set = at("2026-06-15T00:01:00");
  cut.set_azimuth_deg = 20;
  cut.set_epoch = at("2026-06-14T23:00:00");
  list.passes = {cut};
  std::string json;
  write_passes(Format::json, list, json);
  EXPECT_EQ(json,
            "{\"data\":[{\"RISE_TIME\":null,\"RISE_AZIMUTH_DEG\":null,"
            "\"CULMINATION_TIME\":\"2026-06-15T00:00:00.000Z\",\"CULMINATION_AZIMUTH_DEG\":10,"
            "\"CULMINATION_ELEVATION_DEG\":12.5,\"CULMINATION_RANGE_KM\":1500,"
            "\"SET_TIME\":\"2026-06-15T00:01:00.000Z\",\"SET_AZIMUTH_DEG\":20,"
            "\"SET_EPOCH\":\"2026-06-14T23:00:00.000Z\"}],"
            "\"meta\":{\"norad_id\":25544,\"object_name\":\"ISS (ZARYA)\",\"latitude_deg\":51.5,"
            "\"longitude_deg\":-0.125,\"altitude_m\":46,\"start\":\"2026-06-15T00:00:00.000Z\","
            "\"end\":\"2026-06-16T00:00:00.000Z\",\"min_elevation_deg\":10,\"passes\":1}}");
  std::string csv;
  write_passes(Format::csv, list, csv);
  EXPECT_EQ(csv,
            "RISE_TIME,RISE_AZIMUTH_DEG,CULMINATION_TIME,CULMINATION_AZIMUTH_DEG,"
            "CULMINATION_ELEVATION_DEG,CULMINATION_RANGE_KM,SET_TIME,SET_AZIMUTH_DEG,SET_EPOCH\n"
            ",,2026-06-15T00:00:00.000Z,10,12.5,1500,2026-06-15T00:01:00.000Z,20,"
            "2026-06-14T23:00:00.000Z\n");
}

}  // namespace
}  // namespace gpq
