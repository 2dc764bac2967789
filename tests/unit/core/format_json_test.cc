// JSON output: the exact record of docs/FORMATS.md's T1 (ISS), string escaping, epoch
// rounding, and the envelopes around records (pagination, meta, adjacent, range).
#include <string>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/time.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;
using test::iss;

constexpr std::string_view kIssJson =
    R"x({"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","NORAD_CAT_ID":25544,)x"
    R"("EPOCH":"2026-05-23T19:25:57.298Z","MEAN_MOTION":15.4933465,"ECCENTRICITY":0.000752,)"
    R"("INCLINATION":51.6325,"RA_OF_ASC_NODE":60.7811,"ARG_OF_PERICENTER":90.7634,)"
    R"("MEAN_ANOMALY":269.4217,"BSTAR":0.00013771,"MEAN_MOTION_DOT":7.235e-05,)"
    R"("MEAN_MOTION_DDOT":0,"REV_AT_EPOCH":56797,"CLASSIFICATION_TYPE":"U",)"
    R"("ELEMENT_SET_NO":999,"PERIOD_MINUTES":92.943,"APOGEE_KM":423.784,)"
    R"("PERIGEE_KM":413.562,"SEMI_MAJOR_AXIS_KM":6796.808,"DATA_SOURCE":"celestrak",)"
    R"("CREATION_DATE":null,"_collected_at":"2026-05-24T06:00:00.000Z"})";

std::string json_of(const ElementSet& set) {
  std::string out;
  write_set(Format::json, set, out);
  return out;
}

// The value after `"KEY":` up to the next `,"` or the closing brace.
std::string field(const std::string& json, std::string_view key) {
  const std::string start = "\"" + std::string(key) + "\":";
  const std::size_t begin = json.find(start);
  if (begin == std::string::npos) {
    return "<missing>";
  }
  const std::size_t from = begin + start.size();
  std::size_t end = json.find(",\"", from);
  if (end == std::string::npos) {
    end = json.rfind('}');
  }
  return json.substr(from, end - from);
}

TEST(FormatJsonTest, IssRecordIsExactInSpecOrder) {
  EXPECT_EQ(json_of(iss()), kIssJson);
}

TEST(FormatJsonTest, ListIsABareArrayOfRecords) {
  std::string out;
  const auto writer = make_set_list_writer(Format::json);
  writer->begin(out);
  writer->end(out);
  EXPECT_EQ(out, "[]");

  out.clear();
  writer->begin(out);
  writer->set(iss(), out);
  writer->set(iss(), out);
  writer->end(out);
  EXPECT_EQ(out, "[" + std::string(kIssJson) + "," + std::string(kIssJson) + "]");
}

TEST(FormatJsonTest, UnknownObjectIdIsNullAndCreationDatePrints) {
  ElementSet set = iss();
  set.object_id.clear();
  set.source = DataSource::spacetrack;
  set.creation_date = at("2026-05-23T21:46:11.5");
  const std::string json = json_of(set);
  EXPECT_EQ(field(json, "OBJECT_ID"), "null") << json;
  EXPECT_EQ(field(json, "DATA_SOURCE"), "\"spacetrack\"") << json;
  EXPECT_EQ(field(json, "CREATION_DATE"), "\"2026-05-23T21:46:11.500Z\"") << json;
}

