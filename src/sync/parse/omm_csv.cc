// OMM CSV: a header row names the columns (CelesTrak's 17 in any order; columns
// gpq does not know are ignored), every other non-blank line is one element set.
#include <optional>
#include <string>
#include <vector>

#include "sync/parse/csv_row.h"
#include "sync/parse/omm_fields.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {

void parse_omm_csv(LineReader& lines, const ParseOptions& options, RecordSink& sink) {
  CsvReader reader(lines, sink);
  const DataSource source = options.forced_source.value_or(DataSource::celestrak);
  std::vector<std::string_view> row;
  std::vector<std::optional<OmmKey>> keys;  // by column; a repeated column counts once
  OmmFields fields;
  std::string error;
  while (reader.next(row)) {
    if (keys.empty()) {
      OmmFields seen;
      for (const std::string& name : reader.header()) {
        auto key = omm_key(name);
        if (key && seen.get(*key)) {
          key.reset();
        } else if (key) {
          seen.set(*key, name);
        }
        keys.push_back(key);
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
      sink.skip(reader.line_number(), error);
    }
  }
}

}  // namespace gpq::sync
