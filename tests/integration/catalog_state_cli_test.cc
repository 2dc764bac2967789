// `gpq state --all`: every object of the mirror at an instant (orbit_cli_fixture.h's small
// mirror), each row the object's own `gpq state`, rows without a state carrying the reason
// while the others still answer, the group filter, pages, and every refusal with its exit code.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "orbit_cli_fixture.h"

namespace gpq::test {
namespace {

class CatalogStateCliTest : public OrbitCliTest {
 protected:
  static std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      out.push_back(line);
    }
    return out;
  }
};

constexpr const char* kAt = "2026-09-23T03:00:00Z";
constexpr const char* kDragError =
    "NORAD 99991: SGP4 cannot propagate the set of 2026-09-23T00:00:00.000Z to "
    "2026-09-23T03:00:00.000Z: mean eccentricity out of range (SGP4 error 1)";

// 25544 has a state; the drag set fails three hours on; 99992 decayed the day before (SATCAT)
// and is no member, as in `gp --epoch`.
TEST_F(CatalogStateCliTest, CsvRowsAreTheStatesOfEachObject) {
  const std::vector<std::string> rows =
      lines(ok({"state", "--all", "--at", kAt, "--format", "csv"}));
  ASSERT_EQ(rows.size(), 3U);
  const std::vector<std::string> one =
      lines(ok({"state", "25544", "--at", kAt, "--format", "csv"}));
  ASSERT_EQ(one.size(), 2U);
  EXPECT_EQ(rows[0], one[0] + ",ERROR");
  EXPECT_EQ(rows[1], one[1] + ",");
  EXPECT_EQ(rows[2], std::string("99991,DRAG TEST,2026-900A,TEME,2026-09-23T03:00:00.000Z,,,,,,,"
                                 "2026-09-23T00:00:00.000Z,3,nearest,celestrak,") +
                         kDragError);
  // The same reason `gpq state` refuses the object with.
  const ProcessResult refused = gpq({"state", "99991", "--at", kAt});
  EXPECT_EQ(refused.exit_code, 1);  // 422 over HTTP: the request is right, the set fails
  EXPECT_EQ(refused.err, std::string("gpq: ") + kDragError + "\n");
  const ProcessResult members = gpq({"gp", "--epoch", kAt, "--format", "csv"});
  EXPECT_EQ(lines(members.out).size(), 3U);  // the same two members
}

TEST_F(CatalogStateCliTest, JsonEnvelopeCountsTheRowsWithoutAState) {
  const std::string out = ok({"state", "--all", "--at", kAt, "--frame", "geodetic"});
  simdjson::dom::element doc;
  ASSERT_EQ(parser_.parse(out).get(doc), simdjson::SUCCESS) << out;
  const auto data = doc["data"].get_array().value();
  ASSERT_EQ(data.size(), 2U);
  simdjson::dom::parser other;
  const std::string one =
      ok({"state", "25544", "--at", kAt, "--frame", "geodetic", "--format", "json"});
  EXPECT_EQ(simdjson::minify(data.at(0).value()), simdjson::minify(other.parse(one).value()));
  const auto failed = data.at(1).value();
  EXPECT_TRUE(failed["LATITUDE_DEG"].is_null());
  EXPECT_TRUE(failed["HEIGHT_KM"].is_null());
  EXPECT_EQ(failed["ERROR"].get_string().value(), kDragError);
  EXPECT_EQ(failed["ELLIPSOID"].get_string().value(), "WGS-84");
  EXPECT_EQ(doc["pagination"]["total"].get_int64().value(), 2);
  EXPECT_EQ(doc["pagination"]["per_page"].get_int64().value(), 2);
  EXPECT_EQ(doc["meta"]["states"].get_int64().value(), 1);
  EXPECT_EQ(doc["meta"]["errors"].get_int64().value(), 1);
  EXPECT_EQ(doc["meta"]["frame"].get_string().value(), "geodetic");
  EXPECT_EQ(doc["meta"]["epoch"].get_string().value(), "2026-09-23T03:00:00.000Z");
  EXPECT_EQ(out.find("nan"), std::string::npos);
  EXPECT_EQ(out.find("inf"), std::string::npos);
}

