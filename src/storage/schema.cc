// Migrating a database forward, one numbered migration after another (their DDL in
// schema_sql.h).
#include "storage/schema.h"

#include <algorithm>
#include <array>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>

#include "gpq/error.h"

#include "storage/block_migration.h"
#include "storage/schema_sql.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// A migration: SQL, then for some a pass in C++ and more SQL. A pass returns true when the
// file should be compacted afterwards (it freed many pages).
struct Migration {
  std::string_view sql;
  bool (*pass)(SQLite::Database&) = nullptr;
  std::string_view finish = {};
};

// Index i holds the migration to version i + 1.
const std::array<Migration, 11> kMigrations = {
    Migration{schema_sql::kMigration1},
    Migration{schema_sql::kMigration2},
    Migration{schema_sql::kMigration3},
    Migration{schema_sql::kMigration4},
    Migration{schema_sql::kMigration5},
    Migration{schema_sql::kMigration6, move_sets_into_blocks, schema_sql::kMigration6Finish},
    Migration{schema_sql::kMigration7},
    Migration{schema_sql::kMigration8},
    Migration{schema_sql::kMigration9},
    Migration{schema_sql::kMigration10},
    Migration{schema_sql::kMigration11}};

// Version 0 with tables in it is somebody else's database.
void check_version(SQLite::Database& db, int version, std::string_view display_path) {
  if (version > known_schema_version()) {
    fail(Errc::bad_request,
         "database {} was written by a newer gpq (schema {}, this build knows {}); upgrade gpq",
         display_path, version, known_schema_version());
  }
  if (version < 0) {
    fail(Errc::bad_request, "database {} is not a gpq database (user_version {})", display_path,
         version);
  }
  if (version == 0) {
    SQLite::Statement count(db, std::string(sql::kSchemaObjectCount));
    count.executeStep();
    if (count.getColumn(0).getInt64() != 0) {
      fail(Errc::bad_request, "database {} is not a gpq database (it holds other tables)",
           display_path);
    }
  }
}

}  // namespace

int known_schema_version() noexcept {
  return static_cast<int>(kMigrations.size());
}

int schema_version(SQLite::Database& db) {
  SQLite::Statement query(db, std::string(sql::kUserVersion));
  query.executeStep();
  return query.getColumn(0).getInt();
}

bool needs_migration(SQLite::Database& db, std::string_view display_path) {
  const int version = schema_version(db);
  check_version(db, version, display_path);
  return version < known_schema_version();
}

void migrate(SQLite::Database& db, std::string_view display_path) {
  migrate_to(db, display_path, known_schema_version());
}

void migrate_to(SQLite::Database& db, std::string_view display_path, int target) {
  if (!needs_migration(db, display_path) || schema_version(db) >= target) {
    return;
  }
  SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
  // Another process may have migrated while we waited for the write lock.
  const int version = schema_version(db);
  check_version(db, version, display_path);
  bool compact = false;
  for (int next = version + 1; next <= target; ++next) {
    const Migration& migration = kMigrations[static_cast<std::size_t>(next - 1)];
    db.exec(std::string(migration.sql));
    if (migration.pass != nullptr) {
      compact = migration.pass(db) || compact;
    }
    if (!migration.finish.empty()) {
      db.exec(std::string(migration.finish));
    }
  }
  // PRAGMA takes no parameters; the number is ours, not input.
  db.exec(std::string(sql::kUserVersion) + " = " + std::to_string(std::max(version, target)));
  transaction.commit();
  if (compact) {
    compact_after_migration(db, display_path);
  }
}

}  // namespace gpq::storage
