// OMM CSV and SATCAT CSV: a header row names the columns, every other non-blank
// line is one record.
#include <deque>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "core/text.h"
#include "sync/parse/csv_row.h"
#include "sync/parse/omm_fields.h"
#include "sync/parse/parsers.h"
#include "sync/parse/satcat_fields.h"

namespace gpq::sync {
namespace {

// Runs `record(fields)` for every data row, after reading the header into `header`.
template <typename Record>
void for_each_row(LineReader& lines, RecordSink& sink, std::vector<std::string>& header,
                  Record&& record) {
  std::string_view line;
  std::vector<std::string_view> fields;
  std::deque<std::string> scratch;
  bool have_header = false;
  while (lines.next(line)) {
    if (trim(line).empty()) {
      continue;
    }
    if (lines.truncated()) {
      sink.skip(lines.line_number(), "line longer than 1 MiB");
      continue;
    }
    if (!split_csv_row(line, fields, scratch)) {
      sink.skip(lines.line_number(), "unbalanced quotes");
      continue;
    }
    if (!have_header) {
      for (const std::string_view name : fields) {
        header.emplace_back(trim(name));
      }
      have_header = true;
      continue;
    }
    if (fields.size() != header.size()) {
      sink.skip(lines.line_number(), fmt::format("{} fields where the header names {}",
                                                 fields.size(), header.size()));
      continue;
    }
    record(fields);
  }
}

struct CsvLookup {
  const std::vector<std::string>& header;
  const std::vector<std::string_view>& fields;
};

std::optional<std::string_view> csv_lookup(const void* context, std::string_view name) {
  const auto& row = *static_cast<const CsvLookup*>(context);
  for (std::size_t i = 0; i < row.header.size(); ++i) {
    if (row.header[i] == name) {
      return row.fields[i];
    }
  }
  return std::nullopt;
}

}  // namespace

void parse_omm_csv(LineReader& lines, const ParseOptions& options, RecordSink& sink) {
  std::vector<std::string> header;
  std::vector<std::optional<OmmKey>> keys;
  OmmFields fields;
  std::string error;
  const DataSource source = options.forced_source.value_or(DataSource::celestrak);
  for_each_row(lines, sink, header, [&](const std::vector<std::string_view>& row) {
    if (keys.empty()) {
      for (const std::string& name : header) {
        keys.push_back(omm_key(name));
      }
    }
    fields.clear();
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (keys[i]) {
        fields.set(*keys[i], row[i]);
      }
    }
    ElementSet set;
    if (build_element_set(fields, source, options.collected_at, set, error)) {
      sink.element_set(std::move(set));
    } else {
      sink.skip(lines.line_number(), error);
    }
  });
}

void parse_satcat_csv(LineReader& lines, const ParseOptions& /*options*/, RecordSink& sink) {
  std::vector<std::string> header;
  std::string error;
  for_each_row(lines, sink, header, [&](const std::vector<std::string_view>& row) {
    const CsvLookup lookup{header, row};
    CatalogRecord record;
    if (build_catalog_record(csv_lookup, &lookup, record, error)) {
      sink.catalog_record(std::move(record));
    } else {
      sink.skip(lines.line_number(), error);
    }
  });
}

}  // namespace gpq::sync