// Five weeks after the newest sets every member is too far from them: rows with the reason,
// exit 0, never a refusal of the whole answer.
TEST_F(CatalogStateCliTest, SetsTooFarFromTheInstantAreRowsWithTheReason) {
  const std::vector<std::string> rows =
      lines(ok({"state", "--all", "--at", "2026-10-30T00:00:00Z", "--format", "csv"}));
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[1],
            "25544,ISS (ZARYA),1998-067A,TEME,2026-10-30T00:00:00.000Z,,,,,,,"
            "2026-09-24T00:00:00.000Z,864,nearest,celestrak,NORAD 25544: its nearest element "
            "set (2026-09-24T00:00:00.000Z) is 36.0 days from 2026-10-30T00:00:00.000Z; a set is "
            "propagated at most 30 days");
  EXPECT_NE(rows[2].find(",NORAD 99991: its nearest element set (2026-09-23T00:00:00.000Z) is "
                         "37.0 days from"),
            std::string::npos)
      << rows[2];
}

TEST_F(CatalogStateCliTest, GroupPagesAndLimit) {
  const auto ids = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"state", "--all", "--at", kAt, "--format", "csv"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<std::string> out;
    for (const std::string& row : lines(ok(args))) {
      out.push_back(row.substr(0, row.find(',')));
    }
    return out;
  };
  EXPECT_EQ(ids({"--group", "stations"}), (std::vector<std::string>{"NORAD_CAT_ID", "25544"}));
  EXPECT_EQ(ids({"--page", "2", "--per-page", "1"}),
            (std::vector<std::string>{"NORAD_CAT_ID", "99991"}));
  EXPECT_EQ(ids({"--limit", "1"}), (std::vector<std::string>{"NORAD_CAT_ID", "25544"}));
  // A filter that matches no object is not found, as every list that matches nothing.
  const ProcessResult none =
      gpq({"state", "--all", "--at", kAt, "--format", "csv", "--regime", "HEO"});
  EXPECT_EQ(none.exit_code, 3);
  EXPECT_EQ(none.err, "gpq: no element sets match the query\n");
  EXPECT_EQ(none.out, "");
}

// A table names the objects without a state on stderr (not with --quiet).
TEST_F(CatalogStateCliTest, TableNamesTheRowsWithoutAStateOnStderr) {
  const ProcessResult table = gpq({"state", "--all", "--at", kAt, "--format", "table"});
  EXPECT_EQ(table.exit_code, 0);
  EXPECT_NE(table.out.find("ISS (ZARYA)"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("DRAG TEST"), std::string::npos) << table.out;
  EXPECT_EQ(table.err, std::string("no state: ") + kDragError + "\n");
  const ProcessResult quiet = gpq({"--quiet", "state", "--all", "--at", kAt, "--format", "table"});
  EXPECT_EQ(quiet.err, "");
}

TEST_F(CatalogStateCliTest, Refusals) {
  const struct {
    std::vector<std::string> args;
    const char* message;
  } rows[] = {
      {{"state", "--all", "25544", "--at", kAt}, "gpq: give a NORAD id or --all, not both"},
      {{"state", "--at", kAt}, "gpq: give a NORAD id, or --all for every object of the catalog"},
      {{"state", "--all", "--at", kAt, "--set", "latest"},
       "gpq: parameter 'set': the catalog's states come from each object's nearest set; ask one "
       "object's state for the latest set"},
      {{"state", "--all", "--at", kAt, "--group", "moon"},
       "gpq: parameter 'group': 'moon' is not a group; use one of: stations, starlink, oneweb, "
       "gps-ops, glo-ops, galileo, beidou, weather, geo, active, analyst, last-30-days"},
      {{"state", "--all", "--at", kAt, "--format", "oem"},
       "gpq: parameter 'format': 'oem' is not available here; use one of: json, csv"},
      {{"state", "25544", "--at", kAt, "--group", "stations"},
       "gpq: parameter 'group' does not apply to one object's state; ask the catalog's states "
       "(/state, gpq state --all) to filter objects"},
  };
  for (const auto& row : rows) {
    const ProcessResult result = gpq(row.args);
    EXPECT_EQ(result.exit_code, 2) << row.message;
    EXPECT_EQ(result.err, std::string(row.message) + "\n");
    EXPECT_EQ(result.out, "") << row.message;
  }
}

}  // namespace
}  // namespace gpq::test
