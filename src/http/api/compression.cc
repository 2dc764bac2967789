#include "http/api/compression.h"

#include <algorithm>
#include <optional>

#include <zlib.h>

#include "gpq/error.h"

#include "core/header_list.h"
#include "core/text.h"

namespace gpq::http {
namespace {

constexpr int kGzipWindowBits = 15 + 16;  // 16: a gzip header and trailer, not zlib's
constexpr int kMemoryLevel = 8;
// Large pages are compressed faster at a small cost in size.
constexpr std::size_t kLargeBody = 64 * 1024;

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  std::optional<double> named;
  std::optional<double> any;
  for (const HeaderListItem& item : parse_header_list(accept_encoding)) {
    if (iequals(item.value, "gzip") || iequals(item.value, "x-gzip")) {
      named = std::max(named.value_or(0.0), item.quality);
    } else if (item.value == "*") {
      any = std::max(any.value_or(0.0), item.quality);
    }
  }
  return named ? *named > 0 : any.value_or(0.0) > 0;
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

struct GzipWriter::State {
  z_stream stream{};
};

GzipWriter::GzipWriter() : state_(std::make_unique<State>()) {
  if (deflateInit2(&state_->stream, Z_BEST_SPEED, Z_DEFLATED, kGzipWindowBits, kMemoryLevel,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    fail(Errc::internal, "zlib could not start a gzip stream");
  }
}

GzipWriter::~GzipWriter() {
  deflateEnd(&state_->stream);
}

std::string_view GzipWriter::add(std::string_view piece) {
  return run(piece, Z_NO_FLUSH);
}

std::string_view GzipWriter::finish() {
  return run({}, Z_FINISH);
}

std::string_view GzipWriter::run(std::string_view piece, int flush) {
  z_stream& stream = state_->stream;
  out_.clear();
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(piece.data()));
  stream.avail_in = static_cast<uInt>(piece.size());
  constexpr std::size_t kStep = 64 * 1024;
  for (;;) {
    const std::size_t used = out_.size();
    out_.resize(used + kStep);
    stream.next_out = reinterpret_cast<Bytef*>(out_.data() + used);
    stream.avail_out = static_cast<uInt>(kStep);
    const int result = deflate(&stream, flush);
    out_.resize(used + kStep - stream.avail_out);
    if (result == Z_STREAM_ERROR) {
      fail(Errc::internal, "zlib could not compress a streamed answer");
    }
    const bool done =
        flush == Z_FINISH ? result == Z_STREAM_END : stream.avail_in == 0 && stream.avail_out != 0;
    if (done) {
      return out_;
    }
  }
}

}  // namespace gpq::http
