// Where the database lives, and one open connection to it with gpq's pragmas: WAL so that
// readers keep working while a sync writes, the schema migrated forward on open.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>

namespace gpq::storage {

// --db value, else $GPQ_DB, else $XDG_DATA_HOME/gpq/gpq.db, else $HOME/.local/share/gpq/gpq.db.
// Empty variables count as unset. Creates nothing. Throws Error{bad_request} when none of
// them is set (no HOME).
std::filesystem::path resolve_database_path(std::optional<std::string> cli_db);

// The version of the SQLite library gpq runs on, for `gpq --version`.
std::string_view sqlite_version() noexcept;

class Database {
 public:
  enum class Mode { read_write, read_only };

  // read_write: creates the parent directories and the file when missing, sets WAL, a
  // 256 MiB page cache, and migrates the schema forward (one transaction).
  // read_only: a connection that never writes (a 2 MiB page cache and no mmap: it reads
  // through the OS page cache); it works while a writer writes. A missing file, or one with an
  // older schema, is first created or migrated through a short read-write connection, so
  // queries on a fresh install find an empty mirror. A file in a directory nobody can write
  // (a read-only mount, a backup) with no write-ahead log is read as immutable.
  // Throws Error{bad_request} when the file is not a gpq database or has a schema newer than
  // this build; Error{internal} on other failures (permissions, disk, corruption).
  static std::unique_ptr<Database> open(const std::filesystem::path& path, Mode mode);

  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  Database(Database&&) = delete;
  Database& operator=(Database&&) = delete;

  // The connection: use from one thread at a time; statements prepared on it must be
  // destroyed before the Database.
  SQLite::Database& connection() noexcept { return connection_; }
  const std::filesystem::path& path() const noexcept { return path_; }
  Mode mode() const noexcept { return mode_; }

 private:
  // A read-only connection, or nullptr when the file must be created or migrated first.
  static std::unique_ptr<Database> open_reader(const std::filesystem::path& path);
  static std::unique_ptr<Database> open_reader(const std::filesystem::path& path, bool immutable);
  // immutable: read-only media (docs/STORAGE.md): SQLite neither locks nor looks for a log.
  Database(const std::filesystem::path& path, Mode mode, bool immutable = false);

  std::filesystem::path path_;
  Mode mode_;
  SQLite::Database connection_;
};

// Turns a SQLite failure on the database at `path` into Error: bad_request for a file that is
// not a database, internal for everything else, with a message a user can act on.
[[noreturn]] void throw_database_error(const std::filesystem::path& path,
                                       const SQLite::Exception& error);

// Runs `body()`; a SQLite::Exception it throws becomes Error (throw_database_error), so that
// storage throws only gpq::Error.
template <typename Body>
decltype(auto) with_database_errors(const std::filesystem::path& path, Body&& body) {
  try {
    return std::forward<Body>(body)();
  } catch (const SQLite::Exception& error) {
    throw_database_error(path, error);
  }
}

}  // namespace gpq::storage
