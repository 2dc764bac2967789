// CCSDS OMM NDM/XML (docs/FORMATS.md 2.3): CelesTrak's one-line <omm> layout, units
// attributes, Space-Track's header and user-defined parameters, pretty-printed
// files, and damaged elements skipped at the line where their <omm> starts.
#include <algorithm>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "support/collecting_sink.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

using test::CollectingSink;
using test::describe;

std::unique_ptr<CollectingSink> parse(std::string text, const ParseOptions& options = {}) {
  auto sink = std::make_unique<CollectingSink>();
  const auto in = open_bytes(std::move(text));
  parse_omm_xml(*in, options, *sink);
  return sink;
}

const std::string kProlog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n";
const std::string kNdmOpen =
    "<ndm xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
    "xsi:noNamespaceSchemaLocation=\"https://sanaregistry.org/r/ndmxml_unqualified/"
    "ndmxml-2.0.0-master-2.0.xsd\">\r\n";

// The values of one <omm>, in CelesTrak's element order.
struct Omm {
  std::string header = "<CREATION_DATE/><ORIGINATOR/>";
  std::string name = "ISS (ZARYA)";
  std::string id = "1998-067A";
  std::string epoch = "2026-09-23T10:22:36.196896";
  std::string mean_motion = "15.49245192";
  std::string eccentricity = ".00047365";
  std::string inclination = "51.6317";
  std::string raan = "173.8582";
  std::string argp = "172.3976";
  std::string mean_anomaly = "187.7085";
  std::string norad = "25544";
  std::string rev = "58698";
  std::string bstar = ".1642946E-3";
  std::string ndot = ".869E-4";
  std::string nddot = "0";
  std::string user_defined;  // inner XML of <userDefinedParameters>, or none
  bool units = false;
  std::string version = "2.0";
};

std::string element(const char* name, const std::string& value, const char* units, bool with) {
  if (value == "-") {
    return {};  // "-" leaves the element out
  }
  const std::string attribute = with && *units ? std::string(" units=\"") + units + "\"" : "";
  return std::string("<") + name + attribute + ">" + value + "</" + name + ">";
}

// CelesTrak's layout: one <omm> on one line, no indentation.
std::string omm(const Omm& o) {
  const bool u = o.units;
  std::string text = "<omm id=\"CCSDS_OMM_VERS\" version=\"" + o.version + "\"><header>" +
                     o.header + "</header><body><segment><metadata>" +
                     element("OBJECT_NAME", o.name, "", u) + element("OBJECT_ID", o.id, "", u) +
                     "<CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME>"
                     "<TIME_SYSTEM>UTC</TIME_SYSTEM><MEAN_ELEMENT_THEORY>SGP4"
                     "</MEAN_ELEMENT_THEORY></metadata><data><meanElements>";
  text += element("EPOCH", o.epoch, "", u) + element("MEAN_MOTION", o.mean_motion, "rev/day", u) +
          element("ECCENTRICITY", o.eccentricity, "", u) +
          element("INCLINATION", o.inclination, "deg", u) +
          element("RA_OF_ASC_NODE", o.raan, "deg", u) +
          element("ARG_OF_PERICENTER", o.argp, "deg", u) +
          element("MEAN_ANOMALY", o.mean_anomaly, "deg", u) +
          "</meanElements><tleParameters><EPHEMERIS_TYPE>0</EPHEMERIS_TYPE>"
          "<CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE>" +
          element("NORAD_CAT_ID", o.norad, "", u) + "<ELEMENT_SET_NO>999</ELEMENT_SET_NO>" +
          element("REV_AT_EPOCH", o.rev, "", u) + element("BSTAR", o.bstar, "1/ER", u) +
          element("MEAN_MOTION_DOT", o.ndot, "rev/day**2", u) +
          element("MEAN_MOTION_DDOT", o.nddot, "rev/day**3", u) + "</tleParameters>";
  if (!o.user_defined.empty()) {
    text += "<userDefinedParameters>" + o.user_defined + "</userDefinedParameters>";
  }
  return text + "</data></segment></body></omm>";
}

std::string ndm(const std::string& omms) {
  return kProlog + kNdmOpen + omms + "</ndm>\r\n";
}

const char* const kIss =
    "norad_id 25544\nobject_name 'ISS (ZARYA)'\nobject_id '1998-067A'\n"
    "epoch 2026-09-23T10:22:36.196896\nmean_motion 15.49245192\neccentricity 0.00047365\n"
    "inclination 51.6317\nra_of_asc_node 173.8582\narg_of_pericenter 172.3976\n"
    "mean_anomaly 187.7085\nbstar 0.0001642946\nmean_motion_dot 8.69e-05\n"
    "mean_motion_ddot 0\nrev_at_epoch 58698\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date none\n";

