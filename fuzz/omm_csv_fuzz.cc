// OMM CSV (parse_omm_csv): a header row naming the columns, one set a row.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_line_parser(data, size, gpq::sync::parse_omm_csv);
}
