// A downloaded body parsed whole into memory before anything is written, so that a body cut
// short or garbled never reaches the database half-way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

namespace gpq::sync {

struct ParsedBody {
  std::vector<ElementSet> sets;
  std::vector<CatalogRecord> records;
  std::uint64_t skipped = 0;
  std::string first_skip;  // "line N: reason" of the first skipped record
};

// Parses `body` (any format `gpq sync --from` reads) with every set counted as `source`.
// Throws Error{upstream} when the body is not a recognised format or is cut off (malformed
// JSON or XML), naming `what`. Malformed records are skipped and counted, as for files.
ParsedBody parse_body(std::string body, DataSource source, TimePoint collected_at,
                      const std::string& what);

}  // namespace gpq::sync
