#include "support/mirror_dump.h"

#include <string_view>

#include <SQLiteCpp/SQLiteCpp.h>

namespace gpq::test {
namespace {

void dump_table(SQLite::Database& db, std::string_view table, std::string_view order,
                std::string& out) {
  SQLite::Statement query(
      db, "SELECT * FROM " + std::string(table) + " ORDER BY " + std::string(order));
  out += "# ";
  out += table;
  out += '\n';
  while (query.executeStep()) {
    bool first = true;
    for (int i = 0; i < query.getColumnCount(); ++i) {
      if (std::string_view(query.getColumnName(i)) == "run_id") {
        continue;
      }
      out += first ? "" : ",";
      first = false;
      out += query.getColumn(i).isNull() ? "NULL" : query.getColumn(i).getString();
    }
    out += '\n';
  }
}

}  // namespace

std::string dump_mirror(const std::filesystem::path& db_path) {
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  std::string out;
  dump_table(db, "element_set", "norad_id, epoch_us, source", out);
  dump_table(db, "latest", "norad_id, source", out);
  dump_table(db, "object", "norad_id", out);
  dump_table(db, "object_year", "norad_id, source, year", out);
  dump_table(db, "satcat", "norad_id", out);
  return out;
}

}  // namespace gpq::test
