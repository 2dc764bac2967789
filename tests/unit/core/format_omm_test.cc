// CCSDS OMM output: NDM/XML and KVN for docs/FORMATS.md's T1 (ISS), list layouts, the
// header's CREATION_DATE and ORIGINATOR, and XML escaping.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/time.h"

#include "support/known_sets.h"

namespace gpq {
namespace {

using test::at;
using test::iss;

constexpr std::string_view kXmlHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ndm xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
    "xsi:noNamespaceSchemaLocation=\"https://sanaregistry.org/r/ndmxml_unqualified/"
    "ndmxml-2.0.0-master-2.0.xsd\">\n";
constexpr std::string_view kXmlTail = "</ndm>\n";

// One <omm> line; `creation`, `name` and `id` vary between the tests.
std::string xml_omm(std::string_view creation, std::string_view name, std::string_view id) {
  return "<omm id=\"CCSDS_OMM_VERS\" version=\"2.0\"><header>" +
         (creation.empty() ? std::string("<CREATION_DATE/>")
                           : "<CREATION_DATE>" + std::string(creation) + "</CREATION_DATE>") +
         "<ORIGINATOR>gpq</ORIGINATOR></header><body><segment><metadata>"
         "<OBJECT_NAME>" +
         std::string(name) + "</OBJECT_NAME><OBJECT_ID>" + std::string(id) +
         "</OBJECT_ID><CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME>"
         "<TIME_SYSTEM>UTC</TIME_SYSTEM><MEAN_ELEMENT_THEORY>SGP4</MEAN_ELEMENT_THEORY>"
         "</metadata><data><meanElements><EPOCH>2026-05-23T19:25:57.298080</EPOCH>"
         "<MEAN_MOTION>15.49334650</MEAN_MOTION><ECCENTRICITY>0.000752</ECCENTRICITY>"
         "<INCLINATION>51.6325</INCLINATION><RA_OF_ASC_NODE>60.7811</RA_OF_ASC_NODE>"
         "<ARG_OF_PERICENTER>90.7634</ARG_OF_PERICENTER><MEAN_ANOMALY>269.4217</MEAN_ANOMALY>"
         "</meanElements><tleParameters><EPHEMERIS_TYPE>0</EPHEMERIS_TYPE>"
         "<CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE><NORAD_CAT_ID>25544</NORAD_CAT_ID>"
         "<ELEMENT_SET_NO>999</ELEMENT_SET_NO><REV_AT_EPOCH>56797</REV_AT_EPOCH>"
         "<BSTAR>0.00013771</BSTAR><MEAN_MOTION_DOT>7.235e-05</MEAN_MOTION_DOT>"
         "<MEAN_MOTION_DDOT>0</MEAN_MOTION_DDOT></tleParameters></data></segment></body></omm>\n";
}

const std::string kIssOmm = xml_omm("", "ISS (ZARYA)", "1998-067A");

constexpr std::string_view kIssKvn =
    "CCSDS_OMM_VERS = 2.0\n"
    "CREATION_DATE  = \n"
    "ORIGINATOR     = gpq\n"
    "\n"
    "OBJECT_NAME    = ISS (ZARYA)\n"
    "OBJECT_ID      = 1998-067A\n"
    "CENTER_NAME    = EARTH\n"
    "REF_FRAME      = TEME\n"
    "TIME_SYSTEM    = UTC\n"
    "MEAN_ELEMENT_THEORY = SGP4\n"
    "\n"
    "EPOCH          = 2026-05-23T19:25:57.298080\n"
    "MEAN_MOTION    = 15.49334650\n"
    "ECCENTRICITY   = 0.000752\n"
    "INCLINATION    = 51.6325\n"
    "RA_OF_ASC_NODE = 60.7811\n"
    "ARG_OF_PERICENTER = 90.7634\n"
    "MEAN_ANOMALY   = 269.4217\n"
    "\n"
    "EPHEMERIS_TYPE = 0\n"
    "CLASSIFICATION_TYPE = U\n"
    "NORAD_CAT_ID   = 25544\n"
    "ELEMENT_SET_NO = 999\n"
    "REV_AT_EPOCH   = 56797\n"
    "BSTAR          = 0.00013771\n"
    "MEAN_MOTION_DOT = 7.235e-05\n"
    "MEAN_MOTION_DDOT = 0\n";

std::string single(Format format, const ElementSet& set) {
  std::string out;
  write_set(format, set, out);
  return out;
}

std::string list(Format format, const std::vector<ElementSet>& sets) {
  std::string out;
  const auto writer = make_set_list_writer(format);
  writer->begin(out);
  for (const ElementSet& set : sets) {
    writer->set(set, out);
  }
  writer->end(out);
  return out;
}

TEST(FormatOmmTest, IssXml) {
  EXPECT_EQ(single(Format::xml, iss()), std::string(kXmlHead) + kIssOmm + std::string(kXmlTail));
}

TEST(FormatOmmTest, IssKvn) {
  EXPECT_EQ(single(Format::kvn, iss()), kIssKvn);
}

TEST(FormatOmmTest, XmlListIsOneNdmWithOneOmmPerSet) {
  ElementSet second = iss();
  second.creation_date = at("2026-05-25T00:00:00");
  const std::string two = std::string(kXmlHead) + kIssOmm +
                          xml_omm("2026-05-25T00:00:00.000000", "ISS (ZARYA)", "1998-067A") +
                          std::string(kXmlTail);
  EXPECT_EQ(list(Format::xml, {iss(), second}), two);
  EXPECT_EQ(list(Format::xml, {}), std::string(kXmlHead) + std::string(kXmlTail));
}

TEST(FormatOmmTest, KvnListHasABlankLineBetweenSets) {
  EXPECT_EQ(list(Format::kvn, {iss(), iss()}), std::string(kIssKvn) + "\n" + std::string(kIssKvn));
  EXPECT_EQ(list(Format::kvn, {iss()}), kIssKvn);
  EXPECT_EQ(list(Format::kvn, {}), "");
}

TEST(FormatOmmTest, CreationDateIsTheUpstreamsElseEmpty) {
  struct Row {
    const char* text;
    std::optional<TimePoint> creation_date;
    const char* kvn;
    const char* xml;
  };
  // Never the collection time: read back, it would pass for the upstream's.
  const Row rows[] = {
      {"no upstream date: empty, as CelesTrak writes it", std::nullopt, "CREATION_DATE  = \n",
       "<header><CREATION_DATE/><ORIGINATOR>"},
      {"upstream date", at("2026-05-23T21:46:11.123456"),
       "CREATION_DATE  = 2026-05-23T21:46:11.123456\n",
       "<CREATION_DATE>2026-05-23T21:46:11.123456</CREATION_DATE>"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.creation_date = row.creation_date;
    const std::string kvn = single(Format::kvn, set);
    EXPECT_NE(kvn.find(std::string("\n") + row.kvn), std::string::npos) << row.text << "\n" << kvn;
    const std::string xml = single(Format::xml, set);
    EXPECT_NE(xml.find(row.xml), std::string::npos) << row.text << "\n" << xml;
  }
}

// An SGP4-XP set says so in its metadata, as Space-Track's OMM does; every other set is SGP4.
TEST(FormatOmmTest, MeanElementTheoryFollowsTheEphemerisType) {
  for (const auto& [type, theory] :
       {std::pair{0, "SGP4"}, std::pair{2, "SGP4"}, std::pair{4, "SGP4-XP"}}) {
    ElementSet set = iss();
    set.ephemeris_type = static_cast<std::int8_t>(type);
    const std::string kvn = single(Format::kvn, set);
    EXPECT_NE(kvn.find(std::string("\nMEAN_ELEMENT_THEORY = ") + theory + "\n"), std::string::npos)
        << type << "\n"
        << kvn;
    const std::string xml = single(Format::xml, set);
    EXPECT_NE(xml.find(std::string("<MEAN_ELEMENT_THEORY>") + theory + "</MEAN_ELEMENT_THEORY>"),
              std::string::npos)
        << type << "\n"
        << xml;
  }
}

TEST(FormatOmmTest, EpochKeepsAllSixFractionalDigits) {
  struct Row {
    const char* epoch;
    const char* printed;
  };
  const Row rows[] = {
      {"1994-11-01T11:59:59.999136", "1994-11-01T11:59:59.999136"},  // T5: no rounding
      {"2026-12-31T23:59:59.999999", "2026-12-31T23:59:59.999999"},
      {"2000-01-01", "2000-01-01T00:00:00.000000"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.epoch = at(row.epoch);
    EXPECT_NE(
        single(Format::kvn, set).find("\nEPOCH          = " + std::string(row.printed) + "\n"),
        std::string::npos)
        << row.epoch;
    EXPECT_NE(single(Format::xml, set).find("<EPOCH>" + std::string(row.printed) + "</EPOCH>"),
              std::string::npos)
        << row.epoch;
  }
}

TEST(FormatOmmTest, XmlEscapesMarkupCharacters) {
  struct Row {
    const char* text;
    std::string name;
    std::string escaped;
  };
  const Row rows[] = {
      {"ampersand", "AT&T 1", "AT&amp;T 1"},
      {"angle brackets", "<SAT>", "&lt;SAT&gt;"},
      {"all three", "A&<B>", "A&amp;&lt;B&gt;"},
      {"already escaped text is escaped again", "&amp;", "&amp;amp;"},
      {"quotes", "\"A\" 'B'", "&quot;A&quot; &apos;B&apos;"},
      {"utf-8 passes through", "\xC3\x89TOILE", "\xC3\x89TOILE"},
      // Text fields hold no control character (printable_text.h): U+FFFD stands for each,
      // which also keeps the document well-formed (XML 1.0 forbids most C0 controls).
      {"tab", "A\tB", "A\uFFFDB"},
      {"control characters", std::string{'A', '\x01', 'B', '\0', 'C', '\x1f'},
       "A\uFFFDB\uFFFDC\uFFFD"},
      {"bytes that are not UTF-8",
       "A\xFF\xC3"
       "B",
       "A\uFFFD\uFFFDB"},
  };
  for (const Row& row : rows) {
    ElementSet set = iss();
    set.object_name = row.name;
    set.object_id = row.name;
    EXPECT_EQ(single(Format::xml, set),
              std::string(kXmlHead) + xml_omm("", row.escaped, row.escaped) + std::string(kXmlTail))
        << row.text;
  }
}

TEST(FormatOmmTest, EmptyObjectIdStaysPresentAndEmpty) {
  ElementSet set = iss();
  set.object_id.clear();
  EXPECT_NE(single(Format::xml, set).find("<OBJECT_ID></OBJECT_ID>"), std::string::npos);
  EXPECT_NE(single(Format::kvn, set).find("\nOBJECT_ID      = \nCENTER_NAME"), std::string::npos);
}

TEST(FormatOmmTest, LinesEndInLineFeedOnly) {
  for (const Format format : {Format::xml, Format::kvn}) {
    const std::string text = list(format, {iss(), iss()});
    EXPECT_EQ(text.find('\r'), std::string::npos) << to_string(format);
    EXPECT_EQ(text.back(), '\n') << to_string(format);
  }
}

}  // namespace
}  // namespace gpq
