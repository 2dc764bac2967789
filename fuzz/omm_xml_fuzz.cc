// CCSDS OMM NDM/XML (parse_omm_xml): each <omm> element cut out of the stream and read alone
// with pugixml.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_parser(data, size, gpq::sync::parse_omm_xml);
}