// VANGUARD 1 as Space-Track's XML of 2022-10-08 has it (docs/FORMATS.md 2.3 and 6.2): COMMENT,
// a real CREATION_DATE and ORIGINATOR, fixed decimals, user-defined parameters.
Omm spacetrack_vanguard() {
  Omm o;
  o.header =
      "<COMMENT>GENERATED VIA SPACE-TRACK.ORG API</COMMENT>"
      "<CREATION_DATE>2022-10-09T17:43:15</CREATION_DATE><ORIGINATOR>18 SPCS</ORIGINATOR>";
  o.name = "VANGUARD 1";
  o.id = "1958-002B";
  o.epoch = "2022-10-08T05:41:28.435104";
  o.mean_motion = "10.85017843";
  o.eccentricity = "0.18464490";
  o.inclination = "34.2474";
  o.raan = "47.0563";
  o.argp = "222.0707";
  o.mean_anomaly = "123.8137";
  o.norad = "5";
  o.rev = "29687";
  o.bstar = "0.00012345000000";
  o.ndot = "0.00000151";
  o.nddot = "0.0000000000000";
  o.user_defined =
      "<USER_DEFINED parameter=\"SEMIMAJOR_AXIS\">8618.743</USER_DEFINED>"
      "<USER_DEFINED parameter=\"PERIOD\">132.717</USER_DEFINED>"
      "<USER_DEFINED parameter=\"APOAPSIS\">3832.015</USER_DEFINED>"
      "<USER_DEFINED parameter=\"PERIAPSIS\">649.201</USER_DEFINED>"
      "<USER_DEFINED parameter=\"OBJECT_TYPE\">PAYLOAD</USER_DEFINED>"
      "<USER_DEFINED parameter=\"RCS_SIZE\">SMALL</USER_DEFINED>"
      "<USER_DEFINED parameter=\"COUNTRY_CODE\">US</USER_DEFINED>"
      "<USER_DEFINED parameter=\"LAUNCH_DATE\">1958-03-17</USER_DEFINED>"
      "<USER_DEFINED parameter=\"SITE\">AFETR</USER_DEFINED>"
      "<USER_DEFINED parameter=\"DECAY_DATE\"/>"
      "<USER_DEFINED parameter=\"FILE\">3594870</USER_DEFINED>"
      "<USER_DEFINED parameter=\"GP_ID\">215102834</USER_DEFINED>";
  return o;
}

const char* const kVanguard =
    "norad_id 5\nobject_name 'VANGUARD 1'\nobject_id '1958-002B'\n"
    "epoch 2022-10-08T05:41:28.435104\nmean_motion 10.85017843\neccentricity 0.1846449\n"
    "inclination 34.2474\nra_of_asc_node 47.0563\narg_of_pericenter 222.0707\n"
    "mean_anomaly 123.8137\nbstar 0.00012345\nmean_motion_dot 1.51e-06\n"
    "mean_motion_ddot 0\nrev_at_epoch 29687\nclassification_type U\nelement_set_no 999\n"
    "ephemeris_type 0\nsource celestrak\ncreation_date 2022-10-09T17:43:15.000000\n";

// Indented, one element per line, as an XML pretty-printer writes it.
std::string pretty(const std::string& one_line) {
  std::string text;
  int depth = 0;
  for (std::size_t i = 0; i < one_line.size();) {
    const std::size_t end = one_line.find('>', i) + 1;
    const std::string tag = one_line.substr(i, end - i);
    const std::size_t next = one_line.find('<', end);
    const std::string value = one_line.substr(end, next - end);
    if (tag.starts_with("</")) {
      --depth;
    }
    if (!tag.starts_with("</") || text.empty() || text.back() == '\n') {
      text += std::string(static_cast<std::size_t>(depth) * 2, ' ');
    }
    text += tag;
    if (!tag.starts_with("</") && !tag.ends_with("/>")) {
      ++depth;
    }
    if (!value.empty()) {
      text += value;  // a leaf: its closing tag follows on the same line
    } else {
      text += "\n";
    }
    i = end + value.size();
  }
  return text;
}

