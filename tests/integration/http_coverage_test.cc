// How complete an answer is (`include=coverage`) through a real `gpq serve` over the known world
// (fixture_db.h): the figures equal a count made here from the SATCAT records and the sets the
// API gives; json carries them in meta.coverage, every format in X-Coverage, the CLI's json the
// same bytes and its other formats a line on stderr; answers without it are unchanged.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/time.h"

#include "served_world_test.h"
#include "support/fixture_db.h"

namespace gpq::test {
namespace {

constexpr std::int64_t kDayUs = 86'400'000'000;

struct Counted {
  std::int64_t on_orbit = 0;
  std::int64_t within_1_day = 0;
  std::int64_t within_3_days = 0;
  std::int64_t within_30_days = 0;
};

class HttpCoverageTest : public ServedWorldTest {
 protected:
  // The count, from every SATCAT record (/catalog?active_only=false) and each object's whole
  // history: in orbit when launched by the instant and not decayed before it (a DECAY_DATE
  // counts as in orbit through that day), and the nearest set's distance from the instant.
  Counted count_at(TimePoint instant) {
    Counted counted;
    const HttpResult records = get("/catalog?active_only=false&per_page=500");
    EXPECT_EQ(records.status, 200) << records.body;
    simdjson::dom::parser records_parser;
    for (const auto record : records_parser.parse(records.body)["data"].get_array()) {
      const std::string_view launch = record["LAUNCH_DATE"].is_null()
                                          ? std::string_view()
                                          : record["LAUNCH_DATE"].get_string().value();
      if (!launch.empty() && parse_date("launch", launch).unix_micros() > instant.unix_micros()) {
        continue;
      }
      if (!record["DECAY_DATE"].is_null()) {
        const std::int64_t decayed_from =
            parse_date("decay", record["DECAY_DATE"].get_string().value()).unix_micros() + kDayUs;
        if (instant.unix_micros() >= decayed_from) {
          continue;
        }
      }
      ++counted.on_orbit;
      const std::int64_t id = record["NORAD_CAT_ID"].get_int64();
      const HttpResult sets = get("/gp/" + std::to_string(id) + "/history?per_page=500");
      if (sets.status == 404) {
        continue;
      }
      std::int64_t nearest = INT64_MAX;
      for (const auto set : parser_.parse(sets.body)["data"].get_array()) {
        const TimePoint epoch = parse_date("epoch", set["EPOCH"].get_string().value());
        nearest = std::min<std::int64_t>(nearest,
                                         std::llabs(epoch.unix_micros() - instant.unix_micros()));
      }
      counted.within_1_day += nearest <= kDayUs ? 1 : 0;
      counted.within_3_days += nearest <= 3 * kDayUs ? 1 : 0;
      counted.within_30_days += nearest <= 30 * kDayUs ? 1 : 0;
    }
    return counted;
  }

  // meta.coverage (or meta.coverage inside another meta) of a json answer.
  Counted coverage_of(const std::string& body, const std::string& at) {
    const auto coverage = parser_.parse(body)["meta"]["coverage"];
    EXPECT_EQ(coverage["at"].get_string().value(), at) << body;
    const auto syncs = coverage["last_sync"].get_object();
    EXPECT_EQ(std::string(syncs["file"].get_string().value()), "2026-02-28T18:00:00.000Z");
    return {coverage["on_orbit"].get_int64(), coverage["with_set_within_1d"].get_int64(),
            coverage["with_set_within_3d"].get_int64(),
            coverage["with_set_within_30d"].get_int64()};
  }

