// SATCAT CSV (CelesTrak's columns, docs/FORMATS.md 4.1): a header row names the
// columns, every other non-blank line is one catalog record.
#include <string>
#include <vector>

#include "sync/parse/csv_row.h"
#include "sync/parse/parsers.h"
#include "sync/parse/satcat_fields.h"

namespace gpq::sync {
namespace {

struct CsvRow {
  const CsvReader& reader;
  const std::vector<std::string_view>& fields;
};

std::optional<std::string_view> csv_lookup(const void* context, std::string_view name) {
  const auto& row = *static_cast<const CsvRow*>(context);
  const auto column = row.reader.column(name);
  return column ? std::optional<std::string_view>(row.fields[*column]) : std::nullopt;
}

}  // namespace

void parse_satcat_csv(LineReader& lines, const ParseOptions& /*options*/, RecordSink& sink) {
  CsvReader reader(lines, sink);
  std::vector<std::string_view> fields;
  std::string error;
  while (reader.next(fields)) {
    const CsvRow row{reader, fields};
    CatalogRecord record;
    if (build_catalog_record(csv_lookup, &row, record, error)) {
      sink.catalog_record(std::move(record));
    } else {
      sink.skip(reader.line_number(), error);
    }
  }
}

}  // namespace gpq::sync
