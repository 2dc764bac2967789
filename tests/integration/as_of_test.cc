// What was known then: a mirror fed one day at a time (CelesTrak CSV without CREATION_DATE
// and Space-Track OMM with it, re-publications included, each day's files imported with
// --published-at), each day's answers recorded; afterwards every one is given back byte for
// byte with --as-of that day, by the CLI and by the API: the sets, and what is computed from
// them (states, ephemerides, passes, events).
#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const char* const kDays[] = {"2026-06-10T12:00:00Z", "2026-06-11T12:00:00Z",
                             "2026-06-12T12:00:00Z"};
constexpr const char* kProbe = "2026-06-10T07:00:00Z";

ElementSet celestrak(const char* epoch, double mean_anomaly = 100.0) {
  ElementSet set = make_set(25544, "ISS (ZARYA)", iso(epoch));
  set.mean_anomaly = mean_anomaly;
  return set;
}

ElementSet spacetrack(const char* epoch, const char* created, double bstar = 1e-4) {
  ElementSet set = make_set(5, "VANGUARD 1", iso(epoch), DataSource::spacetrack);
  set.creation_date = iso(created);
  set.bstar = bstar;
  return set;
}

ElementSet renamed(ElementSet set, const char* name) {
  set.object_name = name;
  return set;
}

// The questions asked each day, as CLI arguments (an id, then the rest).
std::vector<std::vector<std::string>> questions() {
  std::vector<std::vector<std::string>> asked;
  for (const char* id : {"25544", "5"}) {
    for (const char* format : {"json", "csv", "tle"}) {
      asked.push_back({"gp", id, "--format", format});
      asked.push_back({"history", id, "--format", format});
      asked.push_back({"nearest", id, "--epoch", kProbe, "--format", format});
    }
    asked.push_back({"adjacent", id, "--epoch", kProbe, "--format", "json"});
    asked.push_back({"range", id, "--format", "json"});
    // What is computed from the sets then current.
    asked.push_back({"state", id, "--at", kProbe, "--format", "json"});
    asked.push_back({"ephemeris", id, "--from", kProbe, "--to", "2026-06-10T08:00:00Z", "--step",
                     "10min", "--format", "csv"});
    asked.push_back({"passes", id, "--lat", "51.48", "--lon", "0", "--from", "2026-06-10", "--to",
                     "2026-06-11", "--format", "json"});
    asked.push_back({"events", id, "--format", "json"});
  }
  asked.push_back({"catalog", "--search", "vanguard", "--format", "csv"});
  for (const char* format : {"json", "csv"}) {
    asked.push_back({"catalog", "5", "--format", format});
    // The catalog-wide questions: the snapshot at an epoch and the catalog's states.
    asked.push_back({"gp", "--epoch", kProbe, "--format", format});
    asked.push_back({"state", "--all", "--at", kProbe, "--format", format});
  }
  // The search of current sets: every object's newest set, by name, by ids.
  asked.push_back({"gp", "--format", "csv"});
  asked.push_back({"gp", "--search", "vanguard", "--format", "json"});
  asked.push_back({"gp", "--ids", "5,25544", "--format", "tle"});
  asked.push_back({"conjunctions", "--from", kProbe, "--to", "2026-06-11T07:00:00Z", "--threshold",
                   "50", "--format", "json"});
  // How complete each catalog-wide answer was: the records, sets and syncs of that day.
  asked.push_back({"gp", "--epoch", kProbe, "--coverage", "--format", "json"});
  asked.push_back({"state", "--all", "--at", kProbe, "--coverage", "--format", "json"});
  asked.push_back({"conjunctions", "--from", kProbe, "--to", "2026-06-11T07:00:00Z", "--threshold",
                   "50", "--coverage", "--format", "json"});
  return asked;
}

class AsOfDayByDayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::vector<std::vector<ElementSet>> celestrak_days = {
        {celestrak("2026-06-09T06:00:00Z"), celestrak("2026-06-10T06:00:00Z")},
        // The set of the 10th again, regenerated with another mean anomaly.
        {celestrak("2026-06-10T06:00:00Z", 100.5), celestrak("2026-06-11T06:00:00Z")},
        {celestrak("2026-06-12T06:00:00Z")},
    };
    const std::vector<std::vector<ElementSet>> spacetrack_days = {
        {spacetrack("2026-06-09T08:00:00Z", "2026-06-09T10:00:00Z")},
        // A refit of the 9th's set, created on the 11th.
        {spacetrack("2026-06-09T08:00:00Z", "2026-06-11T10:00:00Z", 2e-4),
         spacetrack("2026-06-10T20:00:00Z", "2026-06-11T09:00:00Z")},
        {renamed(spacetrack("2026-06-12T01:00:00Z", "2026-06-12T03:00:00Z"), "VANGUARD 1 (R)")},
    };
    // SATCAT: Vanguard 1's record changes on the third day.
    const std::string satcat_header =
        "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
        "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,"
        "ORBIT_CENTER,ORBIT_TYPE\n";
    const std::vector<std::string> satcat_days = {
        satcat_header +
            "VANGUARD 1,1958-002B,5,PAY,,US,1958-03-17,AFETR,,132.74,34.25,3830,654,"
            "0.1220,,EA,ORB\n",
        "",
        satcat_header +
            "VANGUARD 1,1958-002B,5,PAY,-,US,1958-03-17,AFETR,,132.70,34.25,3829,"
            "653,0.1220,,EA,ORB\n",
    };
    for (std::size_t day = 0; day < std::size(kDays); ++day) {
      import(set_list_text(Format::csv, celestrak_days[day]), "celestrak", day);
      import(set_list_text(Format::json, spacetrack_days[day]), "spacetrack", day);
      if (!satcat_days[day].empty()) {
        import(satcat_days[day], "celestrak", day, "satcat");
      }
      for (const auto& question : questions()) {
        recorded_[day].push_back(ask(question));
      }
    }
  }

  void import(const std::string& text, const std::string& source, std::size_t day,
              const std::string& kind = "sets") {
    const std::string path =
        (dir_.path() / (kind + "-" + source + "-" + std::to_string(day) + ".txt")).string();
    std::ofstream(path) << text;
    const ProcessResult result = run_gpq(
        {"--db", db_, "sync", "--from", path, "--source", source, "--published-at", kDays[day]});
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }

  std::string ask(std::vector<std::string> question, const char* as_of = nullptr) {
    std::vector<std::string> args{"--db", db_};
    args.insert(args.end(), question.begin(), question.end());
    if (as_of != nullptr) {
      args.insert(args.end(), {"--as-of", as_of});
    }
    const ProcessResult result = run_gpq(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  }

  TempDir dir_;
  std::string db_ = (dir_.path() / "gpq.db").string();
  std::map<std::size_t, std::vector<std::string>> recorded_;
};

TEST_F(AsOfDayByDayTest, EveryRecordedAnswerComesBackAsOfItsDay) {
  const auto asked = questions();
  for (std::size_t day = 0; day < std::size(kDays); ++day) {
    for (std::size_t i = 0; i < asked.size(); ++i) {
      EXPECT_EQ(ask(asked[i], kDays[day]), recorded_[day][i])
          << "day " << day + 1 << ": gpq " << asked[i][0] << " " << asked[i][1] << " "
          << asked[i].back();
    }
  }
  // The days differ, or the test would prove nothing.
  EXPECT_NE(recorded_[0][1], recorded_[1][1]) << "the history of 25544 grew and changed";
  const std::size_t state =
      std::find(asked.begin(), asked.end(),
                std::vector<std::string>{"state", "25544", "--at", kProbe, "--format", "json"}) -
      asked.begin();
  ASSERT_LT(state, asked.size());
  EXPECT_NE(recorded_[0][state], recorded_[1][state]) << "the set of the 10th was regenerated";
  const std::size_t record =
      std::find(asked.begin(), asked.end(),
                std::vector<std::string>{"catalog", "5", "--format", "csv"}) -
      asked.begin();
  ASSERT_LT(record, asked.size());
  EXPECT_NE(recorded_[0][record], recorded_[2][record]) << "the SATCAT record changed";
  const std::size_t coverage =
      std::find(
          asked.begin(), asked.end(),
          std::vector<std::string>{"gp", "--epoch", kProbe, "--coverage", "--format", "json"}) -
      asked.begin();
  ASSERT_LT(coverage, asked.size());
  // Imported files are the `file` source's syncs, collected as of their --published-at.
  EXPECT_NE(recorded_[1][coverage].find("\"last_sync\":{\"file\":\"2026-06-11T12:00:00.000Z\"}"),
            std::string::npos)
      << recorded_[1][coverage];
  EXPECT_NE(recorded_[0][coverage], recorded_[1][coverage]) << "each day's syncs";
}

