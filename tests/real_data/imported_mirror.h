// A mirror imported once for a suite of real-data tests, from files of $GPQ_REAL_DATA by
// `gpq sync --from`, and gpq run on it; ImportedMirrorTest makes one per suite when
// GPQ_REAL_DATA is set and skips each test otherwise.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {

class ImportedMirror {
 public:
  // `files`: paths below $GPQ_REAL_DATA.
  explicit ImportedMirror(const std::vector<std::filesystem::path>& files) {
    std::vector<std::string> args = {db(), "sync", "--from"};
    for (const std::filesystem::path& file : files) {
      args.push_back((real_data_dir() / file).string());
    }
    import_ = run_gpq(args);
  }

  // `--db=` the mirror's file.
  std::string db() const { return "--db=" + (dir_.path() / "gpq.db").string(); }
  const TempDir& dir() const { return dir_; }

  // stdout of a gpq command on the mirror that must succeed.
  std::string ok(std::vector<std::string> args) const {
    args.insert(args.begin(), db());
    const ProcessResult result = run_gpq(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  }

  // In a test's SetUp: skips without GPQ_REAL_DATA (`mirror` null), fails if the import did.
  static void check_imported(const ImportedMirror* mirror) {
    if (mirror == nullptr) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
    ASSERT_EQ(mirror->import_.exit_code, 0) << mirror->import_.err;
  }

 private:
  TempDir dir_;
  ProcessResult import_;
};

// A suite of tests over one ImportedMirror of Files::files() (paths below $GPQ_REAL_DATA).
template <typename Files>
class ImportedMirrorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!real_data_dir().empty()) {
      mirror_ = std::make_unique<ImportedMirror>(Files::files());
    }
  }
  static void TearDownTestSuite() { mirror_.reset(); }
  void SetUp() override { ImportedMirror::check_imported(mirror_.get()); }

  static std::string db() { return mirror_->db(); }
  static std::string ok(std::vector<std::string> args) { return mirror_->ok(std::move(args)); }

  static inline std::unique_ptr<ImportedMirror> mirror_;
};

}  // namespace gpq::test
