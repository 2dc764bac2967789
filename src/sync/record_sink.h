// Where parsers deliver what they read: element sets, catalog records, and the
// records they had to skip (with the line and the reason).
#pragma once

#include <cstdint>
#include <string>

#include "gpq/catalog.h"
#include "gpq/element_set.h"

namespace gpq::sync {

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  RecordSink() = default;
  RecordSink(const RecordSink&) = delete;
  RecordSink& operator=(const RecordSink&) = delete;
  RecordSink(RecordSink&&) = delete;
  RecordSink& operator=(RecordSink&&) = delete;

  // The file or archive member the next records come from (a path, or "archive:member"), for
  // sinks that name it in what they report. The parsers never call it; the import walk does.
  virtual void start_file(std::string /*name*/) {}
  // A valid set; `set.source` is already the source the file counts as.
  virtual void element_set(ElementSet&& set) = 0;
  virtual void catalog_record(CatalogRecord&& record) = 0;
  // A malformed record: `line` is the 1-based line where it starts; `reason` says what is
  // wrong in words a user understands ("bad checksum on line 2: expected 5, found 7").
  virtual void skip(std::uint64_t line, std::string reason) = 0;
};

}  // namespace gpq::sync
