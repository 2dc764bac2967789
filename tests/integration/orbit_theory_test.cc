// A mirror holding an SGP4-XP set (EPHEMERIS_TYPE 4) beside an SGP4 one, through the real
// `gpq` and a real `gpq serve`: the set is kept and written back with its type, but never
// propagated with SGP4: one object's state is refused (exit 1, 422 UnprocessableEntity), the
// catalog's states give it a row with the reason.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "orbit_cli_fixture.h"
#include "support/api_client.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const std::string kXpMessage =
    "NORAD 99994: the set of 2026-09-23T00:00:00.000Z is EPHEMERIS_TYPE 4 (SGP4-XP), which SGP4 "
    "does not propagate; gpq propagates SGP4 sets only (EPHEMERIS_TYPE 0, or 2 and 3 of the "
    "older convention)";

class OrbitTheoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path() / "sets.csv")
        << std::string(kHeader) +
               "ISS (ZARYA),1998-067A,2026-09-23T00:00:00.000000,15.49245192,.00047365,51.6317,"
               "173.8582,172.3976,187.7085,0,U,25544,999,58698,.1642946E-3,.869E-4,0\n"
               "XP TEST,2026-902A,2026-09-23T00:00:00.000000,15.49245192,.00047365,51.6317,"
               "173.8582,172.3976,187.7085,4,U,99994,999,1,.1642946E-3,.869E-4,0\n";
    const ProcessResult sync = gpq({"sync", "--from", (dir_.path() / "sets.csv").string()});
    ASSERT_EQ(sync.exit_code, 0) << sync.err;
  }

  ProcessResult gpq(std::vector<std::string> args) const {
    args.insert(args.begin(), "--db=" + db().string());
    return run_gpq(args);
  }
  std::filesystem::path db() const { return dir_.path() / "gpq.db"; }

  TempDir dir_;
  simdjson::dom::parser parser_;
};

TEST_F(OrbitTheoryTest, TheSetIsKeptWithItsType) {
  const ProcessResult tle = gpq({"gp", "99994", "--format", "tle"});
  ASSERT_EQ(tle.exit_code, 0) << tle.err;
  const std::string line1 = tle.out.substr(tle.out.find("\n1 ") + 1, 69);
  EXPECT_EQ(line1[62], '4') << line1;
  const ProcessResult kvn = gpq({"gp", "99994", "--format", "kvn"});
  ASSERT_EQ(kvn.exit_code, 0) << kvn.err;
  EXPECT_NE(kvn.out.find("EPHEMERIS_TYPE = 4"), std::string::npos) << kvn.out;
}

TEST_F(OrbitTheoryTest, TheCliRefusesToPropagateIt) {
  const std::vector<std::vector<std::string>> refused = {
      {"state", "99994", "--at", "2026-09-23T01:00:00Z"},
      {"ephemeris", "99994", "--from", "2026-09-23T00:00:00Z", "--to", "2026-09-23T01:00:00Z"},
      {"passes", "99994", "--lat", "51.48", "--lon", "0", "--from", "2026-09-23", "--to",
       "2026-09-24"},
  };
  for (const auto& args : refused) {
    const ProcessResult result = gpq(args);
    EXPECT_EQ(result.exit_code, 1) << args[0];
    EXPECT_EQ(result.err, "gpq: " + kXpMessage + "\n") << args[0];
    EXPECT_EQ(result.out, "") << args[0];
  }
  const ProcessResult all =
      gpq({"state", "--all", "--at", "2026-09-23T01:00:00Z", "--format", "csv"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("\n99994,XP TEST,"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find(kXpMessage), std::string::npos) << all.out;
}

TEST_F(OrbitTheoryTest, HttpAnswers422ForOneObjectAndARowForTheCatalog) {
  ServeProcess server(db(), {"--no-auth"});
  ApiClient client(server.host(), server.port());
  for (const char* path :
       {"/api/v1/gp/99994/state?epoch=2026-09-23T01:00:00Z",
        "/api/v1/gp/99994/ephemeris?start=2026-09-23T00:00:00Z&end=2026-09-23T01:00:00Z",
        "/api/v1/gp/99994/passes?lat=51.48&lon=0&start=2026-09-23&end=2026-09-24"}) {
    const HttpResult r = client.get(path);
    EXPECT_EQ(r.status, 422) << path << " " << r.body;
    const auto doc = parser_.parse(r.body);
    EXPECT_EQ(doc["error"].get_string().value(), "UnprocessableEntity") << path;
    EXPECT_EQ(doc["message"].get_string().value(), kXpMessage) << path;
    EXPECT_EQ(doc["status"].get_int64().value(), 422) << path;
  }
  const HttpResult all = client.get("/api/v1/state?epoch=2026-09-23T01:00:00Z");
  ASSERT_EQ(all.status, 200) << all.body;
  const auto rows = parser_.parse(all.body)["data"].get_array();
  std::vector<std::string> errors;
  for (const auto row : rows) {
    errors.emplace_back(row["ERROR"].error() == simdjson::SUCCESS
                            ? std::string(row["ERROR"].get_string().value())
                            : std::string());
  }
  EXPECT_EQ(errors, (std::vector<std::string>{"", kXpMessage}));
}

}  // namespace
}  // namespace gpq::test
