// TempDir: a fresh directory under the system temp path, removed with everything
// in it when the object goes out of scope.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

namespace gpq::test {

class TempDir {
 public:
  TempDir() {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("gpq-test-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  TempDir(TempDir&&) = delete;
  TempDir& operator=(TempDir&&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// $GPQ_REAL_DATA or an empty path; tests that need it GTEST_SKIP() when empty.
inline std::filesystem::path real_data_dir() {
  const char* dir = std::getenv("GPQ_REAL_DATA");
  return dir != nullptr && *dir != '\0' ? std::filesystem::path(dir) : std::filesystem::path();
}

}  // namespace gpq::test
