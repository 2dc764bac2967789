// Plain, gzip and xz byte streams, and the line reader over them.
#include "sync/input.h"

#include <lzma.h>
#include <zlib.h>

#include <array>
#include <cstdio>
#include <cstring>

#include "gpq/error.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kChunkBytes = 1 << 17;
// The xz decoder may use this much memory: four times what xz -9 (a 64 MiB dictionary)
// needs. A file that claims more is refused, not allowed to take the machine.
constexpr std::uint64_t kXzMemoryLimit = std::uint64_t{256} << 20;

std::string describe(const std::filesystem::path& path) { return path.string(); }

// zlib's gz* functions read gzip members and, transparently, plain files.
class GzipFileStream final : public ByteStream {
 public:
  explicit GzipFileStream(const std::filesystem::path& path) : path_(path) {
    file_ = gzopen(path.c_str(), "rb");
    if (file_ == nullptr) {
      fail(Errc::bad_request, "cannot open {}: {}", describe(path), std::strerror(errno));
    }
    gzbuffer(file_, kChunkBytes);
  }
  ~GzipFileStream() override { gzclose(file_); }
  GzipFileStream(const GzipFileStream&) = delete;
  GzipFileStream& operator=(const GzipFileStream&) = delete;
  GzipFileStream(GzipFileStream&&) = delete;
  GzipFileStream& operator=(GzipFileStream&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    const int got = gzread(file_, buffer, static_cast<unsigned>(std::min(capacity, kChunkBytes)));
    if (got < 0) {
      int code = 0;
      std::string_view message = gzerror(file_, &code);
      const std::string prefix = path_.string() + ": ";  // zlib names the file itself
      if (message.starts_with(prefix)) {
        message.remove_prefix(prefix.size());
      }
      fail(Errc::bad_request, "{}: unreadable compressed data ({})", describe(path_), message);
    }
    if (got == 0) {
      int code = 0;
      gzerror(file_, &code);
      if (code != Z_OK && code != Z_STREAM_END) {
        fail(Errc::bad_request, "{}: compressed data ends early", describe(path_));
      }
    }
    return static_cast<std::size_t>(got);
  }

  std::uint64_t bytes_consumed() const override {
    return static_cast<std::uint64_t>(gzoffset(file_));
  }

 private:
  std::filesystem::path path_;
  gzFile file_ = nullptr;
};

class XzFileStream final : public ByteStream {
 public:
  explicit XzFileStream(const std::filesystem::path& path) : path_(path) {
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
      fail(Errc::bad_request, "cannot open {}: {}", describe(path), std::strerror(errno));
    }
    if (lzma_stream_decoder(&stream_, kXzMemoryLimit, LZMA_CONCATENATED) != LZMA_OK) {
      std::fclose(file_);
      fail(Errc::internal, "cannot start the xz decoder");
    }
  }
  ~XzFileStream() override {
    lzma_end(&stream_);
    std::fclose(file_);
  }
  XzFileStream(const XzFileStream&) = delete;
  XzFileStream& operator=(const XzFileStream&) = delete;
  XzFileStream(XzFileStream&&) = delete;
  XzFileStream& operator=(XzFileStream&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    if (finished_) {
      return 0;
    }
    stream_.next_out = reinterpret_cast<std::uint8_t*>(buffer);
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0) {
        const std::size_t got = std::fread(input_.data(), 1, input_.size(), file_);
        consumed_ += got;
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
        fail(Errc::bad_request, "{}: decompressing needs more than {} MiB of memory (xz -9 needs "
             "65 MiB); recompress it with a smaller dictionary", describe(path_),
             kXzMemoryLimit >> 20);
      }
      if (status != LZMA_OK) {
        fail(Errc::bad_request, "{}: {}", describe(path_),
             status == LZMA_BUF_ERROR ? "compressed data ends early" : "corrupt xz data");
      }
    }
    return capacity - stream_.avail_out;
  }

  std::uint64_t bytes_consumed() const override { return consumed_; }

 private:
  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  std::array<std::uint8_t, kChunkBytes> input_{};
  std::uint64_t consumed_ = 0;
  bool finished_ = false;
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

bool starts_with_xz_magic(const std::filesystem::path& path) {
  static constexpr std::array<unsigned char, 6> kMagic = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    fail(Errc::bad_request, "cannot open {}: {}", describe(path), std::strerror(errno));
  }
  std::array<unsigned char, 6> head{};
  const std::size_t got = std::fread(head.data(), 1, head.size(), file);
  std::fclose(file);
  return got == head.size() && head == kMagic;
}

}  // namespace

std::unique_ptr<ByteStream> open_file(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    fail(Errc::bad_request, "{} is a directory", describe(path));
  }
  if (starts_with_xz_magic(path)) {
    return std::make_unique<XzFileStream>(path);
  }
  return std::make_unique<GzipFileStream>(path);
}

std::unique_ptr<ByteStream> open_bytes(std::string bytes) {
  return std::make_unique<MemoryStream>(std::move(bytes));
}

bool LineReader::fill() {
  if (eof_) {
    return false;
  }
  buffer_.erase(0, begin_);
  begin_ = 0;
  const std::size_t old_size = buffer_.size();
  buffer_.resize(old_size + kChunkBytes);
  const std::size_t got = in_.read(buffer_.data() + old_size, kChunkBytes);
  buffer_.resize(old_size + got);
  if (got == 0) {
    eof_ = true;
  }
  return got > 0;
}

bool LineReader::next(std::string_view& line) {
  truncated_ = false;
  std::size_t scanned = begin_;
  for (;;) {
    const std::size_t newline = buffer_.find('\n', scanned);
    const bool carriage_return = newline != std::string::npos && newline > begin_ &&
                                 buffer_[newline - 1] == '\r';
    if (newline != std::string::npos &&
        newline - begin_ - (carriage_return ? 1 : 0) <= kMaxLineBytes) {
      line = std::string_view(buffer_).substr(begin_, newline - begin_);
      begin_ = newline + 1;
      break;
    }
    // A newline can arrive in the same chunk that takes the line past the limit.
    if (newline != std::string::npos) {
      long_line_.assign(buffer_, begin_, kMaxLineBytes);
      begin_ = newline + 1;
      truncated_ = true;
      line = long_line_;
      ++line_number_;
      return true;
    }
    if (buffer_.size() - begin_ > kMaxLineBytes) {
      // Keep the first kMaxLineBytes, drop the rest of this line as it streams by.
      long_line_.assign(buffer_, begin_, kMaxLineBytes);
      begin_ = buffer_.size();
      truncated_ = true;
      while (fill()) {
        const std::size_t end = buffer_.find('\n', begin_);
        if (end != std::string::npos) {
          begin_ = end + 1;
          break;
        }
        begin_ = buffer_.size();
      }
      line = long_line_;
      ++line_number_;
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
  // A UTF-8 byte order mark (editors on Windows write one) is not part of the first line.
  if (line_number_ == 0 && line.starts_with("\xEF\xBB\xBF")) {
    line.remove_prefix(3);
  }
  ++line_number_;
  return true;
}

}  // namespace gpq::sync
