// Byte and line streams over import files and archive members: plain, .gz or .xz, detected
// from the magic bytes, read in fixed-size chunks so memory stays flat in the input size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace gpq::sync {

// A forward-only byte source. read() returns 0 only at the end.
// Throws Error{bad_request} when the input cannot be opened or is corrupt (bad gzip/xz data),
// with a message that starts with the input's name.
class ByteStream {
 public:
  virtual ~ByteStream() = default;
  ByteStream() = default;
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;
  ByteStream(ByteStream&&) = delete;
  ByteStream& operator=(ByteStream&&) = delete;

  virtual std::size_t read(char* buffer, std::size_t capacity) = 0;
  // Compressed bytes consumed from the underlying file so far (for progress and run records).
  virtual std::uint64_t bytes_consumed() const = 0;
};

enum class Compression { none, gzip, xz };

// What the first bytes of an input say about its compression (at least 6 bytes are needed
// to recognise xz).
Compression compression_of(std::string_view head) noexcept;
// The compression of the file at `path`, from its first bytes. Throws Error{bad_request} when
// it cannot be opened.
Compression compression_of_file(const std::filesystem::path& path);

// Opens `path`, decompressing .gz/.xz transparently (by content, not by name).
std::unique_ptr<ByteStream> open_file(const std::filesystem::path& path);
// `raw` decompressed when it starts with the gzip or xz magic bytes, else `raw` itself.
// `name` names the input in messages ("data.3le.gz", "history.zip:2004.txt.gz").
std::unique_ptr<ByteStream> open_decompressed(std::unique_ptr<ByteStream> raw,
                                              const std::string& name);
// A stream over bytes held in memory (tests, HTTP bodies). `bytes` is copied.
std::unique_ptr<ByteStream> open_bytes(std::string bytes);

// Reads the first `peek_bytes` of a stream at once (for sniffing), then replays them and
// continues with the stream.
class PeekedStream final : public ByteStream {
 public:
  static constexpr std::size_t kDefaultPeekBytes = 64 * 1024;

  explicit PeekedStream(std::unique_ptr<ByteStream> inner,
                        std::size_t peek_bytes = kDefaultPeekBytes);

  // The bytes peeked: all of them when the stream is shorter.
  std::string_view head() const { return head_; }

  std::size_t read(char* buffer, std::size_t capacity) override;
  std::uint64_t bytes_consumed() const override { return inner_->bytes_consumed(); }

 private:
  std::unique_ptr<ByteStream> inner_;
  std::string head_;
  std::size_t offset_ = 0;
};

// Reads lines (LF or CRLF; the terminator is not returned). A line longer than
// kMaxLineBytes is returned cut to that length with `truncated()` true, the rest
// discarded, so one monstrous line cannot exhaust memory.
class LineReader {
 public:
  static constexpr std::size_t kMaxLineBytes = 1 << 20;

  explicit LineReader(ByteStream& in) : in_(in) {}

  // False at the end of input. `line` stays valid until the next call.
  bool next(std::string_view& line);
  // 1-based number of the line last returned.
  std::uint64_t line_number() const { return line_number_; }
  bool truncated() const { return truncated_; }

 private:
  bool fill();
  // Takes the first kMaxLineBytes of a line longer than that as `line` and passes over the
  // rest: up to `newline`, or, when its newline has not come yet (npos), as it streams by.
  void take_long_line(std::size_t newline, std::string_view& line);

  ByteStream& in_;
  std::string buffer_;
  // What the next read asks for: 4 KiB first, doubling to 128 KiB, so that a small input (an
  // HTTP body, an archive member, a fuzz input) costs a small buffer.
  std::size_t chunk_ = 4096;
  std::size_t begin_ = 0;  // first unread byte in buffer_
  std::string long_line_;
  std::uint64_t line_number_ = 0;
  bool truncated_ = false;
  bool eof_ = false;
};

}  // namespace gpq::sync