TEST(OmmXmlTest, ReadsEveryLayout) {
  Omm with_units;
  with_units.units = true;
  Omm blanks;
  blanks.inclination = "\r\n  51.6317  ";
  Omm v3;
  v3.version = "3.0";
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"CelesTrak, one line per <omm>", ndm(omm(Omm{}) + "\r\n")},
      {"units attributes", ndm(omm(with_units) + "\r\n")},
      {"version 3.0", ndm(omm(v3) + "\r\n")},
      {"lone <omm>", omm(Omm{})},
      {"lone <omm> with a prolog", kProlog + omm(Omm{}) + "\r\n"},
      {"pretty-printed", ndm("\n" + pretty(omm(with_units)))},
      {"blanks around a value", ndm(omm(blanks))},
      {"byte order mark", "\xEF\xBB\xBF" + ndm(omm(Omm{}) + "\r\n")},
      {"XML comment", ndm("<!-- CelesTrak GP -->\r\n" + omm(Omm{}))},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    ASSERT_EQ(sink->sets.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_TRUE(sink->skips.empty()) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(describe(sink->sets[0]), kIss) << row.name;
    EXPECT_EQ(sink->sets[0].epoch.unix_micros(), 1'790'158'956'196'896) << row.name;
  }
}

TEST(OmmXmlTest, SpaceTrackHeaderCommentAndUserDefinedParameters) {
  const std::string text = ndm(omm(spacetrack_vanguard()) + "\r\n" + omm(Omm{}) + "\r\n");
  const auto sink = parse(text);
  ASSERT_EQ(sink->sets.size(), 2U) << sink->skips_text();
  EXPECT_EQ(describe(sink->sets[0]), kVanguard);
  EXPECT_EQ(describe(sink->sets[1]), kIss);

  // XML is never Space-Track-shaped by content: only --source makes it spacetrack.
  const auto forced = parse(text, ParseOptions{DataSource::spacetrack, {}});
  ASSERT_EQ(forced->sets.size(), 2U);
  EXPECT_EQ(forced->sets[0].source, DataSource::spacetrack);
  EXPECT_EQ(forced->sets[1].source, DataSource::spacetrack);
}

TEST(OmmXmlTest, ManyElementsAcrossReadChunks) {
  // ~1.2 KB per <omm>: 300 of them cross the 64 KiB read chunk several times.
  std::string omms;
  for (int i = 1; i <= 300; ++i) {
    Omm o;
    o.norad = std::to_string(i);
    omms += omm(o) + "\r\n";
  }
  const auto sink = parse(ndm(omms));
  ASSERT_EQ(sink->sets.size(), 300U) << sink->skips_text();
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(sink->sets[static_cast<std::size_t>(i)].norad_id, i + 1);
  }
}

TEST(OmmXmlTest, MalformedElementsAreSkippedAtTheLineOfTheirOmm) {
  const auto changed = [](auto change) {
    Omm o;
    change(o);
    return omm(o);
  };
  const struct {
    const char* name;
    std::string omm;
    std::string reason;
  } rows[] = {
      {"letters in a number", changed([](Omm& o) { o.inclination = "51.6x17"; }),
       "INCLINATION '51.6x17' is not a number"},
      {"eccentricity 1.0", changed([](Omm& o) { o.eccentricity = "1.0"; }),
       "ECCENTRICITY '1.0' is out of range: must be at least 0 and below 1"},
      {"eccentricity 1.2", changed([](Omm& o) { o.eccentricity = "1.2"; }),
       "ECCENTRICITY '1.2' is out of range: must be at least 0 and below 1"},
      {"missing EPOCH", changed([](Omm& o) { o.epoch = "-"; }), "EPOCH is missing"},
      {"empty EPOCH", changed([](Omm& o) { o.epoch = ""; }), "EPOCH is missing"},
      {"bad EPOCH", changed([](Omm& o) { o.epoch = "2026-09-23T25:22:36"; }),
       "EPOCH '2026-09-23T25:22:36' is not an ISO 8601 time"},
      {"missing NORAD_CAT_ID", changed([](Omm& o) { o.norad = "-"; }), "NORAD_CAT_ID is missing"},
      {"bad CREATION_DATE",
       changed([](Omm& o) { o.header = "<CREATION_DATE>today</CREATION_DATE>"; }),
       "CREATION_DATE 'today' is not an ISO 8601 time"},
      {"mismatched tags", "<omm><header></omm>", "not well-formed XML: Start-end tags mismatch"},
      {"unclosed value", changed([](Omm& o) { o.mean_motion = "<b>15.49245192"; }),
       "not well-formed XML: Start-end tags mismatch"},
  };
  for (const auto& row : rows) {
    // Pretty-printed neighbours put the bad <omm> on line 3 + the first one's lines.
    const std::string first = pretty(omm(Omm{}));
    const std::size_t first_lines =
        static_cast<std::size_t>(std::count(first.begin(), first.end(), '\n'));
    const auto sink = parse(ndm(first + row.omm + "\r\n" + omm(Omm{}) + "\r\n"));
    EXPECT_EQ(sink->sets.size(), 2U) << row.name << ": " << sink->skips_text();
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 3 + first_lines) << row.name;
    EXPECT_TRUE(sink->skips[0].reason.starts_with(row.reason))
        << row.name << ": " << sink->skips[0].reason;
  }
}

