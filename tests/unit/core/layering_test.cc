// The layering rules of the code base, checked on the sources themselves: SQL only in
// src/storage, CLI11 only in src/cli, httplib only in src/http and src/sync.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace gpq {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(GPQ_TEST_DATA_DIR).parent_path().parent_path();

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every source file under include/ and src/ whose path does not start with one of `allowed`
// and whose text matches `pattern`.
std::vector<std::string> offenders(const std::regex& pattern,
                                   std::initializer_list<std::string_view> allowed) {
  std::vector<std::string> found;
  for (const char* top : {"include", "src"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
      if (!entry.is_regular_file()) {
        continue;
      }
      const std::string relative = entry.path().lexically_relative(kRoot).string();
      const bool exempt = std::any_of(allowed.begin(), allowed.end(), [&](std::string_view dir) {
        return relative.starts_with(dir);
      });
      if (!exempt && std::regex_search(read(entry.path()), pattern)) {
        found.push_back(relative);
      }
    }
  }
  return found;
}

TEST(LayeringTest, SqlOnlyInStorage) {
  const std::regex sql(R"(\b(SELECT|INSERT|UPDATE|DELETE)\s+(\*|[a-z_]+\s*(,|FROM|INTO|SET)|INTO|FROM))");
  EXPECT_EQ(offenders(sql, {"src/storage/"}), std::vector<std::string>{});
}

TEST(LayeringTest, CliTypesOnlyInCli) {
  EXPECT_EQ(offenders(std::regex(R"(CLI::|<CLI/)"), {"src/cli/"}), std::vector<std::string>{});
}

TEST(LayeringTest, HttpLibraryOnlyInHttpAndSync) {
  EXPECT_EQ(offenders(std::regex(R"(httplib::|<httplib\.h>)"), {"src/http/", "src/sync/"}),
            std::vector<std::string>{});
}

TEST(LayeringTest, PublicHeadersNameNoThirdPartyType) {
  EXPECT_EQ(offenders(std::regex(R"(SQLite::|sqlite3|simdjson|pugi::)"),
                      {"src/"}),
            std::vector<std::string>{});
}

}  // namespace
}  // namespace gpq
