// gzip for response bodies, when the client's Accept-Encoding allows it.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace gpq::http {

// True when `accept_encoding` takes gzip (RFC 9110 12.5.3): `gzip` or `x-gzip`, in any case,
// with a quality above 0; where neither is named, `*` with a quality above 0. So
// `gzip;q=0, *` is identity.
bool accepts_gzip(std::string_view accept_encoding);

// The gzip member (RFC 1952) of `body`. Throws Error{internal} when zlib fails.
std::string gzip(std::string_view body);

// One gzip member written piece by piece, for answers streamed as they are read (the change
// stream). Fastest level: the stream is large and its blocks are packed already.
class GzipWriter {
 public:
  GzipWriter();
  ~GzipWriter();
  GzipWriter(const GzipWriter&) = delete;
  GzipWriter& operator=(const GzipWriter&) = delete;

  // The compressed bytes of `piece` that are ready (possibly none); valid until the next call.
  std::string_view add(std::string_view piece);
  // The rest of the member, trailer included.
  std::string_view finish();

 private:
  std::string_view run(std::string_view piece, int flush);
  struct State;
  std::unique_ptr<State> state_;
  std::string out_;
};

}  // namespace gpq::http