TEST(OmmXmlTest, OmmCutOffAtTheEndIsSkipped) {
  const std::string whole = ndm(omm(Omm{}) + "\r\n" + pretty(omm(Omm{})));
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"inside a value", whole.substr(0, whole.rfind("51.63"))},
      {"after the header", whole.substr(0, whole.rfind("<body>"))},
      {"inside the closing tag", whole.substr(0, whole.rfind("</omm>") + 3)},
      {"right after the opening tag", whole.substr(0, whole.rfind("<header>"))},
  };
  for (const auto& row : rows) {
    const auto sink = parse(row.text);
    ASSERT_EQ(sink->sets.size(), 1U) << row.name << ": " << sink->skips_text();
    ASSERT_EQ(sink->skips.size(), 1U) << row.name << ": " << sink->skips_text();
    EXPECT_EQ(sink->skips[0].line, 4U) << row.name;
    EXPECT_EQ(sink->skips[0].reason, "<omm> element cut off at the end of the file") << row.name;
  }
}

TEST(OmmXmlTest, AnOmmOverOneMebibyteIsSkippedAndTheNextRead) {
  const struct {
    const char* name;
    std::size_t comment;  // bytes of COMMENT text
    bool skipped;
  } rows[] = {
      {"well under", (1 << 20) - 2000, false},
      {"just over", 1 << 20, true},
      {"3 MiB", 3 << 20, true},
  };
  for (const auto& row : rows) {
    Omm big;
    big.header = "<COMMENT>" + std::string(row.comment, 'c') + "</COMMENT>";
    const auto sink = parse(ndm(omm(Omm{}) + "\r\n" + omm(big) + "\r\n" + omm(Omm{}) + "\r\n"));
    EXPECT_EQ(sink->sets.size(), row.skipped ? 2U : 3U) << row.name;
    ASSERT_EQ(sink->skips.size(), row.skipped ? 1U : 0U) << row.name << ": " << sink->skips_text();
    if (row.skipped) {
      EXPECT_EQ(sink->skips[0].line, 4U) << row.name;
      EXPECT_EQ(sink->skips[0].reason, "<omm> element larger than 1 MiB") << row.name;
    }
  }
}

TEST(OmmXmlTest, EmptyAndGarbageInputNeverThrow) {
  std::string garbage(100'000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2'654'435'761U) >> 13);
  }
  const struct {
    const char* name;
    std::string text;
  } rows[] = {
      {"empty", ""},
      {"prolog only", kProlog},
      {"empty ndm", ndm("")},
      {"not OMM", "<html><body><omm-like/></body></html>"},
      {"binary garbage", garbage},
      {"garbage inside an <omm>", "<omm>" + garbage + "</omm>"},
      {"an unclosed <omm> of garbage", "<ndm><omm " + garbage},
  };
  for (const auto& row : rows) {
    std::unique_ptr<CollectingSink> sink;
    ASSERT_NO_THROW(sink = parse(row.text)) << row.name;
    EXPECT_TRUE(sink->sets.empty()) << row.name;
    for (const CollectingSink::Skip& skip : sink->skips) {
      EXPECT_GE(skip.line, 1U) << row.name;
      EXPECT_FALSE(skip.reason.empty()) << row.name;
    }
  }
  EXPECT_TRUE(parse(ndm(""))->skips.empty());
  EXPECT_EQ(parse("<omm>" + garbage + "</omm>")->skips.size(), 1U);
}

}  // namespace
}  // namespace gpq::sync

namespace gpq::sync {
namespace {

// 120,000 nested elements inside one <omm> (under the 1 MiB an <omm> may take): the keyword
// walk has no recursion, so this reads like any other element instead of taking the stack.
TEST(OmmXmlTest, DeeplyNestedElementsDoNotExhaustTheStack) {
  constexpr int kDepth = 120'000;
  Omm o;
  std::string nested;
  nested.reserve(kDepth * 7);
  for (int i = 0; i < kDepth; ++i) {
    nested += "<x>";
  }
  nested += "<OBJECT_NAME>DEEP</OBJECT_NAME>";
  for (int i = 0; i < kDepth; ++i) {
    nested += "</x>";
  }
  o.user_defined = nested;
  const auto sink = parse(ndm(omm(o) + "\r\n" + omm(Omm{}) + "\r\n"));
  ASSERT_EQ(sink->sets.size(), 2U) << sink->skips_text();
  EXPECT_EQ(sink->sets[0].object_name, "DEEP");  // later keywords win, in document order
  EXPECT_EQ(sink->sets[1].object_name, "ISS (ZARYA)");
}

}  // namespace
}  // namespace gpq::sync
