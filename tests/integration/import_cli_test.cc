// `gpq sync --from` as a user runs it: the real binary, real files, a real database.
#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <regex>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "support/process.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

struct Counts {
  long read = -1, added = -1, updated = -1, unchanged = -1, skipped = -1;
};

// Reads the summary line: "Imported N file(s), B bytes: R sets read, A added, U updated, C
// unchanged; K catalog records; S records skipped."
Counts parse_summary(const std::string& out) {
  static const std::regex pattern(
      R"((\d+) sets read, (\d+) added, (\d+) updated, (\d+) unchanged; \d+ catalog records; (\d+) records skipped)");
  std::smatch match;
  Counts counts;
  if (std::regex_search(out, match, pattern)) {
    counts = {std::stol(match[1]), std::stol(match[2]), std::stol(match[3]), std::stol(match[4]),
              std::stol(match[5])};
  }
  return counts;
}

// Sets committed so far, read the way any other reader would (0 before the first commit).
long committed_sets(const fs::path& db_path) {
  try {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    db.setBusyTimeout(1000);
    return db.execAndGet("SELECT value FROM meta WHERE key = 'element_set_count'").getInt64();
  } catch (const std::exception&) {
    return 0;  // not created or not migrated yet
  }
}

std::string db_arg(const TempDir& dir) {
  return "--db=" + (dir.path() / "gpq.db").string();
}

TEST(ImportCliTest, SecondImportOfTheSameFilesChangesNothing) {
  TempDir dir;
  write_file(dir.path() / "sets.3le", synthetic_3le(3000, 500));
  const ProcessResult first = run_gpq({db_arg(dir), "sync", "--from", dir.path().string()});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Counts a = parse_summary(first.out);
  EXPECT_EQ(a.read, 3000) << first.out;
  EXPECT_EQ(a.added, 3000) << first.out;

  const ProcessResult second = run_gpq({db_arg(dir), "sync", "--from", dir.path().string()});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const Counts b = parse_summary(second.out);
  EXPECT_EQ(b.added, 0) << second.out;
  EXPECT_EQ(b.updated, 0) << second.out;
  EXPECT_EQ(b.unchanged, 3000) << second.out;
}

TEST(ImportCliTest, UnreadableFilesNamedExplicitlyAreClearErrors) {
  TempDir dir;
  write_file(dir.path() / "empty.txt", "");
  std::string garbage(4096, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2654435761U) >> 13);
  }
  write_file(dir.path() / "garbage.bin", garbage);
  write_file(dir.path() / "broken.gz", std::string("\x1f\x8b\x08\x00garbage", 12));
  for (const char* name : {"empty.txt", "garbage.bin", "broken.gz"}) {
    const ProcessResult result =
        run_gpq({db_arg(dir), "sync", "--from", (dir.path() / name).string()});
    EXPECT_EQ(result.exit_code, 2) << name << ": " << result.err;
    EXPECT_TRUE(result.err.starts_with("gpq: ")) << name << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
  // Empty, blank, or empty once decompressed: named so, not called an unknown format.
  write_file(dir.path() / "blank.tle", "\xEF\xBB\xBF\n  \r\n");
  write_file(dir.path() / "empty.tle.gz", std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"
                                                      "\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00",
                                                      20));
  for (const char* name : {"empty.txt", "blank.tle", "empty.tle.gz"}) {
    const ProcessResult result =
        run_gpq({db_arg(dir), "sync", "--from", (dir.path() / name).string()});
    EXPECT_EQ(result.exit_code, 2) << name << ": " << result.err;
    EXPECT_EQ(result.err, fmt::format("gpq: {}: the file is empty (or blank): nothing to import\n",
                                      (dir.path() / name).string()));
  }
  const ProcessResult missing =
      run_gpq({db_arg(dir), "sync", "--from", (dir.path() / "nope").string()});
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
}

