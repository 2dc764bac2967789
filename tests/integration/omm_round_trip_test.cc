// XML and KVN written by gpq, imported again: nothing is invented on the way. A set the
// upstream gave no CREATION_DATE comes back without one (not with when gpq collected it, which
// would then pass for the upstream's and decide between two versions of the set).
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

TEST(OmmRoundTripTest, XmlAndKvnOfASetWithoutCreationDateReimportWithoutOne) {
  TempDir dir;
  const std::string first = (dir.path() / "first.db").string();
  const std::string tle = std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.3le";
  ASSERT_EQ(run_gpq({"--db", first, "--quiet", "sync", "--from", tle}).exit_code, 0);
  ASSERT_NE(run_gpq({"--db", first, "--format", "json", "gp", "25544"})
                .out.find(R"j("CREATION_DATE":null)j"),
            std::string::npos);

  for (const std::string format : {"xml", "kvn"}) {
    const ProcessResult exported = run_gpq({"--db", first, "--format", format, "gp", "25544"});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    const std::string file = (dir.path() / ("iss." + format)).string();
    std::ofstream(file) << exported.out;
    const std::string again = (dir.path() / (format + ".db")).string();
    const ProcessResult imported = run_gpq({"--db", again, "--quiet", "sync", "--from", file});
    ASSERT_EQ(imported.exit_code, 0) << format << ": " << imported.err;
    const std::string json = run_gpq({"--db", again, "--format", "json", "gp", "25544"}).out;
    EXPECT_NE(json.find(R"j("CREATION_DATE":null)j"), std::string::npos) << format << "\n" << json;
  }
}

}  // namespace
}  // namespace gpq::test
