// omm_fields: the number shapes of both upstreams, and the validation rules every
// OMM parser shares (bounds, slack on angles, defaults, TLE-only records).
#include "sync/parse/omm_fields.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/collecting_sink.h"

namespace gpq::sync {
namespace {

TEST(OmmFieldsTest, ParseNumberReadsEveryUpstreamShape) {
  const struct {
    const char* text;
    std::optional<double> value;
  } rows[] = {
      {".00047365", 0.00047365},
      {"0.00047365", 0.00047365},
      {".1642946E-3", 0.0001642946},
      {"7.689e-5", 7.689e-5},
      {"-7.689e-5", -7.689e-5},
      {"-.11825E-3", -0.00011825},
      {"+.5", 0.5},
      {"0", 0.0},
      {"-0", 0.0},
      {"0.0000000000000", 0.0},
      {" 15.49245192 ", 15.49245192},
      {"\t51.6317\r\n", 51.6317},
      {"25544", 25544.0},
      {"999999999", 999999999.0},
      {"1.", 1.0},
      {"1E+2", 100.0},
      {"", std::nullopt},
      {"   ", std::nullopt},
      {".", std::nullopt},
      {"-", std::nullopt},
      {"+", std::nullopt},
      {".e5", std::nullopt},
      {"e5", std::nullopt},
      {"+-5", std::nullopt},
      {"--5", std::nullopt},
      {"1.2.3", std::nullopt},
      {"51.6x17", std::nullopt},
      {"0x10", std::nullopt},
      {"NaN", std::nullopt},
      {"nan", std::nullopt},
      {"inf", std::nullopt},
      {"-Infinity", std::nullopt},
      {"1e999", std::nullopt},
      {"1 000", std::nullopt},
      {"1,5", std::nullopt},
      {"A0245", std::nullopt},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(parse_number(row.text), row.value) << "'" << row.text << "'";
  }
  EXPECT_EQ(parse_number(std::string(60, '1')), std::nullopt) << "over-long text";
}

// The ISS set of docs/FORMATS.md 3.1, field by field, with some values replaced ("" = absent).
OmmFields iss(const std::vector<std::pair<OmmKey, const char*>>& changes,
              std::vector<std::string>& keep) {
  std::vector<std::pair<OmmKey, const char*>> values = {
      {OmmKey::object_name, "ISS (ZARYA)"},
      {OmmKey::object_id, "1998-067A"},
      {OmmKey::epoch, "2026-09-23T10:22:36.196896"},
      {OmmKey::mean_motion, "15.49245192"},
      {OmmKey::eccentricity, ".00047365"},
      {OmmKey::inclination, "51.6317"},
      {OmmKey::ra_of_asc_node, "173.8582"},
      {OmmKey::arg_of_pericenter, "172.3976"},
      {OmmKey::mean_anomaly, "187.7085"},
      {OmmKey::norad_cat_id, "25544"},
  };
  for (const auto& change : changes) {
    bool replaced = false;
    for (auto& value : values) {
      if (value.first == change.first) {
        value.second = change.second;
        replaced = true;
      }
    }
    if (!replaced) {
      values.push_back(change);
    }
  }
  keep.clear();
  keep.reserve(values.size());
  OmmFields fields;
  for (const auto& [key, text] : values) {
    if (*text != '\0') {
      keep.emplace_back(text);
      fields.set(key, keep.back());
    }
  }
  return fields;
}

TEST(OmmFieldsTest, AnglesAtTheirBoundsAndWithinTheSlackAreClamped) {
  const struct {
    OmmKey key;
    const char* text;
    double stored;
  } rows[] = {
      {OmmKey::mean_anomaly, "0", 0},
      {OmmKey::mean_anomaly, "360", 360},
      {OmmKey::mean_anomaly, "360.0000004", 360},
      {OmmKey::ra_of_asc_node, "-0.0000004", 0},
      {OmmKey::ra_of_asc_node, "-0", 0},
      {OmmKey::arg_of_pericenter, "360.0000", 360},
      {OmmKey::inclination, "180.0000009", 180},
      {OmmKey::inclination, "-0.0000001", 0},
      {OmmKey::eccentricity, "0", 0},
      {OmmKey::eccentricity, ".9999999", 0.9999999},
  };
  std::vector<std::string> keep;
  for (const auto& row : rows) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(
        build_element_set(iss({{row.key, row.text}}, keep), DataSource::celestrak, {}, set, error))
        << row.text << ": " << error;
    const double stored = row.key == OmmKey::mean_anomaly        ? set.mean_anomaly
                          : row.key == OmmKey::ra_of_asc_node    ? set.ra_of_asc_node
                          : row.key == OmmKey::arg_of_pericenter ? set.arg_of_pericenter
                          : row.key == OmmKey::inclination       ? set.inclination
                                                                 : set.eccentricity;
    EXPECT_EQ(stored, row.stored) << row.text;
  }
}

TEST(OmmFieldsTest, DefaultsNamesAndCreationDate) {
  std::vector<std::string> keep;
  const struct {
    const char* name;
    std::vector<std::pair<OmmKey, const char*>> changes;
    std::string expected;  // a few fields of describe(), in its order
  } rows[] = {
      {"defaults", {}, "object_id '1998-067A' rev 0 set 999 type 0 class U creation none"},
      {"UNKNOWN designator",
       {{OmmKey::object_id, "UNKNOWN"}},
       "object_id '' rev 0 set 999 type 0 class U creation none"},
      {"blank optional values",
       {{OmmKey::rev_at_epoch, " "}, {OmmKey::classification_type, ""}, {OmmKey::bstar, " "}},
       "object_id '1998-067A' rev 0 set 999 type 0 class U creation none"},
      {"given values",
       {{OmmKey::rev_at_epoch, "58698"},
        {OmmKey::element_set_no, "12"},
        {OmmKey::ephemeris_type, "2"},
        {OmmKey::classification_type, "C"},
        {OmmKey::creation_date, "2026-09-23T12:06:10"}},
       "object_id '1998-067A' rev 58698 set 12 type 2 class C creation 2026-09-23T12:06:10.000000"},
      {"metadata as CelesTrak's KVN writes it",
       {{OmmKey::ref_frame, "TEME"},
        {OmmKey::time_system, "UTC"},
        {OmmKey::mean_element_theory, "SGP/SGP4"}},
       "object_id '1998-067A' rev 0 set 999 type 0 class U creation none"},
      {"SGP4-XP is kept as EPHEMERIS_TYPE 4",
       {{OmmKey::mean_element_theory, "SGP4-XP"}},
       "object_id '1998-067A' rev 0 set 999 type 4 class U creation none"},
      {"SGP4-XP with its EPHEMERIS_TYPE",
       {{OmmKey::mean_element_theory, "SGP4-XP"}, {OmmKey::ephemeris_type, "4"}},
       "object_id '1998-067A' rev 0 set 999 type 4 class U creation none"},
  };
  for (const auto& row : rows) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(build_element_set(iss(row.changes, keep), DataSource::spacetrack, {}, set, error))
        << row.name << ": " << error;
    const std::string got =
        "object_id '" + set.object_id + "' rev " + std::to_string(set.rev_at_epoch) + " set " +
        std::to_string(set.element_set_no) + " type " + std::to_string(set.ephemeris_type) +
        " class " + set.classification_type + " creation " +
        (set.creation_date ? format_iso8601_micros(*set.creation_date) : "none");
    EXPECT_EQ(got, row.expected) << row.name;
    EXPECT_EQ(set.source, DataSource::spacetrack) << row.name;
  }
}