TEST_F(AsOfDayByDayTest, BothVersionsAreKeptAndTheLaterAnswers) {
  const ProcessResult status = run_gpq({"--db", db_, "status", "--format", "json"});
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("\"superseded_versions\":2"), std::string::npos) << status.out;
  const std::string now =
      ask({"nearest", "25544", "--epoch", "2026-06-10T06:00:00Z", "--format", "csv"});
  const std::string then =
      ask({"nearest", "25544", "--epoch", "2026-06-10T06:00:00Z", "--format", "csv"}, kDays[0]);
  EXPECT_NE(now.find(",100.5"), std::string::npos) << now;
  EXPECT_EQ(then.find(",100.5"), std::string::npos) << then;
  EXPECT_NE(then.find(",100,"), std::string::npos) << then;
}

TEST_F(AsOfDayByDayTest, TheApiGivesTheCliAnswer) {
  ServeProcess server(db_, {"--no-auth", "--rate", "100000", "--burst", "100000", "--heavy-rate",
                            "100000", "--heavy-burst", "100000"});
  ApiClient client(server.host(), server.port());
  for (std::size_t day = 0; day < std::size(kDays); ++day) {
    const std::string as_of = kDays[day];
    const std::pair<std::string, std::vector<std::string>> pairs[] = {
        {"/gp/25544?format=json", {"gp", "25544", "--format", "json"}},
        {"/gp/5/history?format=csv", {"history", "5", "--format", "csv"}},
        {std::string("/gp/25544/nearest?format=tle&epoch=") + kProbe,
         {"nearest", "25544", "--epoch", kProbe, "--format", "tle"}},
        {std::string("/gp/5/adjacent?epoch=") + kProbe,
         {"adjacent", "5", "--epoch", kProbe, "--format", "json"}},
        {"/gp/25544/range", {"range", "25544", "--format", "json"}},
        {"/catalog/5?format=csv", {"catalog", "5", "--format", "csv"}},
        {std::string("/gp/25544/state?format=json&epoch=") + kProbe,
         {"state", "25544", "--at", kProbe, "--format", "json"}},
        {std::string("/gp/5/ephemeris?format=csv&step=10min&end=2026-06-10T08:00:00Z&start=") +
             kProbe,
         {"ephemeris", "5", "--from", kProbe, "--to", "2026-06-10T08:00:00Z", "--step", "10min",
          "--format", "csv"}},
        {"/gp/25544/events?format=json", {"events", "25544", "--format", "json"}},
        {"/gp?search=vanguard&format=csv", {"gp", "--search", "vanguard", "--format", "csv"}},
        {"/catalog?search=vanguard&format=csv",
         {"catalog", "--search", "vanguard", "--format", "csv"}},
        {std::string("/gp/epoch?format=csv&epoch=") + kProbe,
         {"gp", "--epoch", kProbe, "--format", "csv"}},
        {std::string("/state?format=csv&epoch=") + kProbe,
         {"state", "--all", "--at", kProbe, "--format", "csv"}},
        {std::string("/conjunctions?threshold=50&to=2026-06-11T07:00:00Z&from=") + kProbe,
         {"conjunctions", "--from", kProbe, "--to", "2026-06-11T07:00:00Z", "--threshold", "50",
          "--format", "json", "--per-page", "100"}},  // the API's page; the CLI gives all
        {std::string("/gp/epoch?include=coverage&epoch=") + kProbe,
         {"gp", "--epoch", kProbe, "--coverage", "--format", "json", "--per-page", "100"}},
    };
    for (const auto& [target, question] : pairs) {
      const char separator = target.find('?') == std::string::npos ? '?' : '&';
      const HttpResult reply = client.get("/api/v1" + target + separator + "as_of=" + as_of);
      ASSERT_EQ(reply.status, 200) << target << ": " << reply.body;
      std::string body = reply.body;
      if (!body.empty() && body.back() != '\n') {
        body += '\n';
      }
      EXPECT_EQ(body, ask(question, kDays[day])) << target << " as of " << as_of;
    }
  }
}

TEST_F(AsOfDayByDayTest, QuestionsNotAnsweredAsOfAreRefused) {
  ServeProcess server(db_, {"--no-auth"});
  ApiClient client(server.host(), server.port());
  for (const char* target : {"/api/v1/gp/25544/series?as_of=2026-06-10T12:00:00Z",
                             "/api/v1/status?as_of=2026-06-10T12:00:00Z"}) {
    const HttpResult reply = client.get(target);
    EXPECT_EQ(reply.status, 400) << target;
    EXPECT_NE(reply.body.find("'as_of'"), std::string::npos) << reply.body;
  }
  const HttpResult bad = client.get("/api/v1/gp/25544?as_of=yesterday");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("'as_of'"), std::string::npos) << bad.body;
}

}  // namespace
}  // namespace gpq::test