TEST(ImportCliTest, UnknownFilesInsideADirectoryAreListedNotFatal) {
  TempDir dir;
  fs::create_directories(dir.path() / "in");
  write_file(dir.path() / "in" / "a.3le", synthetic_3le(10, 10));
  write_file(dir.path() / "in" / "notes.txt", "hello\n");
  const ProcessResult result =
      run_gpq({db_arg(dir), "sync", "--from", (dir.path() / "in").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(parse_summary(result.out).added, 10) << result.out;
  EXPECT_NE(result.out.find("notes.txt"), std::string::npos) << result.out;
}

TEST(ImportCliTest, MalformedRecordsAreSkippedAndCounted) {
  TempDir dir;
  const ElementSet set = synthetic_set(0, 1);
  std::string line1 = format_tle_line1(set);
  std::string line2 = format_tle_line2(set);
  std::string bad_checksum = line2;
  bad_checksum[68] = bad_checksum[68] == '0' ? '1' : '0';
  std::string bad_number = line2;
  bad_number[28] = 'x';
  std::string text = synthetic_3le(5, 5);
  text += "BROKEN 1\n" + line1 + "\n" + bad_checksum + "\n";
  text += "BROKEN 2\n" + line1 + "\n" + bad_number + "\n";
  text += "HUGE\n" + std::string(10 * 1024 * 1024, '7') + "\n";
  text += "TRUNCATED\n" + line1.substr(0, 40) + "\n";
  write_file(dir.path() / "mixed.3le", text);
  const ProcessResult result =
      run_gpq({db_arg(dir), "sync", "--from", (dir.path() / "mixed.3le").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Counts counts = parse_summary(result.out);
  EXPECT_EQ(counts.added, 5) << result.out;
  EXPECT_GE(counts.skipped, 3) << result.out;
  EXPECT_NE(result.out.find("mixed.3le line "), std::string::npos) << result.out;
}

TEST(ImportCliTest, FiveGigabyteSparseFileCutMidRecordNeitherHangsNorCrashes) {
  TempDir dir;
  const fs::path path = dir.path() / "sparse.3le";
  write_file(path, synthetic_3le(100, 100));
  fs::resize_file(path, 5ULL << 30);  // a hole of zeros up to 5 GiB
  {
    std::ofstream tail(path, std::ios::binary | std::ios::app);
    tail << "\nISS (ZARYA)\n1 25544U 98067A   26143.80969095  .0000";
  }
  const ProcessResult result = run_gpq({db_arg(dir), "sync", "--from", path.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Counts counts = parse_summary(result.out);
  EXPECT_EQ(counts.added, 100) << result.out;
  EXPECT_GE(counts.skipped, 1) << result.out;
}

TEST(ImportCliTest, SyncKilledMidwayLeavesAValidDatabaseThatARerunCompletes) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "800,000 sets take minutes to import under ASan at -O0; the release stage "
                  "runs this test";
#endif
  TempDir dir;
  const fs::path path = dir.path() / "big.3le";
  constexpr long kSets = 800'000;
  write_file(path, synthetic_3le(kSets, 20'000));
  const std::string db = db_arg(dir);

  const pid_t child = fork();
  if (child == 0) {
    const int null_fd = open("/dev/null", O_WRONLY);
    dup2(null_fd, STDOUT_FILENO);
    execl(GPQ_BINARY, GPQ_BINARY, db.c_str(), "sync", "--from", path.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // Kill once at least one batch has been committed.
  const fs::path db_path = dir.path() / "gpq.db";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool killed_midway = false;
  while (std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    int status = 0;
    if (waitpid(child, &status, WNOHANG) == child) {
      break;  // finished before we could interrupt it: the machine is faster than planned
    }
    if (committed_sets(db_path) > 0) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      killed_midway = WIFSIGNALED(status);
      break;
    }
  }
  EXPECT_TRUE(killed_midway) << "the import ended before it could be killed";

  {
    SQLite::Database check(db_path.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(check.execAndGet("PRAGMA integrity_check").getString(), "ok");
  }
  const ProcessResult rerun = run_gpq({db, "sync", "--from", path.string()});
  ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
  const Counts second = parse_summary(rerun.out);
  EXPECT_EQ(second.read, kSets) << rerun.out;
  EXPECT_GT(second.unchanged, 0) << rerun.out;  // what the killed run had committed
  EXPECT_EQ(second.added + second.unchanged, kSets) << rerun.out;

  const ProcessResult third = run_gpq({db, "sync", "--from", path.string()});
  EXPECT_EQ(parse_summary(third.out).unchanged, kSets) << third.out;
}

}  // namespace
}  // namespace gpq::test
