// A query naming a database that does not exist says so (exit 1) and creates nothing: an
// empty database would answer "not found" for every object, hiding a mistyped --db. sync and
// keys still create it.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

TEST(MissingDatabaseTest, AQueryRefusesAMissingDatabaseAndCreatesNone) {
  TempDir dir;
  const std::filesystem::path db = dir.path() / "typo.db";
  const std::vector<std::vector<std::string>> queries = {
      {"gp", "25544"},      {"gp", "--epoch", "2026-01-01"},          {"history", "25544"},
      {"catalog", "25544"}, {"state", "25544", "--at", "2026-01-01"}, {"status"},
  };
  for (std::vector<std::string> args : queries) {
    const std::string name = args[0];
    args.insert(args.begin(), "--db=" + db.string());
    const ProcessResult result = run_gpq(args);
    EXPECT_EQ(result.exit_code, 1) << name;
    EXPECT_EQ(result.err, "gpq: no such database: " + db.string() +
                              " (gpq sync creates it; --db or GPQ_DB names another)\n")
        << name;
    EXPECT_EQ(result.out, "") << name;
    EXPECT_FALSE(std::filesystem::exists(db)) << name;
  }
  // keys (and sync) still create it.
  const ProcessResult keys = run_gpq({"--db=" + db.string(), "keys", "create"});
  EXPECT_EQ(keys.exit_code, 0) << keys.err;
  EXPECT_TRUE(std::filesystem::exists(db));
  const ProcessResult now_empty = run_gpq({"--db=" + db.string(), "gp", "25544"});
  EXPECT_EQ(now_empty.exit_code, 3) << now_empty.err;
}

}  // namespace
}  // namespace gpq::test
