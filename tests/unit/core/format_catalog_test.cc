// Catalog output: the full JSON record (13 fields), the list form (8 fields, docs/API.md
// "Catalog record") in JSON and CSV, with nulls for whatever the source did not give.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/format.h"
#include "gpq/time.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;

CatalogRecord iss() {
  CatalogRecord r;
  r.norad_id = 25544;
  r.object_name = "ISS (ZARYA)";
  r.object_id = "1998-067A";
  r.object_type = ObjectType::payload;
  r.ops_status_code = "+";
  r.owner = "ISS";
  r.launch_date = at("1998-11-20");
  r.launch_site = "TYMSC";
  r.period_minutes = 92.94;
  r.inclination_deg = 51.63;
  r.apogee_km = 423;
  r.perigee_km = 413;
  return r;
}

// A record with nothing but its number and name.
CatalogRecord bare() {
  CatalogRecord r;
  r.norad_id = 270449;
  r.object_name = "UNKNOWN";
  return r;
}

CatalogRecord decayed_rocket() {
  CatalogRecord r;
  r.norad_id = 16925;
  r.object_name = "SL-6 R/B(2)";
  r.object_id = "1986-065D";
  r.object_type = ObjectType::rocket_body;
  r.ops_status_code = "D";
  r.owner = "CIS";
  r.launch_date = at("1986-08-28");
  r.launch_site = "PKMTR";
  r.decay_date = at("2006-07-02");
  r.period_minutes = 294.77;
  return r;
}

std::string list(Format format, bool full, const std::vector<CatalogRecord>& records) {
  std::string out;
  const auto writer = make_catalog_list_writer(format, full);
  writer->begin(out);
  for (const CatalogRecord& r : records) {
    writer->record(r, out);
  }
  writer->end(out);
  return out;
}

constexpr std::string_view kIssFull =
    R"x({"NORAD_CAT_ID":25544,"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A",)x"
    R"("OBJECT_TYPE":"PAYLOAD","OPS_STATUS_CODE":"+","OWNER":"ISS",)"
    R"("LAUNCH_DATE":"1998-11-20","LAUNCH_SITE":"TYMSC","DECAY_DATE":null,)"
    R"("PERIOD_MINUTES":92.94,"INCLINATION_DEG":51.63,"APOGEE_KM":423,"PERIGEE_KM":413})";
constexpr std::string_view kBareFull =
    R"({"NORAD_CAT_ID":270449,"OBJECT_NAME":"UNKNOWN","OBJECT_ID":null,"OBJECT_TYPE":null,)"
    R"("OPS_STATUS_CODE":null,"OWNER":null,"LAUNCH_DATE":null,"LAUNCH_SITE":null,)"
    R"("DECAY_DATE":null,"PERIOD_MINUTES":null,"INCLINATION_DEG":null,"APOGEE_KM":null,)"
    R"("PERIGEE_KM":null})";
constexpr std::string_view kIssShort =
    R"x({"NORAD_CAT_ID":25544,"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A",)x"
    R"("OBJECT_TYPE":"PAYLOAD","OPS_STATUS_CODE":"+","OWNER":"ISS",)"
    R"("LAUNCH_DATE":"1998-11-20","DECAY_DATE":null})";
constexpr std::string_view kBareShort =
    R"({"NORAD_CAT_ID":270449,"OBJECT_NAME":"UNKNOWN","OBJECT_ID":null,"OBJECT_TYPE":null,)"
    R"("OPS_STATUS_CODE":null,"OWNER":null,"LAUNCH_DATE":null,"DECAY_DATE":null})";
constexpr std::string_view kRocketShort =
    R"x({"NORAD_CAT_ID":16925,"OBJECT_NAME":"SL-6 R/B(2)","OBJECT_ID":"1986-065D",)x"
    R"("OBJECT_TYPE":"ROCKET BODY","OPS_STATUS_CODE":"D","OWNER":"CIS",)"
    R"("LAUNCH_DATE":"1986-08-28","DECAY_DATE":"2006-07-02"})";

