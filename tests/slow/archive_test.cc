// The archive generator and the benchmarks, so that neither rots: a small archive gives the
// same mirror through `gpq sync --from` as written directly, and a 1M-set archive imports and
// passes a smoke run of the query benchmark.
#include <regex>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

// Builds without the benchmarks (GPQ_BUILD_BENCH=OFF) have neither program.
#ifndef GPQ_GENERATOR
#define GPQ_GENERATOR ""
#define GPQ_QUERY_BENCH ""
#endif

namespace gpq::test {
namespace {

// The records of `csv` without the `_collected_at` column (the last), which says when each
// mirror was written.
std::string without_collected_at(const std::string& csv) {
  return std::regex_replace(csv, std::regex(",[^,\n]*\n"), "\n");
}

class ArchiveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (real_data_dir().empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
    if (std::string(GPQ_GENERATOR).empty()) {
      GTEST_SKIP() << "built without the benchmarks (GPQ_BUILD_BENCH=OFF)";
    }
  }

  ProcessResult generate(const std::vector<std::string>& args) {
    std::vector<std::string> argv{GPQ_GENERATOR};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv);
  }

  TempDir dir_;
};

TEST_F(ArchiveTest, ImportedAndDirectArchivesAreTheSameMirror) {
  const std::string csv = (dir_.path() / "archive.csv").string();
  const std::string imported = (dir_.path() / "imported.db").string();
  const std::string direct = (dir_.path() / "direct.db").string();
  ASSERT_EQ(generate({"--sets", "30000", "--csv", csv}).exit_code, 0);
  ASSERT_EQ(run_gpq({"--db", imported, "--quiet", "sync", "--from", csv}).exit_code, 0);
  ASSERT_EQ(generate({"--sets", "30000", "--db", direct}).exit_code, 0);
  for (const std::string id : {"25544", "5", "28654", "43013", "44713"}) {
    SCOPED_TRACE(id);
    const ProcessResult a = run_gpq({"--db", imported, "--format", "csv", "history", id});
    const ProcessResult b = run_gpq({"--db", direct, "--format", "csv", "history", id});
    EXPECT_EQ(a.exit_code, b.exit_code);
    EXPECT_EQ(without_collected_at(a.out), without_collected_at(b.out));
  }
  const ProcessResult a = run_gpq({"--db", imported, "--format", "json", "status"});
  const ProcessResult b = run_gpq({"--db", direct, "--format", "json", "status"});
  const std::regex sets("\"element_sets\":([0-9]+)");
  std::smatch ma;
  std::smatch mb;
  ASSERT_TRUE(std::regex_search(a.out, ma, sets));
  ASSERT_TRUE(std::regex_search(b.out, mb, sets));
  EXPECT_EQ(ma[1], mb[1]);
  EXPECT_GT(std::stoll(ma[1]), 25000);
}

TEST_F(ArchiveTest, AMillionSetsImportAndTheBenchmarkRuns) {
  const std::string csv = (dir_.path() / "archive.csv").string();
  const std::string db = (dir_.path() / "archive.db").string();
  ASSERT_EQ(generate({"--sets", "1000000", "--csv", csv}).exit_code, 0);
  const ProcessResult imported = run_gpq({"--db", db, "sync", "--from", csv});
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_NE(imported.out.find("0 records skipped"), std::string::npos) << imported.out;
  const ProcessResult bench =
      run_process({GPQ_QUERY_BENCH, "--benchmark_min_time=0.01"}, {"GPQ_BENCH_DB=" + db});
  EXPECT_EQ(bench.exit_code, 0) << bench.err;
  EXPECT_NE(bench.out.find("BM_"), std::string::npos) << bench.out;
}

}  // namespace
}  // namespace gpq::test
