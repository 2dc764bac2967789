// Path resolution, pragmas and migration on open.
#include "storage/database.h"

#include <cstdlib>
#include <string_view>
#include <system_error>
#include <unistd.h>

#include <SQLiteCpp/Statement.h>
#include <fmt/core.h>
#include <sqlite3.h>

#include "gpq/error.h"

#include "storage/schema.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// How long a statement waits for another process's write lock before failing.
constexpr int kBusyTimeoutMs = 10'000;

std::optional<std::string> environment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') {
    return std::nullopt;
  }
  return std::string(value);
}

void create_parent_directories(const std::filesystem::path& path) {
  const std::filesystem::path parent = path.parent_path();
  if (parent.empty()) {
    return;
  }
  std::error_code error;
  std::filesystem::create_directories(parent, error);
  if (error) {
    fail(Errc::internal, "cannot create directory {} for the database: {}", parent.string(),
         error.message());
  }
}

void exec(SQLite::Database& db, std::string_view statement) {
  db.exec(std::string(statement));
}

int open_flags(Database::Mode mode, bool immutable) {
  return mode == Database::Mode::read_write
             ? SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX
             : SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX | (immutable ? SQLite::OPEN_URI : 0);
}

// "file:PATH?immutable=1", the path percent-encoded where a URI needs it.
std::string immutable_uri(const std::filesystem::path& path) {
  std::string uri = "file:";
  for (const char c : std::filesystem::absolute(path).string()) {
    if (c == '%' || c == '?' || c == '#') {
      uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

// A WAL database can be read without its -shm only as immutable, which is safe when nobody
// can write beside it: its directory is not writable and no log holds uncheckpointed pages.
bool on_read_only_medium(const std::filesystem::path& path) {
  std::filesystem::path directory = path.parent_path();
  if (directory.empty()) {
    directory = ".";
  }
  std::error_code ignored;
  const auto log_bytes = std::filesystem::file_size(path.string() + "-wal", ignored);
  const bool log_empty = ignored || log_bytes == 0;
  return ::access(directory.c_str(), W_OK) != 0 && log_empty;
}

}  // namespace

std::filesystem::path resolve_database_path(std::optional<std::string> cli_db) {
  if (cli_db && !cli_db->empty()) {
    return std::filesystem::path(*cli_db);
  }
  if (auto db = environment("GPQ_DB")) {
    return std::filesystem::path(*db);
  }
  if (auto data_home = environment("XDG_DATA_HOME")) {
    return std::filesystem::path(*data_home) / "gpq" / "gpq.db";
  }
  if (auto home = environment("HOME")) {
    return std::filesystem::path(*home) / ".local" / "share" / "gpq" / "gpq.db";
  }
  fail(Errc::bad_request, "no database path: use --db PATH or set GPQ_DB (HOME is not set)");
}

std::string_view sqlite_version() noexcept {
  return sqlite3_libversion();
}

Database::Database(const std::filesystem::path& path, Mode mode, bool immutable)
    : path_(path),
      mode_(mode),
      connection_(immutable ? immutable_uri(path) : path.string(), open_flags(mode, immutable),
                  kBusyTimeoutMs) {}

Database::~Database() = default;

std::unique_ptr<Database> Database::open(const std::filesystem::path& path, Mode mode) {
  // SQLite would say only "disk I/O error" of a directory or a device. One stat, on start-up.
  std::error_code ignored;
  const std::filesystem::file_status found = std::filesystem::status(path, ignored);
  if (std::filesystem::exists(found) && !std::filesystem::is_regular_file(found)) {
    fail(Errc::bad_request, "{} is not a database file ({})", path.string(),
         std::filesystem::is_directory(found) ? "a directory" : "not a regular file");
  }
  if (mode == Mode::read_only) {
    // One connection in the usual case (a query's start-up cost): the reader itself checks
    // the schema, and only a file to create or migrate is opened for writing first.
    if (std::filesystem::exists(path)) {
      std::unique_ptr<Database> reader = open_reader(path);
      if (reader) {
        return reader;
      }
    }
    open(path, Mode::read_write);  // creates or migrates, then closes
    std::unique_ptr<Database> reader = open_reader(path);
    if (!reader) {
      fail(Errc::internal, "database {} still needs a migration after migrating", path.string());
    }
    return reader;
  }
  create_parent_directories(path);
  return with_database_errors(path, [&] {
    std::unique_ptr<Database> db(new Database(path, mode));
    SQLite::Database& c = db->connection_;
    exec(c, sql::kForeignKeysOff);
    exec(c, sql::kTempStoreMemory);
    exec(c, sql::kPageSize);  // takes effect only while the file is still empty
    exec(c, sql::kJournalWal);
    exec(c, sql::kSynchronousNormal);
    exec(c, sql::kWriterCache);
    exec(c, sql::kWalAutocheckpoint);
    exec(c, sql::kJournalSizeLimit);
    migrate(c, path.string());
    return db;
  });
}

std::unique_ptr<Database> Database::open_reader(const std::filesystem::path& path) {
  try {
    return open_reader(path, false);
  } catch (const Error&) {
    if (!on_read_only_medium(path)) {
      throw;
    }
  }
  return open_reader(path, true);
}

std::unique_ptr<Database> Database::open_reader(const std::filesystem::path& path, bool immutable) {
  return with_database_errors(path, [&]() -> std::unique_ptr<Database> {
    std::unique_ptr<Database> db(new Database(path, Mode::read_only, immutable));
    SQLite::Database& c = db->connection_;
    // Fails here, not at the first query, when the file is not a gpq database.
    if (needs_migration(c, path.string())) {
      return nullptr;
    }
    exec(c, sql::kForeignKeysOff);
    exec(c, sql::kTempStoreMemory);
    exec(c, sql::kReaderCache);
    return db;
  });
}

void throw_database_error(const std::filesystem::path& path, const SQLite::Exception& error) {
  const std::string name = path.string();
  switch (error.getErrorCode()) {
    case SQLITE_NOTADB:
      fail(Errc::bad_request, "{} is not a gpq database (not an SQLite file)", name);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      fail(Errc::internal,
           "database {} is busy: another process held its write lock for more than {} s", name,
           kBusyTimeoutMs / 1000);
    case SQLITE_CORRUPT:
      fail(Errc::internal, "database {} is damaged ({})", name, error.what());
    case SQLITE_FULL:
      fail(Errc::internal, "database {}: the disk is full", name);
    case SQLITE_CANTOPEN:
      fail(Errc::internal, "cannot open database {} ({})", name, error.what());
    case SQLITE_READONLY:
    case SQLITE_PERM:
      fail(Errc::internal, "database {} is not writable ({})", name, error.what());
    default:
      fail(Errc::internal, "database {}: {}", name, error.what());
  }
}

}  // namespace gpq::storage
