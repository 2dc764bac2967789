// Output formats: the exact bytes of each for a known set, escaping and envelopes.
#include "gpq/format.h"

#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "support/expect_error.h"

namespace gpq {
namespace {

ElementSet iss() {
  ElementSet set;
  std::string error;
  EXPECT_TRUE(parse_tle("1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
                        "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975",
                        set, error));
  set.object_name = "ISS (ZARYA)";
  set.collected_at = *parse_iso8601("2026-05-24T00:00:00");
  return set;
}

std::string single(Format format, const ElementSet& set) {
  std::string out;
  write_set(format, set, out);
  return out;
}

TEST(FormatTest, JsonRecordHasSpecFieldsInSpecOrder) {
  EXPECT_EQ(
      single(Format::json, iss()),
      R"x({"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","NORAD_CAT_ID":25544,)x"
      R"x("EPOCH":"2026-05-23T19:25:57.298Z","MEAN_MOTION":15.4933465,"ECCENTRICITY":0.000752,)x"
      R"x("INCLINATION":51.6325,"RA_OF_ASC_NODE":60.7811,"ARG_OF_PERICENTER":90.7634,)x"
      R"x("MEAN_ANOMALY":269.4217,"BSTAR":0.00013771,"MEAN_MOTION_DOT":7.235e-05,)x"
      R"x("MEAN_MOTION_DDOT":0,"REV_AT_EPOCH":56797,"CLASSIFICATION_TYPE":"U",)x"
      R"x("ELEMENT_SET_NO":999,"PERIOD_MINUTES":92.943,"APOGEE_KM":423.784,)x"
      R"x("PERIGEE_KM":413.562,"SEMI_MAJOR_AXIS_KM":6796.808,"DATA_SOURCE":"celestrak",)x"
      R"x("CREATION_DATE":null,"_collected_at":"2026-05-24T00:00:00.000Z"})x");
}

TEST(FormatTest, QualityFlagsFollowEverySetInJsonCsvAndTable) {
  QualityFlags flags;
  flags.add(QualityFlag::stale);
  flags.add(QualityFlag::decayed);
  AnswerStyle style;
  style.quality = true;
  std::string json;
  write_set_answer(Format::json, iss(), flags, style, json);
  EXPECT_TRUE(json.ends_with(
      R"x("_collected_at":"2026-05-24T00:00:00.000Z","_quality":["stale","decayed"]})x"))
      << json;
  std::string csv;
  write_set_answer(Format::csv, iss(), flags, style, csv);
  EXPECT_TRUE(csv.starts_with("OBJECT_NAME,") &&
              csv.find(",_collected_at,_quality\n") != std::string::npos)
      << csv;
  EXPECT_TRUE(csv.ends_with("Z,stale decayed\n")) << csv;
  // A page: every set carries its flags, none as an empty array or an empty cell.
  for (const Format format : {Format::json, Format::csv, Format::table}) {
    SetPageWriter page(format, style);
    std::string out;
    page.begin(out);
    page.set(iss(), flags, out);
    page.set(iss(), QualityFlags{}, out);
    page.end(PageInfo{}, {}, nullptr, out);
    if (format == Format::json) {
      EXPECT_NE(out.find(R"("_quality":["stale","decayed"]},{)"), std::string::npos) << out;
      EXPECT_NE(out.find(R"("_quality":[]}])"), std::string::npos) << out;
    } else if (format == Format::csv) {
      EXPECT_NE(out.find(",stale decayed\n"), std::string::npos) << out;
      EXPECT_TRUE(out.ends_with("Z,\n")) << out;
    } else {
      EXPECT_NE(out.find("QUALITY"), std::string::npos) << out;
      EXPECT_NE(out.find("stale decayed"), std::string::npos) << out;
    }
  }
}

TEST(FormatTest, TextFormats) {
  EXPECT_EQ(single(Format::tle, iss()),
            "ISS (ZARYA)\n"
            "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990\n"
            "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975\n");
  EXPECT_EQ(single(Format::two_le, iss()),
            "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990\n"
            "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975\n");
  const std::string csv = single(Format::csv, iss());
  EXPECT_TRUE(csv.starts_with("OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,")) << csv;
  EXPECT_NE(csv.find("\nISS (ZARYA),1998-067A,2026-05-23T19:25:57.298080,15.49334650,0.000752,"
                     "51.6325,60.7811,90.7634,269.4217,0,U,25544,999,56797,"),
            std::string::npos)
      << csv;
  const std::string kvn = single(Format::kvn, iss());
  EXPECT_NE(kvn.find("EPOCH          = 2026-05-23T19:25:57.298080\n"), std::string::npos) << kvn;
  EXPECT_NE(kvn.find("MEAN_ELEMENT_THEORY = SGP4\n"), std::string::npos) << kvn;
  const std::string xml = single(Format::xml, iss());
  EXPECT_TRUE(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ndm ")) << xml;
  EXPECT_NE(xml.find("<EPOCH>2026-05-23T19:25:57.298080</EPOCH>"), std::string::npos);
  EXPECT_TRUE(xml.ends_with("</omm>\n</ndm>\n"));
}

TEST(FormatTest, EscapingInEveryFormat) {
  ElementSet set = iss();
  set.object_name = "A \"B\" \\ <C> & D,\x01";
  EXPECT_NE(single(Format::json, set).find(R"x("A \"B\" \\ <C> & D,\u0001")x"), std::string::npos);
  EXPECT_NE(single(Format::xml, set).find("A &quot;B&quot; \\ &lt;C&gt; &amp; D,"),
            std::string::npos);
  EXPECT_NE(single(Format::csv, set).find("\n\"A \"\"B\"\" \\ <C> & D,\uFFFD\","),
            std::string::npos);
}

TEST(FormatTest, MillisecondsRoundWithCarry) {
  ElementSet set = iss();
  set.epoch = *parse_iso8601("2026-12-31T23:59:59.9996");
  EXPECT_NE(single(Format::json, set).find("\"EPOCH\":\"2027-01-01T00:00:00.000Z\""),
            std::string::npos);
}

TEST(FormatTest, TleRefusesCatalogNumbersAboveAlphaFive) {
  ElementSet set = iss();
  set.norad_id = 340000;
  std::string out;
  EXPECT_GPQ_ERROR(write_set(Format::tle, set, out), Errc::bad_request,
                   "NORAD 340000 is above 339999 (Alpha-5 Z9999), which TLE and 2LE cannot "
                   "carry; use json, csv, xml or kvn");
  EXPECT_TRUE(out.empty());
}

TEST(FormatTest, ListsAndEnvelopes) {
  std::string out;
  const auto kvn = make_set_list_writer(Format::kvn);
  kvn->begin(out);
  kvn->set(iss(), out);
  kvn->set(iss(), out);
  kvn->end(out);
  EXPECT_NE(out.find("MEAN_MOTION_DDOT = 0\n\nCCSDS_OMM_VERS = 2.0\n"), std::string::npos);

  out.clear();
  HistoryMeta meta{25544, "ISS (ZARYA)", iss().epoch, iss().epoch, 1};
  write_page_envelope("[]", {1, 1, 100, 1}, "http://h/api/v1/gp?page=2", "", &meta, out);
  EXPECT_EQ(out, R"x({"data":[],"pagination":{"total":1,"page":1,"per_page":100,"total_pages":1,)x"
                 R"x("next":"http://h/api/v1/gp?page=2","prev":null},"meta":{"norad_id":25544,)x"
                 R"x("object_name":"ISS (ZARYA)","earliest_epoch":"2026-05-23T19:25:57.298Z",)x"
                 R"x("latest_epoch":"2026-05-23T19:25:57.298Z","total_elsets":1}})x");

  out.clear();
  write_adjacent_json({iss(), std::nullopt, std::nullopt}, out);
  EXPECT_TRUE(out.starts_with("{\"before\":{\"OBJECT_NAME\"")) << out;
  EXPECT_TRUE(out.ends_with("},\"after\":null,\"gap_hours\":null}")) << out;

  out.clear();
  write_range_json({25544, 3, 2, iss().epoch, iss().epoch}, out);
  EXPECT_EQ(
      out,
      R"x({"norad_id":25544,"total_elsets":3,"year_files":2,)x"
      R"x("earliest_epoch":"2026-05-23T19:25:57.298Z","latest_epoch":"2026-05-23T19:25:57.298Z"})x");
}

TEST(FormatTest, CatalogRecords) {
  CatalogRecord r;
  r.norad_id = 5;
  r.object_name = "VANGUARD 1";
  r.object_id = "1958-002B";
  r.object_type = ObjectType::payload;
  r.owner = "US";
  r.launch_date = parse_iso8601("1958-03-17");
  r.launch_site = "AFETR";
  r.period_minutes = 132.74;
  std::string out;
  write_catalog_record_json(r, out);
  EXPECT_EQ(out, R"x({"NORAD_CAT_ID":5,"OBJECT_NAME":"VANGUARD 1","OBJECT_ID":"1958-002B",)x"
                 R"x("OBJECT_TYPE":"PAYLOAD","OPS_STATUS_CODE":null,"OWNER":"US",)x"
                 R"x("LAUNCH_DATE":"1958-03-17","LAUNCH_SITE":"AFETR","DECAY_DATE":null,)x"
                 R"x("PERIOD_MINUTES":132.74,"INCLINATION_DEG":null,"APOGEE_KM":null,)x"
                 R"x("PERIGEE_KM":null})x");
  out.clear();
  const auto csv = make_catalog_list_writer(Format::csv, false);
  csv->begin(out);
  csv->record(r, out);
  EXPECT_EQ(out,
            "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
            "DECAY_DATE\n5,VANGUARD 1,1958-002B,PAYLOAD,,US,1958-03-17,\n");
}

TEST(FormatTest, TableFitsTheWidthWithAnEllipsis) {
  ElementSet set = iss();
  set.object_name = "A VERY LONG NAME THAT WILL NOT FIT IN A NARROW TERMINAL AT ALL";
  TableWriter table(90);
  table.add_set(set);
  std::string out;
  table.write(out);
  const std::size_t newline = out.find('\n');
  EXPECT_LE(out.substr(newline + 1).find('\n'), 92U) << out;  // ellipsis is 3 bytes, 1 column
  EXPECT_NE(out.find("\u2026"), std::string::npos) << out;
}

}  // namespace
}  // namespace gpq
