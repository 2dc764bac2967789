// The database schema as numbered forward migrations, keyed on PRAGMA user_version:
// migration N brings a database from version N-1 to N. Never edit a released migration;
// append a new one.
#pragma once

#include <string_view>

namespace SQLite {
class Database;
}

namespace gpq::storage {

// The schema version this build writes and understands.
int known_schema_version() noexcept;

// The database's PRAGMA user_version (0 for a new, empty file).
int schema_version(SQLite::Database& db);

// Applies every migration above the database's version, all in one IMMEDIATE transaction,
// so that a failure leaves the file as it was. `display_path` names the file in messages.
// Throws Error{bad_request} when the file holds tables but no gpq schema, or a schema newer
// than this build knows. SQLite errors propagate as SQLite::Exception (callers wrap them).
void migrate(SQLite::Database& db, std::string_view display_path);
// The same, up to `version` only: tests build databases of earlier schemas with it.
void migrate_to(SQLite::Database& db, std::string_view display_path, int version);

// Throws the same errors as migrate() without writing anything; true when migrate() would
// change the database.
bool needs_migration(SQLite::Database& db, std::string_view display_path);

}  // namespace gpq::storage