TEST(FormatJsonTest, NumbersAreShortestAndDerivedFieldsHaveThreeDecimals) {
  struct Row {
    const char* text;
    double mean_motion;
    double eccentricity;
    double bstar;
    const char* bstar_json;
    const char* derived;  // PERIOD,APOGEE,PERIGEE,SEMI_MAJOR_AXIS
  };
  const Row rows[] = {
      // docs/FORMATS.md 6.2 and section 9 (VANGUARD 1, LUCH 5A, MOLNIYA 1-83).
      {"vanguard", 10.85017843, 0.18464490, 0, "0", "132.717,3832.015,649.201,8618.743"},
      {"luch", 1.00271734, 0.00030890, -1e-5, "-1e-05", "1436.098,35799.636,35773.587,42164.746"},
      {"molniya", 2.01269994, 0.7421690, -1.3525e-4, "-0.00013525",
       "715.457,39786.149,453.914,26498.166"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.mean_motion = row.mean_motion;
    set.eccentricity = row.eccentricity;
    set.bstar = row.bstar;
    const std::string json = json_of(set);
    EXPECT_EQ(field(json, "BSTAR"), row.bstar_json) << row.text;
    EXPECT_EQ(field(json, "PERIOD_MINUTES") + "," + field(json, "APOGEE_KM") + "," +
                  field(json, "PERIGEE_KM") + "," + field(json, "SEMI_MAJOR_AXIS_KM"),
              row.derived)
        << row.text;
  }
}

TEST(FormatJsonTest, NamesAreEscaped) {
  struct Row {
    const char* text;
    std::string name;
    std::string json;
  };
  const Row rows[] = {
      {"plain", "ISS (ZARYA)", R"x("ISS (ZARYA)")x"},
      {"quote", R"(SAT "X")", R"("SAT \"X\"")"},
      {"backslash", R"(A\B)", R"("A\\B")"},
      {"newline tab return", "A\nB\tC\rD", R"("A\nB\tC\rD")"},
      {"other control", std::string{'A', '\x01', 'B', '\x1f', 'C', '\b'},
       R"("A\u0001B\u001fC\u0008")"},
      {"nul", std::string("A\0B", 3), R"("A\u0000B")"},
      {"utf-8 passes through", "\xC3\x89TOILE \xE2\x98\x85 \xF0\x9F\x9B\xB0",
       "\"\xC3\x89TOILE \xE2\x98\x85 \xF0\x9F\x9B\xB0\""},
      {"slash and angle brackets stay", "A/B <C>", R"("A/B <C>")"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.object_name = row.name;
    EXPECT_EQ(field(json_of(set), "OBJECT_NAME"), row.json) << row.text;
  }
}

TEST(FormatJsonTest, EpochRoundsToTheMillisecondWithCarry) {
  struct Row {
    const char* epoch;
    const char* json;
  };
  const Row rows[] = {
      {"2026-05-23T19:25:57.298080", "\"2026-05-23T19:25:57.298Z\""},
      {"2026-12-31T23:59:59.9996", "\"2027-01-01T00:00:00.000Z\""},
      {"2026-12-31T23:59:59.9995", "\"2027-01-01T00:00:00.000Z\""},  // half up
      {"2026-12-31T23:59:59.999499", "\"2026-12-31T23:59:59.999Z\""},
      {"2024-02-28T23:59:59.99951", "\"2024-02-29T00:00:00.000Z\""},   // leap day
      {"1994-11-01T11:59:59.999136", "\"1994-11-01T11:59:59.999Z\""},  // T5 WIND
      {"1994-11-01T11:59:59.999536", "\"1994-11-01T12:00:00.000Z\""},
      {"1970-01-01T00:00:00.0004", "\"1970-01-01T00:00:00.000Z\""},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.epoch = at(row.epoch);
    EXPECT_EQ(field(json_of(set), "EPOCH"), row.json) << row.epoch;
  }
}

TEST(FormatJsonTest, PageEnvelope) {
  HistoryMeta meta{25544, "ISS (ZARYA)", at("2026-05-01T00:00:00.0001"),
                   at("2026-05-23T19:25:57.298080"), 42};
  struct Row {
    const char* text;
    PageInfo page;
    std::string next;
    std::string prev;
    const HistoryMeta* meta;
    std::string json;
  };
  const Row rows[] = {
      {"first of three pages",
       {250, 1, 100, 3},
       "http://localhost:8080/api/v1/gp?search=iss&page=2",
       "",
       nullptr,
       R"({"data":[],"pagination":{"total":250,"page":1,"per_page":100,"total_pages":3,)"
       R"("next":"http://localhost:8080/api/v1/gp?search=iss&page=2","prev":null}})"},
      {"middle page",
       {250, 2, 100, 3},
       "http://h/api/v1/gp?page=3",
       "http://h/api/v1/gp?page=1",
       nullptr,
       R"({"data":[],"pagination":{"total":250,"page":2,"per_page":100,"total_pages":3,)"
       R"("next":"http://h/api/v1/gp?page=3","prev":"http://h/api/v1/gp?page=1"}})"},
      {"empty result with history meta",
       {0, 1, 100, 0},
       "",
       "",
       &meta,
       R"({"data":[],"pagination":{"total":0,"page":1,"per_page":100,"total_pages":0,)"
       R"x("next":null,"prev":null},"meta":{"norad_id":25544,"object_name":"ISS (ZARYA)",)x"
       R"("earliest_epoch":"2026-05-01T00:00:00.000Z",)"
       R"("latest_epoch":"2026-05-23T19:25:57.298Z","total_elsets":42}})"},
  };
  for (const Row& row : rows) {
    std::string out;
    write_page_envelope("[]", row.page, row.next, row.prev, row.meta, out);
    EXPECT_EQ(out, row.json) << row.text;
  }
}

TEST(FormatJsonTest, MetaWithoutEpochsPrintsNulls) {
  const HistoryMeta meta{5, "VANGUARD \"1\"", std::nullopt, std::nullopt, 0};
  std::string out;
  write_pagination_tail({0, 1, 10, 0}, &meta, out);
  EXPECT_EQ(out, R"(,"pagination":{"total":0,"page":1,"per_page":10,"total_pages":0,"next":null,)"
                 R"("prev":null},"meta":{"norad_id":5,"object_name":"VANGUARD \"1\"",)"
                 R"("earliest_epoch":null,"latest_epoch":null,"total_elsets":0}})");
}

TEST(FormatJsonTest, StreamedArrayPlusTailEqualsTheEnvelope) {
  std::string streamed = "{\"data\":";
  const auto writer = make_set_list_writer(Format::json);
  writer->begin(streamed);
  writer->set(iss(), streamed);
  writer->end(streamed);
  write_pagination_tail({1, 1, 100, 1}, nullptr, streamed);

  std::string whole;
  write_page_envelope("[" + std::string(kIssJson) + "]", {1, 1, 100, 1}, "", "", nullptr, whole);
  EXPECT_EQ(streamed, whole);
  EXPECT_EQ(whole, R"({"data":[)" + std::string(kIssJson) +
                       R"(],"pagination":{"total":1,"page":1,"per_page":100,"total_pages":1,)"
                       R"("next":null,"prev":null}})");
}

TEST(FormatJsonTest, NextUrlIsEscapedAsAJsonString) {
  std::string out;
  write_page_envelope("[]", {1, 1, 1, 1}, "http://h/gp?search=a\"b", "", nullptr, out);
  EXPECT_NE(out.find(R"("next":"http://h/gp?search=a\"b")"), std::string::npos) << out;
}

TEST(FormatJsonTest, Adjacent) {
  ElementSet after = iss();
  after.epoch = at("2026-05-24T07:25:57.298080");
  struct Row {
    const char* text;
    Adjacent adjacent;
    std::string json;
  };
  const Row rows[] = {
      {"both sides",
       {iss(), after, 12.0},
       R"({"before":)" + std::string(kIssJson) + R"(,"after":)" + json_of(after) +
           R"(,"gap_hours":12})"},
      {"before only",
       {iss(), std::nullopt, std::nullopt},
       R"({"before":)" + std::string(kIssJson) + R"(,"after":null,"gap_hours":null})"},
      {"after only",
       {std::nullopt, iss(), std::nullopt},
       R"({"before":null,"after":)" + std::string(kIssJson) + R"(,"gap_hours":null})"},
      {"fractional gap",
       {iss(), after, 1.5},
       R"({"before":)" + std::string(kIssJson) + R"(,"after":)" + json_of(after) +
           R"(,"gap_hours":1.5})"},
  };
  for (const Row& row : rows) {
    std::string out;
    write_adjacent_json(row.adjacent, out);
    EXPECT_EQ(out, row.json) << row.text;
  }
}

TEST(FormatJsonTest, Range) {
  std::string out;
  write_range_json(
      {25544, 58123, 29, at("1998-11-21T06:49:59.999999"), at("2026-05-23T19:25:57.298080")}, out);
  EXPECT_EQ(out, R"({"norad_id":25544,"total_elsets":58123,"year_files":29,)"
                 R"("earliest_epoch":"1998-11-21T06:50:00.000Z",)"
                 R"("latest_epoch":"2026-05-23T19:25:57.298Z"})");
}

}  // namespace
}  // namespace gpq
