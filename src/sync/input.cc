// Plain files, memory, peeking, and the line reader; the decoders are in
// decompressing_stream.cc.
#include "sync/input.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "gpq/error.h"

#include "sync/decompressing_stream.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kChunkBytes = 1 << 17;

class FileStream final : public ByteStream {
 public:
  explicit FileStream(const std::filesystem::path& path) : path_(path) {
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
      fail(Errc::bad_request, "cannot open {}: {}", path.string(), std::strerror(errno));
    }
    std::setvbuf(file_, nullptr, _IOFBF, kChunkBytes);
  }
  ~FileStream() override { std::fclose(file_); }
  FileStream(const FileStream&) = delete;
  FileStream& operator=(const FileStream&) = delete;
  FileStream(FileStream&&) = delete;
  FileStream& operator=(FileStream&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    const std::size_t got = std::fread(buffer, 1, capacity, file_);
    if (got == 0 && std::ferror(file_) != 0) {
      fail(Errc::bad_request, "{}: read error: {}", path_.string(), std::strerror(errno));
    }
    consumed_ += got;
    return got;
  }
  std::uint64_t bytes_consumed() const override { return consumed_; }

 private:
  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  std::uint64_t consumed_ = 0;
};

class MemoryStream final : public ByteStream {
 public:
  explicit MemoryStream(std::string bytes) : bytes_(std::move(bytes)) {}

  std::size_t read(char* buffer, std::size_t capacity) override {
    const std::size_t n = std::min(capacity, bytes_.size() - offset_);
    std::memcpy(buffer, bytes_.data() + offset_, n);
    offset_ += n;
    return n;
  }
  std::uint64_t bytes_consumed() const override { return offset_; }

 private:
  std::string bytes_;
  std::size_t offset_ = 0;
};

}  // namespace

Compression compression_of(std::string_view head) noexcept {
  static constexpr std::string_view kGzipMagic = "\x1f\x8b";
  static constexpr std::string_view kXzMagic{
      "\xfd"
      "7zXZ\0",
      6};
  if (head.starts_with(kGzipMagic)) {
    return Compression::gzip;
  }
  return head.starts_with(kXzMagic) ? Compression::xz : Compression::none;
}

Compression compression_of_file(const std::filesystem::path& path) {
  const PeekedStream head(std::make_unique<FileStream>(path), 6);
  return compression_of(head.head());
}

std::unique_ptr<ByteStream> open_file(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    fail(Errc::bad_request, "{} is a directory", path.string());
  }
  return open_decompressed(std::make_unique<FileStream>(path), path.string());
}

std::unique_ptr<ByteStream> open_decompressed(std::unique_ptr<ByteStream> raw,
                                              const std::string& name) {
  auto peeked = std::make_unique<PeekedStream>(std::move(raw), 6);
  switch (compression_of(peeked->head())) {
    case Compression::gzip:
      return decompress_gzip(std::move(peeked), name);
    case Compression::xz:
      return decompress_xz(std::move(peeked), name);
    case Compression::none:
      break;
  }
  return peeked;
}

std::unique_ptr<ByteStream> open_bytes(std::string bytes) {
  return std::make_unique<MemoryStream>(std::move(bytes));
}

PeekedStream::PeekedStream(std::unique_ptr<ByteStream> inner, std::size_t peek_bytes)
    : inner_(std::move(inner)) {
  head_.resize(peek_bytes);
  std::size_t filled = 0;
  while (filled < head_.size()) {
    const std::size_t got = inner_->read(head_.data() + filled, head_.size() - filled);
    if (got == 0) {
      break;
    }
    filled += got;
  }
  head_.resize(filled);
}

std::size_t PeekedStream::read(char* buffer, std::size_t capacity) {
  std::size_t n = 0;
  if (offset_ < head_.size()) {
    n = std::min(capacity, head_.size() - offset_);
    std::memcpy(buffer, head_.data() + offset_, n);
    offset_ += n;
  }
  // A short peek (the magic bytes) must not make the first read short too.
  return n < capacity ? n + inner_->read(buffer + n, capacity - n) : n;
}

bool LineReader::fill() {
  if (eof_) {
    return false;
  }
  buffer_.erase(0, begin_);
  begin_ = 0;
  const std::size_t old_size = buffer_.size();
  buffer_.resize(old_size + chunk_);
  const std::size_t got = in_.read(buffer_.data() + old_size, chunk_);
  buffer_.resize(old_size + got);
  chunk_ = std::min(chunk_ * 2, kChunkBytes);
  if (got == 0) {
    eof_ = true;
  }
  return got > 0;
}

void LineReader::take_long_line(std::size_t newline, std::string_view& line) {
  long_line_.assign(buffer_, begin_, kMaxLineBytes);
  truncated_ = true;
  if (newline != std::string::npos) {
    begin_ = newline + 1;
  } else {
    // Drop the rest of this line as it streams by.
    begin_ = buffer_.size();
    while (fill()) {
      const std::size_t end = buffer_.find('\n', begin_);
      if (end != std::string::npos) {
        begin_ = end + 1;
        break;
      }
      begin_ = buffer_.size();
    }
  }
  line = long_line_;
  ++line_number_;
}

bool LineReader::next(std::string_view& line) {
  truncated_ = false;
  std::size_t scanned = begin_;
  for (;;) {
    const std::size_t newline = buffer_.find('\n', scanned);
    const bool carriage_return =
        newline != std::string::npos && newline > begin_ && buffer_[newline - 1] == '\r';
    if (newline != std::string::npos &&
        newline - begin_ - (carriage_return ? 1 : 0) <= kMaxLineBytes) {
      line = std::string_view(buffer_).substr(begin_, newline - begin_);
      begin_ = newline + 1;
      break;
    }
    // Too long: its newline came (maybe in the chunk that took it past the limit), or the
    // bytes without one already pass the limit.
    if (newline != std::string::npos || buffer_.size() - begin_ > kMaxLineBytes) {
      take_long_line(newline, line);
      return true;
    }
    scanned = buffer_.size();
    const std::size_t kept_offset = scanned - begin_;
    if (!fill()) {
      if (begin_ >= buffer_.size()) {
        return false;
      }
      line = std::string_view(buffer_).substr(begin_);
      begin_ = buffer_.size();
      break;
    }
    scanned = begin_ + kept_offset;
  }
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  // A UTF-8 byte order mark (editors on Windows write one) is not part of a line. Not only the
  // first: files joined with cat, or .gz members one after another, carry one at each join.
  if (line.starts_with("\xEF\xBB\xBF")) {
    line.remove_prefix(3);
  }
  ++line_number_;
  return true;
}

}  // namespace gpq::sync
