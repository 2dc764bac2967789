#include "support/mirror_dump.h"

#include <string_view>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "storage/block_codec.h"
#include "storage/row_codec.h"

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
      // Which run and which transaction wrote a row depend on how the input was batched, and
      // when a row was published (without a CREATION_DATE) on when its run started.
      const std::string_view column = query.getColumnName(i);
      if (column == "run_id" || column == "generation" || column == "published_us") {
        continue;
      }
      out += first ? "" : ",";
      first = false;
      out += query.getColumn(i).isNull() ? "NULL" : query.getColumn(i).getString();
    }
    out += '\n';
  }
}

// Sets are compared decoded, not as block bytes: how sets are cut into blocks depends on how
// they were batched, what they hold must not.
void dump_sets(SQLite::Database& db, std::string& out) {
  SQLite::Statement query(db,
                          "SELECT norad_id, source, sets FROM set_block "
                          "ORDER BY norad_id, source, first_epoch_us");
  out += "# sets\n";
  std::vector<storage::StoredSet> sets;
  while (query.executeStep()) {
    const auto blob = query.getColumn(2);
    sets.clear();
    const bool decoded = storage::decode_block(
        std::string_view(static_cast<const char*>(blob.getBlob()), blob.getBytes()),
        query.getColumn(0).getInt(), storage::source_of_code(query.getColumn(1).getInt()), sets);
    if (!decoded) {
      out += "undecodable block\n";
      continue;
    }
    for (const storage::StoredSet& stored : sets) {
      const ElementSet& s = stored.set;
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", s.norad_id,
                         static_cast<int>(s.source), s.epoch.unix_micros(), s.object_id,
                         s.mean_motion, s.eccentricity, s.inclination, s.ra_of_asc_node,
                         s.arg_of_pericenter, s.mean_anomaly, s.bstar, s.mean_motion_dot,
                         s.mean_motion_ddot, s.rev_at_epoch, s.classification_type,
                         s.element_set_no, static_cast<int>(s.ephemeris_type),
                         s.creation_date ? s.creation_date->unix_micros() : -1);
    }
  }
}

}  // namespace

std::string dump_mirror(const std::filesystem::path& db_path) {
  // A follower may be creating the file or switching it to WAL: wait as gpq's readers do.
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY, 10'000);
  std::string out;
  dump_sets(db, out);
  dump_table(db, "latest", "norad_id, source", out);
  dump_table(db, "object", "norad_id", out);
  dump_table(db, "object_year", "norad_id, source, year", out);
  dump_table(db, "satcat", "norad_id", out);
  dump_table(db, "set_version", "norad_id, source, epoch_us, published_us", out);
  return out;
}

std::string first_difference(const std::string& dump, const std::string& expected) {
  std::size_t a = 0;
  std::size_t b = 0;
  std::string section;
  for (int line = 1;; ++line) {
    const std::size_t a_end = dump.find('\n', a);
    const std::size_t b_end = expected.find('\n', b);
    const std::string_view got =
        a < dump.size() ? std::string_view(dump).substr(a, a_end - a) : std::string_view("(end)");
    const std::string_view want = b < expected.size()
                                      ? std::string_view(expected).substr(b, b_end - b)
                                      : std::string_view("(end)");
    if (got != want) {
      return fmt::format("line {} ({}): {} instead of {}", line, section, got, want);
    }
    if (a >= dump.size() && b >= expected.size()) {
      return {};
    }
    if (got.starts_with("# ")) {
      section = std::string(got.substr(2));
    }
    a = a_end == std::string::npos ? dump.size() : a_end + 1;
    b = b_end == std::string::npos ? expected.size() : b_end + 1;
  }
}

}  // namespace gpq::test
