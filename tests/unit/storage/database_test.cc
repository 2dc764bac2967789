#include "storage/database.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "storage/schema.h"
#include "storage_test_support.h"
#include "support/expect_error.h"
#include "support/temp_dir.h"

namespace gpq::storage {
namespace {

using gpq::test::TempDir;

// Sets (or, with nullopt, unsets) an environment variable for the scope, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) {
      old_ = old;
    }
    set(value);
  }
  ~ScopedEnv() { set(old_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ScopedEnv(ScopedEnv&&) = delete;
  ScopedEnv& operator=(ScopedEnv&&) = delete;

 private:
  void set(const std::optional<std::string>& value) {
    if (value) {
      ::setenv(name_, value->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  const char* name_;
  std::optional<std::string> old_;
};

TEST(DatabaseTest, ResolvesThePathInOrderOfPrecedence) {
  struct Case {
    const char* name;
    std::optional<std::string> cli;
    std::optional<std::string> gpq_db;
    std::optional<std::string> xdg;
    std::optional<std::string> home;
    std::string expected;
  };
  const Case cases[] = {
      {"--db wins", "/cli/x.db", "/env/y.db", "/xdg", "/home/u", "/cli/x.db"},
      {"then GPQ_DB", std::nullopt, "/env/y.db", "/xdg", "/home/u", "/env/y.db"},
      {"empty --db is absent", "", "/env/y.db", "/xdg", "/home/u", "/env/y.db"},
      {"then XDG_DATA_HOME", std::nullopt, std::nullopt, "/xdg", "/home/u", "/xdg/gpq/gpq.db"},
      {"empty variables are unset", std::nullopt, "", "", "/home/u",
       "/home/u/.local/share/gpq/gpq.db"},
      {"then HOME", std::nullopt, std::nullopt, std::nullopt, "/home/u",
       "/home/u/.local/share/gpq/gpq.db"},
  };
  for (const Case& c : cases) {
    ScopedEnv gpq_db("GPQ_DB", c.gpq_db);
    ScopedEnv xdg("XDG_DATA_HOME", c.xdg);
    ScopedEnv home("HOME", c.home);
    EXPECT_EQ(resolve_database_path(c.cli).string(), c.expected) << c.name;
  }
}

TEST(DatabaseTest, NoPathAtAllIsABadRequest) {
  ScopedEnv gpq_db("GPQ_DB", std::nullopt);
  ScopedEnv xdg("XDG_DATA_HOME", std::nullopt);
  ScopedEnv home("HOME", std::nullopt);
  EXPECT_GPQ_ERROR(resolve_database_path(std::nullopt), Errc::bad_request,
                   "no database path: use --db PATH or set GPQ_DB (HOME is not set)");
}

TEST(DatabaseTest, CreatesDirectoriesAndMigratesAnEmptyFile) {
  TempDir dir;
  const auto path = dir.path() / "a" / "b" / "gpq.db";
  {
    auto db = Database::open(path, Database::Mode::read_write);
    EXPECT_EQ(schema_version(db->connection()), known_schema_version());
    EXPECT_EQ(db->connection().execAndGet("PRAGMA journal_mode").getString(), "wal");
    EXPECT_TRUE(db->connection().tableExists("set_block"));
    EXPECT_FALSE(db->connection().tableExists("element_set"));
    EXPECT_TRUE(db->connection().tableExists("api_usage"));
  }
  auto again = Database::open(path, Database::Mode::read_write);  // reopening changes nothing
  EXPECT_EQ(schema_version(again->connection()), known_schema_version());
}

TEST(DatabaseTest, ReadOnlyOpenOfAMissingFileCreatesAnEmptyMirror) {
  TempDir dir;
  const auto path = dir.path() / "new" / "gpq.db";
  Reader reader(path);
  EXPECT_EQ(reader.total_sets(), 0);
  EXPECT_FALSE(reader.latest_set(25544, SourceFilter::all).has_value());
}

TEST(DatabaseTest, RefusesASchemaNewerThanThisBuild) {
  TempDir dir;
  const auto path = dir.path() / "gpq.db";
  Database::open(path, Database::Mode::read_write);
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = " + std::to_string(known_schema_version() + 1));
  }
  const std::string message = "database " + path.string() + " was written by a newer gpq (schema " +
                              std::to_string(known_schema_version() + 1) + ", this build knows " +
                              std::to_string(known_schema_version()) + "); upgrade gpq";
  EXPECT_GPQ_ERROR(Database::open(path, Database::Mode::read_write), Errc::bad_request, message);
  EXPECT_GPQ_ERROR(Database::open(path, Database::Mode::read_only), Errc::bad_request, message);
}

TEST(DatabaseTest, RefusesAFileThatIsNotSqlite) {
  TempDir dir;
  const auto path = dir.path() / "notes.txt";
  std::ofstream(path) << "this is not a database, just a rather long line of text, long enough "
                         "to fill the 100 bytes of an SQLite header and then some more.\n";
  const std::string message = path.string() + " is not a gpq database (not an SQLite file)";
  EXPECT_GPQ_ERROR(Database::open(path, Database::Mode::read_write), Errc::bad_request, message);
  EXPECT_GPQ_ERROR(Database::open(path, Database::Mode::read_only), Errc::bad_request, message);
}

TEST(DatabaseTest, RefusesADirectoryOrADeviceByName) {
  TempDir dir;
  for (const auto mode : {Database::Mode::read_write, Database::Mode::read_only}) {
    EXPECT_GPQ_ERROR(Database::open(dir.path(), mode), Errc::bad_request,
                     dir.path().string() + " is not a database file (a directory)");
    EXPECT_GPQ_ERROR(Database::open("/dev/null", mode), Errc::bad_request,
                     "/dev/null is not a database file (not a regular file)");
  }
}

TEST(DatabaseTest, RefusesSomebodyElsesSqliteDatabase) {
  TempDir dir;
  const auto path = dir.path() / "other.db";
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE t (x)");
  }
  EXPECT_GPQ_ERROR(Database::open(path, Database::Mode::read_write), Errc::bad_request,
                   "database " + path.string() + " is not a gpq database (it holds other tables)");
}

TEST(DatabaseTest, ReadersWorkWhileAWriterHoldsAnOpenTransaction) {
  TempDir dir;
  const auto path = dir.path() / "gpq.db";
  auto db = Database::open(path, Database::Mode::read_write);
  SyncRuns runs(*db);
  const std::int64_t run = runs.start_run("file", TimePoint::from_unix_micros(0));
  Writer writer(*db);
  writer.write_batch(std::vector{test::make_set(25544, test::kEpoch2024)}, {}, run);

  SQLite::Transaction open_write(db->connection(), SQLite::TransactionBehavior::IMMEDIATE);
  Reader reader(path);  // opens, and reads, while the write lock is held
  EXPECT_EQ(reader.total_sets(), 1);
  EXPECT_TRUE(reader.latest_set(25544, SourceFilter::all).has_value());
}

}  // namespace
}  // namespace gpq::storage
