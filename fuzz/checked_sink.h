// The sink of the parser targets. Each record a parser hands over must keep its contract
// (omm_fields.h, tle.h, catalog.h, the text-field rule of printable_text.h) and must come back
// bit for bit from the storage block codec; the first few of an input must be writable in
// every output format, as TLE lines that read back; each skip reason must be printable, since
// `gpq sync --from` prints it to the terminal as it is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"

#include "sync/record_sink.h"

namespace gpq::fuzz {

class CheckedSink final : public sync::RecordSink {
 public:
  void element_set(ElementSet&& set) override;
  void catalog_record(CatalogRecord&& record) override;
  void skip(std::uint64_t line, std::string reason) override;

  // Writes what was kept in every format and through the block codec; call after the parser
  // has returned (or thrown).
  void finish();

 private:
  std::vector<ElementSet> sets_;
  std::vector<CatalogRecord> records_;
  std::string out_;
};

}  // namespace gpq::fuzz
