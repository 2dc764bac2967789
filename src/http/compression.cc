#include "http/compression.h"

#include <zlib.h>

#include "gpq/error.h"

namespace gpq::http {
namespace {

constexpr int kGzipWindowBits = 15 + 16;  // 16: a gzip header and trailer, not zlib's
constexpr int kMemoryLevel = 8;
// Large pages are compressed faster at a small cost in size.
constexpr std::size_t kLargeBody = 64 * 1024;

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    std::string_view item = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
    const std::size_t semi = item.find(';');
    const std::string_view coding = trimmed(item.substr(0, semi));
    if (coding == "gzip" || coding == "x-gzip" || coding == "*") {
      const std::string_view params = semi == std::string_view::npos ? "" : item.substr(semi + 1);
      const std::size_t q = params.find("q=");
      if (q == std::string_view::npos || std::atof(std::string(params.substr(q + 2)).c_str()) > 0) {
        return true;
      }
    }
  }
  return false;
}

std::string gzip(std::string_view body) {
  z_stream stream{};
  const int level = body.size() > kLargeBody ? Z_BEST_SPEED : Z_DEFAULT_COMPRESSION;
  if (deflateInit2(&stream, level, Z_DEFLATED, kGzipWindowBits, kMemoryLevel,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
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