TEST(OmmFieldsTest, BadValuesNameTheFieldAndQuoteTheValue) {
  std::vector<std::string> keep;
  const struct {
    std::vector<std::pair<OmmKey, const char*>> changes;
    const char* error;
  } rows[] = {
      {{{OmmKey::norad_cat_id, ""}}, "NORAD_CAT_ID is missing"},
      {{{OmmKey::norad_cat_id, "1000000000"}},
       "NORAD_CAT_ID '1000000000' is out of range: must be at least 1 and at most 999999999"},
      {{{OmmKey::epoch, ""}}, "EPOCH is missing"},
      {{{OmmKey::epoch, "yesterday"}}, "EPOCH 'yesterday' is not an ISO 8601 time"},
      {{{OmmKey::eccentricity, "1"}},
       "ECCENTRICITY '1' is out of range: must be at least 0 and below 1"},
      {{{OmmKey::inclination, "180.001"}},
       "INCLINATION '180.001' is out of range: must be at least 0 and at most 180"},
      {{{OmmKey::mean_motion, "-15.5"}},
       "MEAN_MOTION '-15.5' is out of range: must be above 0 and below 100"},
      {{{OmmKey::ephemeris_type, "10"}},
       "EPHEMERIS_TYPE '10' is out of range: must be at least 0 and at most 9"},
      {{{OmmKey::element_set_no, "9.5"}}, "ELEMENT_SET_NO '9.5' is not a whole number"},
      {{{OmmKey::rev_at_epoch, "-1"}},
       "REV_AT_EPOCH '-1' is out of range: must be at least 0 and at most 999999999"},
      {{{OmmKey::mean_motion_dot, "7235"}},
       "MEAN_MOTION_DOT '7235' is out of range: must be above -1 and below 1"},
      {{{OmmKey::mean_motion_dot, "-1"}},
       "MEAN_MOTION_DOT '-1' is out of range: must be above -1 and below 1"},
      {{{OmmKey::ref_frame, "EME2000"}},
       "REF_FRAME 'EME2000' is not TEME: gpq stores only TEME, UTC, SGP4 mean elements"},
      {{{OmmKey::time_system, "TAI"}},
       "TIME_SYSTEM 'TAI' is not UTC: gpq stores only TEME, UTC, SGP4 mean elements"},
      {{{OmmKey::mean_element_theory, "DSST"}},
       "MEAN_ELEMENT_THEORY 'DSST' is not SGP4 or SGP4-XP: gpq stores only TEME, UTC, SGP4 mean "
       "elements"},
      {{{OmmKey::mean_element_theory, "SGP4-XP"}, {OmmKey::ephemeris_type, "0"}},
       "MEAN_ELEMENT_THEORY SGP4-XP contradicts EPHEMERIS_TYPE 0"},
      {{{OmmKey::creation_date, "2026-09-23 noon"}},
       "CREATION_DATE '2026-09-23 noon' is not an ISO 8601 time"},
  };
  for (const auto& row : rows) {
    ElementSet set;
    std::string error;
    EXPECT_FALSE(build_element_set(iss(row.changes, keep), DataSource::celestrak, {}, set, error))
        << row.error;
    EXPECT_EQ(error, row.error);
  }
}

}  // namespace
}  // namespace gpq::sync