  static std::string header_of(const Counted& c, const std::string& at) {
    return "at=" + at + "; on_orbit=" + std::to_string(c.on_orbit) +
           "; with_set_within_1d=" + std::to_string(c.within_1_day) +
           "; with_set_within_3d=" + std::to_string(c.within_3_days) +
           "; with_set_within_30d=" + std::to_string(c.within_30_days) +
           "; last_sync_file=2026-02-28T18:00:00.000Z";
  }
};

void expect_same(const Counted& got, const Counted& want, const std::string& what) {
  EXPECT_EQ(got.on_orbit, want.on_orbit) << what;
  EXPECT_EQ(got.within_1_day, want.within_1_day) << what;
  EXPECT_EQ(got.within_3_days, want.within_3_days) << what;
  EXPECT_EQ(got.within_30_days, want.within_30_days) << what;
}

// At 2026-01-10T18:00 the ISS's newest set is 30 hours on, its nearest 6 hours: the snapshot,
// the catalog's states and the conjunctions from that instant stand on the same coverage.
TEST_F(HttpCoverageTest, EveryAnswerAtAnInstantCountsTheCatalogThen) {
  const std::string at = "2026-01-10T18:00:00.000Z";
  const Counted want = count_at(parse_date("at", at));
  EXPECT_GT(want.on_orbit, want.within_30_days) << "Vanguard 1 has no set";
  EXPECT_GT(want.within_1_day, 0);
  for (const std::string& path :
       {"/gp/epoch?epoch=" + at, "/state?epoch=" + at,
        "/conjunctions?from=" + at + "&to=2026-01-11T18:00:00Z&threshold=50"}) {
    const HttpResult json = get(path + "&include=coverage");
    ASSERT_EQ(json.status, 200) << path << " " << json.body;
    expect_same(coverage_of(json.body, at), want, path);
    EXPECT_EQ(json.header("X-Coverage"), header_of(want, at)) << path;
    const HttpResult csv = get(path + "&include=coverage&format=csv");
    ASSERT_EQ(csv.status, 200) << path << " " << csv.body;
    EXPECT_EQ(csv.header("X-Coverage"), header_of(want, at)) << path;
    // Without include, the answer is what it always was.
    const HttpResult plain = get(path);
    EXPECT_FALSE(plain.has_header("X-Coverage")) << path;
    EXPECT_EQ(plain.body.find("\"coverage\""), std::string::npos) << path;
  }
  const HttpResult tle = get("/gp/epoch?epoch=" + at + "&include=coverage&format=tle");
  EXPECT_EQ(tle.header("X-Coverage"), header_of(want, at));
}

// The searches stand at now: every set of the known world is months old by the real clock.
TEST_F(HttpCoverageTest, TheSearchesStandAtNow) {
  for (const char* path : {"/gp?include=coverage", "/catalog?include=coverage",
                           "/gp?include=quality,coverage&search=ISS"}) {
    const HttpResult r = get(path);
    ASSERT_EQ(r.status, 200) << path << " " << r.body;
    // Read before count_at(), which parses other answers with the same parser.
    const std::string at(parser_.parse(r.body)["meta"]["coverage"]["at"].get_string().value());
    const Counted want = count_at(parse_date("at", at));
    expect_same(coverage_of(r.body, at), want, path);
    EXPECT_EQ(want.within_30_days, 0) << path;
  }
}

TEST_F(HttpCoverageTest, TheCliWritesTheSameJsonAndALineElsewhere) {
  const std::string at = "2026-01-10T18:00:00Z";
  const HttpResult http = get("/gp/epoch?epoch=" + at + "&include=coverage&per_page=100");
  const ProcessResult json =
      cli({"gp", "--epoch", at, "--coverage", "--per-page", "100", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(http.body + "\n", json.out);
  EXPECT_EQ(json.err, "");
  const ProcessResult csv = cli({"state", "--all", "--at", at, "--coverage", "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.err.rfind("gpq: coverage at 2026-01-10T18:00:00.000Z: ", 0), 0U) << csv.err;
  EXPECT_NE(csv.err.find("objects in orbit (SATCAT)"), std::string::npos) << csv.err;
  EXPECT_NE(csv.err.find("last sync: file 2026-02-28T18:00:00.000Z"), std::string::npos) << csv.err;
  EXPECT_EQ(csv.out, cli({"state", "--all", "--at", at, "--format", "csv"}).out);
  const ProcessResult one = cli({"state", "25544", "--at", at, "--coverage"});
  EXPECT_NE(one.exit_code, 0);
  EXPECT_NE(one.err.find("--coverage applies to the catalog's states (--all)"), std::string::npos);
}

TEST_F(HttpCoverageTest, AdjacentCarriesEachSidesQuality) {
  const std::string path = "/gp/25544/adjacent?epoch=2026-01-10T18:00:00Z";
  const HttpResult http = get(path + "&include=quality");
  ASSERT_EQ(http.status, 200) << http.body;
  const auto doc = parser_.parse(http.body);
  EXPECT_EQ(doc["before"]["_quality"].get_array().size(), 0U);
  EXPECT_EQ(doc["after"]["_quality"].get_array().size(), 0U);
  const ProcessResult local = cli(
      {"adjacent", "25544", "--epoch", "2026-01-10T18:00:00Z", "--quality", "--format", "json"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(http.body + "\n", local.out);
  // FALLEN SAT's last set, asked after its decay: decayed (and the side after it is null).
  const HttpResult fallen = get("/gp/50002/adjacent?epoch=2026-01-20T00:00:00Z&include=quality");
  ASSERT_EQ(fallen.status, 200) << fallen.body;
  const auto flags = parser_.parse(fallen.body)["before"]["_quality"].get_array();
  ASSERT_EQ(flags.size(), 1U) << fallen.body;
  EXPECT_EQ(flags.at(0).get_string().value(), "decayed");
  EXPECT_EQ(get(path).body.find("_quality"), std::string::npos);
}

}  // namespace
}  // namespace gpq::test
