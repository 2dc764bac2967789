#include "http/api/conditional.h"

#include <fmt/core.h>
#include <zlib.h>

#include "core/header_list.h"

namespace gpq::http {

// zlib's checksums are fast on large bodies; with the length they make collisions between
// two versions of one resource unlikely enough for a validator.
std::string etag_of(std::string_view body) {
  const auto* bytes = reinterpret_cast<const Bytef*>(body.data());
  const auto size = static_cast<uInt>(body.size());
  return fmt::format("\"{:08x}{:08x}{:x}\"", crc32(0, bytes, size), adler32(1, bytes, size),
                     body.size());
}

std::string gzip_etag(std::string_view etag) {
  if (etag.size() < 2 || !etag.ends_with('"')) {
    return std::string(etag);
  }
  std::string tag(etag.substr(0, etag.size() - 1));
  tag += "-gzip\"";
  return tag;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  for (const HeaderListItem& item : parse_header_list(if_none_match)) {
    std::string_view tag = item.text;
    if (tag.starts_with("W/")) {
      tag.remove_prefix(2);
    }
    if (tag == "*" || tag == etag) {
      return true;
    }
  }
  return false;
}

}  // namespace gpq::http
