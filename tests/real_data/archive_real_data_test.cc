// Space-Track's 3LE snapshot files of $GPQ_REAL_DATA packed into a zip (and a .tar.gz), as
// Space-Track's bulk downloads come, import to exactly the rows the plain files import.
#include <algorithm>
#include <fstream>
#include <regex>

#include <gtest/gtest.h>

#include "support/archive_builder.h"
#include "support/mirror_dump.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "N sets read" of the summary line.
long sets_read(const std::string& out) {
  static const std::regex pattern(R"((\d+) sets read)");
  std::smatch match;
  return std::regex_search(out, match, pattern) ? std::stol(match[1]) : -1;
}

TEST(ArchiveRealDataTest, ZippedSpaceTrackFilesImportTheSameRowsAsThePlainFiles) {
  if (real_data_dir().empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  const fs::path snapshots = real_data_dir() / "history" / "spacetrack_snapshots";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(snapshots)) {
    files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 21U) << "20 files of 2023 and the .txt.xz of 2025 (README)";
  std::vector<ArchiveItem> members;
  for (const fs::path& file : files) {
    members.push_back(
        file_item("spacetrack_snapshots/" + file.filename().string(), read_file(file)));
  }

  TempDir dir;
  const ProcessResult plain = run_gpq({"--db=" + (dir.path() / "plain.db").string(), "sync",
                                       "--source", "spacetrack", "--from", snapshots.string()});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  // 1,765 sets in the files of 2023 and 27,106 in the snapshot of 2025 (README).
  EXPECT_EQ(sets_read(plain.out), 28'871) << plain.out;
  const std::string expected = dump_mirror(dir.path() / "plain.db");
  EXPECT_GT(std::count(expected.begin(), expected.end(), '\n'), 28'000);  // a set a line

  for (const auto& [format, name] : {std::pair{ArchiveFormat::zip, "spacetrack.zip"},
                                     std::pair{ArchiveFormat::tar_gz, "spacetrack.tar.gz"}}) {
    const fs::path archive = dir.path() / name;
    std::ofstream(archive, std::ios::binary) << build_archive(format, members);
    const fs::path db = dir.path() / (std::string(name) + ".db");
    const ProcessResult packed = run_gpq(
        {"--db=" + db.string(), "sync", "--source", "spacetrack", "--from", archive.string()});
    ASSERT_EQ(packed.exit_code, 0) << name << ": " << packed.err;
    EXPECT_NE(packed.out.find("Imported 1 file(s) (21 archive members)"), std::string::npos)
        << name << ": " << packed.out;
    EXPECT_EQ(sets_read(packed.out), 28'871) << name << ": " << packed.out;
    EXPECT_TRUE(dump_mirror(db) == expected) << name << ": other rows than the plain files";
  }
}

}  // namespace
}  // namespace gpq::test
