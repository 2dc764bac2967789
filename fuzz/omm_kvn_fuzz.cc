// OMM KVN (parse_omm_kvn): KEY = value lines, objects starting at CCSDS_OMM_VERS.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_line_parser(data, size, gpq::sync::parse_omm_kvn);
}
