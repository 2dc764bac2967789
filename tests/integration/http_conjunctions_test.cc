// /conjunctions through a real `gpq serve` over the known world (fixture_db.h): the CLI's
// answer for the same page byte for byte, every format with its media type, the page headers, and
// refusals as JSON 400s naming the parameter. Every exchange is also checked against
// api/openapi.json (openapi_responses_valid).
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "served_world_test.h"
#include "support/fixture_db.h"
#include "support/served_world.h"

namespace gpq::test {
namespace {

class HttpConjunctionsTest : public ServedWorldTest {};

constexpr const char* kWindow = "from=2026-02-28T00:00:00Z&to=2026-03-01T00:00:00Z&threshold=50";

TEST_F(HttpConjunctionsTest, TheAnswerIsTheCliAnswerInEveryFormat) {
  for (const char* format : {"json", "csv", "kvn", "xml"}) {
    const HttpResult http = get(std::string("/conjunctions?") + kWindow + "&format=" + format);
    ASSERT_EQ(http.status, 200) << http.body;
    const std::string type = http.header("Content-Type");
    EXPECT_EQ(type, format == std::string("json")  ? "application/json; charset=utf-8"
                    : format == std::string("csv") ? "text/csv; charset=utf-8"
                    : format == std::string("xml") ? "application/xml; charset=utf-8"
                                                   : "text/plain; charset=utf-8");
    EXPECT_TRUE(http.has_header("X-Total-Count"));
    const ProcessResult local =
        cli({"conjunctions", "--from", "2026-02-28T00:00:00Z", "--to", "2026-03-01T00:00:00Z",
             "--threshold", "50", "--page", "1", "--per-page", "100", "--format", format});
    ASSERT_EQ(local.exit_code, 0) << local.err;
    EXPECT_EQ(http.body + (format == std::string("json") ? "\n" : ""), local.out) << format;
  }
  const auto doc = parser_.parse(get(std::string("/conjunctions?") + kWindow).body);
  EXPECT_EQ(doc["meta"]["from"].get_string().value(), "2026-02-28T00:00:00.000Z");
  EXPECT_EQ(doc["meta"]["threshold_km"].get_double().value(), 50.0);
  EXPECT_GT(doc["meta"]["objects"]["members"].get_int64().value(), 0);
}

// Following the archive over HTTP and on the command line: one answer, which says its rule.
TEST_F(HttpConjunctionsTest, FollowingTheArchiveIsTheCliAnswerToo) {
  const HttpResult http = get(std::string("/conjunctions?") + kWindow + "&follow_archive=true");
  ASSERT_EQ(http.status, 200) << http.body;
  const ProcessResult local = cli({"conjunctions", "--from", "2026-02-28T00:00:00Z", "--to",
                                   "2026-03-01T00:00:00Z", "--threshold", "50", "--follow-archive",
                                   "--page", "1", "--per-page", "100", "--format", "json"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(http.body + "\n", local.out);
  const auto doc = parser_.parse(http.body);
  EXPECT_EQ(doc["meta"]["set_rule"].get_string().value(), "archive");
  EXPECT_GE(doc["meta"]["objects"]["sets"].get_int64().value(),
            doc["meta"]["objects"]["screened"].get_int64().value());
  const HttpResult bad = get(std::string("/conjunctions?") + kWindow + "&follow_archive=maybe");
  EXPECT_EQ(bad.status, 400) << bad.body;
  EXPECT_NE(bad.body.find("'follow_archive'"), std::string::npos) << bad.body;
}

TEST_F(HttpConjunctionsTest, RefusalsNameTheParameter) {
  for (const auto& [query, parameter] : std::initializer_list<std::pair<const char*, const char*>>{
           {"threshold=51", "'threshold'"},
           {"threshold=abc", "'threshold'"},
           {"sort=closest", "'sort'"},
           {"primaries=some", "'primaries'"},
           {"format=tle", "'format'"},
           {"from=2026-03-01T00:00:00Z&to=2026-02-28T00:00:00Z", "'to'"},
           {"from=2026-02-01T00:00:00Z&to=2026-02-28T00:00:00Z", "'from' and 'to'"},
       }) {
    const HttpResult http = get(std::string("/conjunctions?") + query);
    EXPECT_EQ(http.status, 400) << query << ": " << http.body;
    EXPECT_NE(http.body.find(parameter), std::string::npos) << query << ": " << http.body;
  }
}

// `gpq serve --max-conjunction-days`: the server's own longest window, refused beyond it.
TEST(HttpConjunctionsWindowTest, TheServerSetsTheLongestWindow) {
  std::vector<std::string> args = kUnlimited;
  args.insert(args.end(), {"--max-conjunction-days", "1"});
  const ServedWorld world(args);
  const auto client = world.client();
  const HttpResult day =
      client->get("/api/v1/conjunctions?from=2026-02-28T00:00:00Z&to=2026-03-01T00:00:00Z");
  EXPECT_EQ(day.status, 200) << day.body;
  const HttpResult longer =
      client->get("/api/v1/conjunctions?from=2026-02-27T00:00:00Z&to=2026-02-28T12:00:00Z");
  EXPECT_EQ(longer.status, 400) << longer.body;
  EXPECT_NE(longer.body.find("at most 1 day"), std::string::npos) << longer.body;
}

}  // namespace
}  // namespace gpq::test
