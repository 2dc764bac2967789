// A prepared statement made on first use: a CLI query uses one or two of a Reader's
// statements, and preparing all of them cost more than the query (docs/PERFORMANCE.md,
// start-up). Once made it is kept and reused, as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace gpq::storage {

class LazyStatement {
 public:
  LazyStatement(SQLite::Database& connection, std::string_view sql)
      : connection_(connection), sql_(sql) {}

  // The statement, prepared now if it was not yet. Throws SQLite::Exception as preparing does.
  SQLite::Statement& operator*() {
    if (!statement_) {
      statement_.emplace(connection_, std::string(sql_));
    }
    return *statement_;
  }
  SQLite::Statement* operator->() { return &**this; }

 private:
  SQLite::Database& connection_;
  std::string_view sql_;  // one of sql.h's constants, which live as long as the program
  std::optional<SQLite::Statement> statement_;
};

}  // namespace gpq::storage
