// Quality flags and allow_stale through a real `gpq serve` over the known world (fixture_db.h,
// judged on the real clock, so every set of that world is stale now): `include=quality` adds
// `_quality` to every answer of sets, byte for byte the CLI's `--quality`; answers without it
// are unchanged; formats that cannot carry it refuse; state refuses a decayed or stale set
// unless allow_stale=true.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "served_world_test.h"
#include "support/fixture_db.h"

namespace gpq::test {
namespace {

class HttpQualityTest : public ServedWorldTest {
 protected:
  std::vector<std::string> flags_of(const std::string& path) {
    const HttpResult r = get(path);
    EXPECT_EQ(r.status, 200) << path << " " << r.body;
    std::vector<std::string> flags;
    for (const auto flag : parser_.parse(r.body)["_quality"].get_array()) {
      flags.emplace_back(flag.get_string().value());
    }
    return flags;
  }
};

TEST_F(HttpQualityTest, EveryAnswerOfSetsIsTheClisWithQuality) {
  const struct {
    std::string path;  // with a query, to which `&include=quality&format=` is added
    std::vector<std::string> args;
  } rows[] = {
      {"/gp/25544?tle_layout=source", {"gp", "25544"}},
      // Lists: the CLI pages as the API does when asked.
      {"/gp?norad_ids=25544,50002,81011&decay=true",
       {"gp", "--ids", "25544,50002,81011", "--decayed", "--per-page", "100"}},
      {"/gp/epoch?epoch=2026-01-11T00:00:00Z",
       {"gp", "--epoch", "2026-01-11T00:00:00Z", "--per-page", "100"}},
      {"/gp/25544/history?tle_layout=source", {"history", "25544", "--per-page", "100"}},
      {"/gp/25544/nearest?epoch=2026-01-11T06:00:00Z",
       {"nearest", "25544", "--epoch", "2026-01-11T06:00:00Z"}},
  };
  for (const auto& row : rows) {
    for (const std::string format : {"json", "csv"}) {
      const HttpResult http = get(row.path + "&include=quality&format=" + format);
      ASSERT_EQ(http.status, 200) << row.path << " " << http.body;
      std::vector<std::string> args = row.args;
      args.insert(args.end(), {"--quality", "--format", format});
      const ProcessResult local = cli(args);
      ASSERT_EQ(local.exit_code, 0) << local.err;
      EXPECT_EQ(http.body + (format == "json" ? "\n" : ""), local.out) << row.path;
      EXPECT_NE(http.body.find("_quality"), std::string::npos) << row.path;
      // Without include the answer is what it always was.
      const HttpResult plain = get(row.path + "&format=" + format);
      EXPECT_EQ(plain.body.find("_quality"), std::string::npos) << row.path;
    }
  }
}

TEST_F(HttpQualityTest, FlagsFollowTheInstantAsked) {
  // Now every set of the known world (early 2026) is stale; at its own epoch none is.
  EXPECT_EQ(flags_of("/gp/25544?include=quality"), std::vector<std::string>{"stale"});
  EXPECT_EQ(flags_of("/gp/25544/nearest?epoch=2026-01-11T06:00:00Z&include=quality"),
            std::vector<std::string>{});
  // FALLEN SAT decayed on 2026-01-15: decayed from the 16th.
  EXPECT_EQ(flags_of("/gp/50002?include=quality"), (std::vector<std::string>{"stale", "decayed"}));
  EXPECT_EQ(flags_of("/gp/50002/nearest?epoch=2026-01-15T12:00:00Z&include=quality"),
            std::vector<std::string>{});
  EXPECT_EQ(flags_of("/gp/50002/nearest?epoch=2026-01-16T00:00:00Z&include=quality"),
            std::vector<std::string>{"decayed"});
  // Analyst objects, by the catalog numbers Space-Track gives them.
  EXPECT_EQ(flags_of("/gp/81011/nearest?epoch=2026-02-27T12:00:00Z&include=quality"),
            std::vector<std::string>{"analyst"});
  EXPECT_EQ(flags_of("/gp/270449/nearest?epoch=2026-02-27T12:00:00Z&include=quality"),
            std::vector<std::string>{"analyst"});
  // As of an instant the flags are still read from the archive now, at that instant.
  EXPECT_EQ(flags_of("/gp/25544?as_of=2026-01-12T06:00:00Z&include=quality"),
            std::vector<std::string>{});
}

TEST_F(HttpQualityTest, RefusalsNameWhatToChange) {
  const struct {
    std::string path;
    std::string message;
  } rows[] = {
      {"/gp/25544?include=quality&format=tle",
       "parameter 'include': quality is written in json and csv (and the command line's "
       "table), not in tle"},
      {"/gp/25544?include=everything",
       "parameter 'include': 'everything' is not a member this answer includes; use quality"},
      {"/gp/25544?include=coverage",
       "parameter 'include': 'coverage' is not a member this answer includes; use quality"},
      {"/gp?include=quality,everything",
       "parameter 'include': 'everything' is not a member this answer includes; use quality or "
       "coverage"},
      {"/state?epoch=2026-01-16T12:00:00Z&include=quality",
       "parameter 'include': 'quality' is not a member this answer includes; use coverage"},
      {"/gp/50002/state?epoch=2026-01-16T12:00:00Z",
       "NORAD 50002 decayed on 2026-01-15 (SATCAT DECAY_DATE); ask for a time before "
       "2026-01-16T00:00:00.000Z"},
      {"/state?epoch=2026-01-16T12:00:00Z&allow_stale=true",
       "parameter 'allow_stale' applies to one object's state; the catalog's states give each "
       "stale or decayed object's reason in its row"},
      {"/gp/25544/state?epoch=2026-01-16T12:00:00Z&allow_stale=maybe",
       "parameter 'allow_stale': 'maybe' is not a boolean; use true or false"},
  };
  for (const auto& row : rows) {
    const HttpResult r = get(row.path);
    EXPECT_EQ(r.status, 400) << row.path << " " << r.body;
    EXPECT_EQ(parser_.parse(r.body)["message"].get_string().value(), row.message) << row.path;
  }
}

TEST_F(HttpQualityTest, AllowStalePropagatesWhatIsOtherwiseRefused) {
  // After the decay day, and 48 days after the ISS's newest set.
  for (const std::string path : {"/gp/50002/state?epoch=2026-01-16T12:00:00Z",
                                 "/gp/25544/state?epoch=2026-03-01T00:00:00Z"}) {
    EXPECT_EQ(get(path).status, 400) << path;
    const HttpResult allowed = get(path + "&allow_stale=true");
    EXPECT_EQ(allowed.status, 200) << path << " " << allowed.body;
    const ProcessResult local =
        cli({"state", path.substr(4, 5), "--at", path.substr(path.find('=') + 1), "--allow-stale",
             "--format", "json"});
    EXPECT_EQ(local.exit_code, 0) << local.err;
    EXPECT_EQ(allowed.body + "\n", local.out) << path;
  }
  const HttpResult ephemeris =
      get("/gp/25544/ephemeris?start=2026-02-27T00:00:00Z&end=2026-03-01T00:00:00Z&step=1h&"
          "allow_stale=true");
  EXPECT_EQ(ephemeris.status, 200) << ephemeris.body;
  const HttpResult passes =
      get("/gp/25544/passes?lat=52&lon=0&start=2026-02-27T00:00:00Z&end=2026-02-28T00:00:00Z&"
          "allow_stale=true");
  EXPECT_EQ(passes.status, 200) << passes.body;
}

}  // namespace
}  // namespace gpq::test
