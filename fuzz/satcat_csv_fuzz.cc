// SATCAT CSV (parse_satcat_csv): CelesTrak's columns after a header row.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_line_parser(data, size, gpq::sync::parse_satcat_csv);
}
