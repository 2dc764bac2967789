// gzip through zlib's inflate and xz through liblzma, over any byte stream. libarchive could
// decode both as fast (docs/IMPORT.md, "Compression"), but its xz filter runs liblzma without
// a memory limit; these keep the 256 MiB one.
#include "sync/decompressing_stream.h"

#include <algorithm>
#include <array>
#include <climits>
#include <lzma.h>

#include <zlib.h>

#include "gpq/error.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kChunkBytes = 1 << 17;
// The xz decoder may use this much memory: four times what xz -9 (a 64 MiB dictionary)
// needs. A file that claims more is refused, not allowed to take the machine.
constexpr std::uint64_t kXzMemoryLimit = std::uint64_t{256} << 20;

class GzipStream final : public ByteStream {
 public:
  GzipStream(std::unique_ptr<ByteStream> source, std::string name)
      : source_(std::move(source)), name_(std::move(name)) {
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) {  // 16: a gzip header and trailer
      fail(Errc::internal, "cannot start the gzip decoder");
    }
  }
  ~GzipStream() override { inflateEnd(&stream_); }
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;
  GzipStream(GzipStream&&) = delete;
  GzipStream& operator=(GzipStream&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    if (finished_) {
      return 0;
    }
    const auto room = static_cast<uInt>(std::min<std::size_t>(capacity, UINT_MAX));
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = room;
    while (stream_.avail_out == room) {
      if (stream_.avail_in == 0 && !refill()) {
        fail(Errc::bad_request, "{}: compressed data ends early", name_);
      }
      const int status = inflate(&stream_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        if (!next_member_follows()) {
          finished_ = true;
          break;
        }
        inflateReset(&stream_);
        continue;
      }
      if (status != Z_OK && status != Z_BUF_ERROR) {
        fail(Errc::bad_request, "{}: unreadable compressed data ({})", name_,
             stream_.msg != nullptr ? stream_.msg : "corrupt data");
      }
    }
    return room - stream_.avail_out;
  }

  std::uint64_t bytes_consumed() const override { return source_->bytes_consumed(); }

 private:
  // Moves the unread input to the front and reads more after it; false at the end.
  bool refill() {
    std::copy_n(stream_.next_in, stream_.avail_in, input_.begin());
    const std::size_t got = source_->read(reinterpret_cast<char*>(input_.data()) + stream_.avail_in,
                                          input_.size() - stream_.avail_in);
    stream_.next_in = input_.data();
    stream_.avail_in += static_cast<uInt>(got);
    return got > 0;
  }

  // After a member's trailer: true when another gzip member starts.
  bool next_member_follows() {
    while (stream_.avail_in < 2 && refill()) {
    }
    return stream_.avail_in >= 2 && stream_.next_in[0] == 0x1f && stream_.next_in[1] == 0x8b;
  }

  std::unique_ptr<ByteStream> source_;
  std::string name_;
  z_stream stream_{};
  std::array<Bytef, kChunkBytes> input_{};
  bool finished_ = false;
};

class XzStream final : public ByteStream {
 public:
  XzStream(std::unique_ptr<ByteStream> source, std::string name)
      : source_(std::move(source)), name_(std::move(name)) {
    if (lzma_stream_decoder(&stream_, kXzMemoryLimit, LZMA_CONCATENATED) != LZMA_OK) {
      fail(Errc::internal, "cannot start the xz decoder");
    }
  }
  ~XzStream() override { lzma_end(&stream_); }
  XzStream(const XzStream&) = delete;
  XzStream& operator=(const XzStream&) = delete;
  XzStream(XzStream&&) = delete;
  XzStream& operator=(XzStream&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    if (finished_) {
      return 0;
    }
    stream_.next_out = reinterpret_cast<std::uint8_t*>(buffer);
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0) {
        const std::size_t got =
            source_->read(reinterpret_cast<char*>(input_.data()), input_.size());
        stream_.next_in = input_.data();
        stream_.avail_in = got;
        if (got == 0) {
          action = LZMA_FINISH;
        }
      }
      const lzma_ret status = lzma_code(&stream_, action);
      if (status == LZMA_STREAM_END) {
        finished_ = true;
        break;
      }
      if (status == LZMA_MEMLIMIT_ERROR) {
        fail(Errc::bad_request,
             "{}: decompressing needs more than {} MiB of memory (xz -9 needs 65 MiB); "
             "recompress it with a smaller dictionary",
             name_, kXzMemoryLimit >> 20);
      }
      if (status != LZMA_OK) {
        fail(Errc::bad_request, "{}: {}", name_,
             status == LZMA_BUF_ERROR ? "compressed data ends early" : "corrupt xz data");
      }
    }
    return capacity - stream_.avail_out;
  }

  std::uint64_t bytes_consumed() const override { return source_->bytes_consumed(); }

 private:
  std::unique_ptr<ByteStream> source_;
  std::string name_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  std::array<std::uint8_t, kChunkBytes> input_{};
  bool finished_ = false;
};

}  // namespace

std::unique_ptr<ByteStream> decompress_gzip(std::unique_ptr<ByteStream> source,
                                            const std::string& name) {
  return std::make_unique<GzipStream>(std::move(source), name);
}

std::unique_ptr<ByteStream> decompress_xz(std::unique_ptr<ByteStream> source,
                                          const std::string& name) {
  return std::make_unique<XzStream>(std::move(source), name);
}

}  // namespace gpq::sync
