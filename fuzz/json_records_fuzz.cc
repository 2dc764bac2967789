// JSON records (parse_json_records): OMM/GP objects in CelesTrak's or Space-Track's shape and
// SATCAT objects, decided per object, streamed out of an array or a {"data":[...]} wrapper.
#include "parser_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpq::fuzz::run_parser(data, size, gpq::sync::parse_json_records);
}