TEST(FormatCatalogTest, FullJsonRecord) {
  struct Row {
    const char* text;
    CatalogRecord record;
    std::string json;
  };
  const Row rows[] = {
      {"complete", iss(), std::string(kIssFull)},
      {"nothing known", bare(), std::string(kBareFull)},
      {"decayed rocket body", decayed_rocket(),
       R"x({"NORAD_CAT_ID":16925,"OBJECT_NAME":"SL-6 R/B(2)","OBJECT_ID":"1986-065D",)x"
       R"("OBJECT_TYPE":"ROCKET BODY","OPS_STATUS_CODE":"D","OWNER":"CIS",)"
       R"("LAUNCH_DATE":"1986-08-28","LAUNCH_SITE":"PKMTR","DECAY_DATE":"2006-07-02",)"
       R"("PERIOD_MINUTES":294.77,"INCLINATION_DEG":null,"APOGEE_KM":null,"PERIGEE_KM":null})"},
  };
  for (const Row& row : rows) {
    std::string out;
    write_catalog_record_json(row.record, out);
    EXPECT_EQ(out, row.json) << row.text;
  }
}

TEST(FormatCatalogTest, JsonLists) {
  EXPECT_EQ(list(Format::json, false, {iss(), bare(), decayed_rocket()}),
            "[" + std::string(kIssShort) + "," + std::string(kBareShort) + "," +
                std::string(kRocketShort) + "]");
  EXPECT_EQ(list(Format::json, true, {iss(), bare()}),
            "[" + std::string(kIssFull) + "," + std::string(kBareFull) + "]");
  EXPECT_EQ(list(Format::json, false, {}), "[]");
}

TEST(FormatCatalogTest, JsonEscapesText) {
  CatalogRecord r = bare();
  r.object_name = "A \"B\"\\C\x01";
  r.owner = "X\tY";
  std::string out;
  write_catalog_record_json(r, out);
  EXPECT_NE(out.find(R"("OBJECT_NAME":"A \"B\"\\C\u0001")"), std::string::npos) << out;
  EXPECT_NE(out.find(R"("OWNER":"X\tY")"), std::string::npos) << out;
}

TEST(FormatCatalogTest, CsvListForm) {
  EXPECT_EQ(list(Format::csv, false, {iss(), bare(), decayed_rocket()}),
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
            "DECAY_DATE\n"
            "25544,ISS (ZARYA),1998-067A,PAYLOAD,+,ISS,1998-11-20,\n"
            "270449,UNKNOWN,,,,,,\n"
            "16925,SL-6 R/B(2),1986-065D,ROCKET BODY,D,CIS,1986-08-28,2006-07-02\n");
}

TEST(FormatCatalogTest, CsvFullForm) {
  EXPECT_EQ(list(Format::csv, true, {iss(), bare()}),
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
            "LAUNCH_SITE,DECAY_DATE,PERIOD_MINUTES,INCLINATION_DEG,APOGEE_KM,PERIGEE_KM\n"
            "25544,ISS (ZARYA),1998-067A,PAYLOAD,+,ISS,1998-11-20,TYMSC,,92.94,51.63,423,413\n"
            "270449,UNKNOWN,,,,,,,,,,,\n");
}

TEST(FormatCatalogTest, CsvQuotesNamesWithCommasOrQuotes) {
  CatalogRecord r = bare();
  r.object_name = "DRAGON CRS-2, \"TRUNK\"";
  EXPECT_EQ(list(Format::csv, false, {r}),
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
            "DECAY_DATE\n"
            "270449,\"DRAGON CRS-2, \"\"TRUNK\"\"\",,,,,,\n");
}

TEST(FormatCatalogTest, OnlyJsonAndCsv) {
  for (const Format format :
       {Format::tle, Format::two_le, Format::xml, Format::kvn, Format::table}) {
    EXPECT_THROW(make_catalog_list_writer(format, false), Error) << to_string(format);
  }
}

}  // namespace
}  // namespace gpq
