// The configuration file as every command reads it (cli/config_file.h).
#include "cli/config_file.h"

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

#include "support/expect_error.h"
#include "support/temp_dir.h"

namespace gpq::cli {
namespace {

std::string written(const test::TempDir& dir, const std::string& text) {
  const std::string path = (dir.path() / "config.toml").string();
  std::ofstream(path) << text;
  return path;
}

TEST(ConfigFileTest, ValuesCommentsAndBlankLines) {
  const test::TempDir dir;
  const std::string path = written(dir,
                                   "# a comment\n"
                                   "\n"
                                   "  celestrak_url = \"http://mirror.local\"  \r\n"
                                   "redis.url=\"unix:/run/redis.sock?db=2\"\n"
                                   "spacetrack_identity = \"\"\n");
  const ConfigFile config = ConfigFile::load(path);
  EXPECT_EQ(config.path(), path);
  EXPECT_EQ(config.get("celestrak_url"), "http://mirror.local");
  EXPECT_EQ(config.get("redis.url"), "unix:/run/redis.sock?db=2");
  EXPECT_EQ(config.get("spacetrack_identity"), "");
  EXPECT_EQ(config.get("spacetrack_url"), std::nullopt);
  EXPECT_TRUE(config.warnings().empty());
}

TEST(ConfigFileTest, AnUnknownKeyIsNamedWithItsLineAndIgnored) {
  const test::TempDir dir;
  const std::string path =
      written(dir, "spacetrak_identity = \"ops@example.org\"\ncelestrak_url = \"http://m\"\n");
  const ConfigFile config = ConfigFile::load(path);
  ASSERT_EQ(config.warnings().size(), 1U);
  EXPECT_EQ(config.warnings()[0], path + ":1: unknown key 'spacetrak_identity' is ignored");
  EXPECT_EQ(config.get("celestrak_url"), "http://m");
}

TEST(ConfigFileTest, AKeySetTwiceIsRefused) {
  const test::TempDir dir;
  const std::string path =
      written(dir, "celestrak_url = \"http://a\"\n# later\ncelestrak_url = \"http://b\"\n");
  EXPECT_GPQ_ERROR(ConfigFile::load(path), Errc::bad_request,
                   path + ":3: celestrak_url is set twice (first on line 1)");
}

TEST(ConfigFileTest, ALineThatIsNotKeyEqualsQuotedValueIsRefused) {
  const test::TempDir dir;
  for (const char* line : {"celestrak_url = http://a", "celestrak_url = \"http://a"}) {
    SCOPED_TRACE(line);
    const std::string path = written(dir, std::string("# first\n") + line + "\n");
    EXPECT_GPQ_ERROR(ConfigFile::load(path), Errc::bad_request,
                     path + ":2: write settings as key = \"value\"");
  }
  // A TOML table is named as such: its keys would otherwise be read without their table.
  const std::string path = written(dir, "# first\n[spacetrack]\nidentity = \"ops@example.org\"\n");
  EXPECT_GPQ_ERROR(ConfigFile::load(path), Errc::bad_request,
                   path +
                       ":2: tables such as [spacetrack] are not read; write each key whole, as "
                       "in redis.url = \"...\" or spacetrack_identity = \"...\"");
}

TEST(ConfigFileTest, AnExplicitPathMustExist) {
  EXPECT_GPQ_ERROR(ConfigFile::load("/nonexistent/gpq.toml"), Errc::bad_request,
                   "--config /nonexistent/gpq.toml: no such file");
  // A directory read as a file reads as empty: the sync went on without its settings.
  EXPECT_GPQ_ERROR(ConfigFile::load("/tmp"), Errc::bad_request,
                   "--config /tmp: a directory, not a file");
  // A stream is read: /dev/null is how a script says "no settings".
  EXPECT_NO_THROW(ConfigFile::load("/dev/null"));
}

TEST(ConfigFileTest, AFileNamedByGpqConfigMustExistToo) {
  // A typo in a timer's environment ran the sync without its credentials.
  ::setenv("GPQ_CONFIG", "/nonexistent/prod.toml", 1);
  EXPECT_GPQ_ERROR(ConfigFile::load(std::nullopt), Errc::bad_request,
                   "$GPQ_CONFIG /nonexistent/prod.toml: no such file");
  // --config wins over it.
  EXPECT_NO_THROW(ConfigFile::load("/dev/null"));
  ::unsetenv("GPQ_CONFIG");
}

}  // namespace
}  // namespace gpq::cli
