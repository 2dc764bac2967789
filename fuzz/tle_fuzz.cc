// Two TLE lines (parse_tle), one per input line: every check of docs/tle.md, the catalog
// number both ways, and an accepted set through the checks of CheckedSink (contract, every
// writer, TLE lines that read back, the block codec).
#include <fmt/core.h>

#include "gpq/tle.h"

#include "checked_sink.h"
#include "core/printable_text.h"
#include "fuzz_input.h"

namespace {

using gpq::fuzz::broken;

// A catalog number read from columns 3-7 prints as text that reads back as the same number.
void check_catalog_number(std::string_view line) {
  if (line.size() < 7) {
    return;
  }
  const auto id = gpq::parse_tle_catalog_number(line.substr(2, 5));
  if (!id || *id > gpq::kMaxAlpha5Id) {
    return;
  }
  const auto printed = gpq::format_tle_catalog_number(*id);
  if (!printed || gpq::parse_tle_catalog_number(*printed) != id) {
    broken(fmt::format("catalog number {} does not print and read back", *id));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = gpq::fuzz::fields(gpq::fuzz::as_text(data, size), 3);
  check_catalog_number(lines[0]);
  (void)gpq::tle_layout_of(lines[0], lines[1]);
  gpq::ElementSet set;
  std::string error;
  gpq::fuzz::CheckedSink sink;
  if (gpq::parse_tle(lines[0], lines[1], set, error)) {
    sink.element_set(std::move(set));
  } else {
    sink.skip(1, std::move(error));
  }
  sink.finish();
  return 0;
}
