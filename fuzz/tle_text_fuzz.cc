// 3LE/TLE/2LE text (parse_tle_text): name lines, line pairs, and what belongs to neither.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_line_parser(data, size, gpq::sync::parse_tle_text);
}
