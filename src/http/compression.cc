#include "http/compression.h"

#include <zlib.h>

#include "gpq/error.h"

#include "core/header_list.h"

namespace gpq::http {
namespace {

constexpr int kGzipWindowBits = 15 + 16;  // 16: a gzip header and trailer, not zlib's
constexpr int kMemoryLevel = 8;
// Large pages are compressed faster at a small cost in size.
constexpr std::size_t kLargeBody = 64 * 1024;

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  for (const HeaderListItem& item : parse_header_list(accept_encoding)) {
    // Compared exactly, as the server always has: codings in other cases are not recognised.
    if ((item.value == "gzip" || item.value == "x-gzip" || item.value == "*") && item.quality > 0) {
      return true;
    }
  }
  return false;
}

std::string gzip(std::string_view body) {
  z_stream stream{};
  const int level = body.size() > kLargeBody ? Z_BEST_SPEED : Z_DEFAULT_COMPRESSION;
  if (deflateInit2(&stream, level, Z_DEFLATED, kGzipWindowBits, kMemoryLevel, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    fail(Errc::internal, "zlib could not start a gzip stream");
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(body.size())) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) {
    fail(Errc::internal, "zlib could not compress a response body");
  }
  return out;
}

}  // namespace gpq::http
