// libarchive over gpq's byte streams: formats zip and tar only, no decompression filter (the
// .gz/.xz of a .tar.gz/.tar.xz is undone by input.h, with its memory limit, before libarchive
// sees the bytes). Exceptions never cross libarchive's C frames: a callback keeps what its
// input threw and the caller rethrows it once libarchive has returned.
#include "sync/archive_reader.h"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <locale.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/text.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kChunkBytes = 1 << 16;

// libarchive converts member names to the locale's character set, and in the C locale that
// gpq runs in a zip's UTF-8 name such as "vermögen/iss.tle" has no conversion: the name came
// back empty and the member was refused. While a guard lives, this thread's character set is
// UTF-8 (uselocale is per thread; the process locale is untouched).
class Utf8Names {
 public:
  Utf8Names() {
    static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
    if (utf8 != static_cast<locale_t>(0)) {
      previous_ = uselocale(utf8);
    }
  }
  ~Utf8Names() {
    if (previous_ != static_cast<locale_t>(0)) {
      uselocale(previous_);
    }
  }
  Utf8Names(const Utf8Names&) = delete;
  Utf8Names& operator=(const Utf8Names&) = delete;
  Utf8Names(Utf8Names&&) = delete;
  Utf8Names& operator=(Utf8Names&&) = delete;

 private:
  locale_t previous_ = static_cast<locale_t>(0);
};

// A plain file read with seeking, for zips read through their central directory.
class SeekableFile final : public ByteStream {
 public:
  explicit SeekableFile(const std::filesystem::path& path) : path_(path) {
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
      fail(Errc::bad_request, "cannot open {}: {}", path.string(), std::strerror(errno));
    }
  }
  ~SeekableFile() override { std::fclose(file_); }
  SeekableFile(const SeekableFile&) = delete;
  SeekableFile& operator=(const SeekableFile&) = delete;
  SeekableFile(SeekableFile&&) = delete;
  SeekableFile& operator=(SeekableFile&&) = delete;

  std::size_t read(char* buffer, std::size_t capacity) override {
    const std::size_t got = std::fread(buffer, 1, capacity, file_);
    if (got == 0 && std::ferror(file_) != 0) {
      fail(Errc::bad_request, "{}: read error: {}", path_.string(), std::strerror(errno));
    }
    // How far into the file reading has gone: bytes read twice (members that share their
    // data, a crafted zip's trick) do not raise the expansion limit.
    const off_t position = ftello(file_);
    farthest_ = std::max<std::uint64_t>(farthest_, position > 0 ? position : 0);
    return got;
  }
  std::uint64_t bytes_consumed() const override { return farthest_; }

  // The new position, or -1.
  std::int64_t seek(std::int64_t offset, int whence) {
    if (fseeko(file_, offset, whence) != 0) {
      return -1;
    }
    return ftello(file_);
  }

 private:
  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  std::uint64_t farthest_ = 0;
};

MemberType type_of(archive_entry* entry) {
  if (archive_entry_hardlink(entry) != nullptr) {
    return MemberType::hard_link;
  }
  if (archive_entry_symlink(entry) != nullptr) {
    return MemberType::symbolic_link;
  }
  switch (archive_entry_filetype(entry)) {
    case 0:  // tar and zip members of no stated type are files
    case AE_IFREG:
      return MemberType::regular;
    case AE_IFDIR:
      return MemberType::directory;
    case AE_IFLNK:
      return MemberType::symbolic_link;
    default:
      return MemberType::special;
  }
}

// libarchive's words for what went wrong, as one printable line: some of its messages end in
// a line break, and some quote bytes of the archive.
std::string error_text(archive* handle) {
  const char* text = archive_error_string(handle);
  return text != nullptr ? excerpt(trim(text), 200) : "unreadable data";
}

std::string name_of(archive_entry* entry) {
  const char* name = archive_entry_pathname_utf8(entry);
  if (name == nullptr) {
    name = archive_entry_pathname(entry);
  }
  return name != nullptr ? name : "";
}

}  // namespace

class ArchiveReader::Source {
 public:
  Source(ByteStream& in, std::function<void(std::size_t)> on_read)
      : in_(in), on_read_(std::move(on_read)) {}
  Source(std::unique_ptr<SeekableFile> file, std::function<void(std::size_t)> on_read)
      : in_(*file), file_(std::move(file)), on_read_(std::move(on_read)) {}

  ByteStream& stream() { return in_; }
  bool seekable() const { return file_ != nullptr; }
  std::exception_ptr take_failure() { return std::exchange(failure_, nullptr); }

  static la_ssize_t read(archive* handle, void* self, const void** buffer) {
    auto& source = *static_cast<Source*>(self);
    try {
      const std::size_t got = source.in_.read(source.buffer_.data(), source.buffer_.size());
      if (source.on_read_) {
        source.on_read_(got);
      }
      *buffer = source.buffer_.data();
      return static_cast<la_ssize_t>(got);
    } catch (...) {
      source.failure_ = std::current_exception();
      archive_set_error(handle, EIO, "the input failed");
      return ARCHIVE_FATAL;
    }
  }

  static la_int64_t seek(archive*, void* self, la_int64_t offset, int whence) {
    const std::int64_t position = static_cast<Source*>(self)->file_->seek(offset, whence);
    return position >= 0 ? position : ARCHIVE_FATAL;
  }

  static la_int64_t skip(archive*, void* self, la_int64_t request) {
    return static_cast<Source*>(self)->file_->seek(request, SEEK_CUR) >= 0 ? request : 0;
  }

 private:
  ByteStream& in_;
  std::unique_ptr<SeekableFile> file_;
  std::function<void(std::size_t)> on_read_;
  std::array<char, kChunkBytes> buffer_{};
  std::exception_ptr failure_;
};

void ArchiveReader::Free::operator()(archive* handle) const noexcept {
  archive_read_free(handle);
}

ArchiveReader::ArchiveReader(ByteStream& in, std::string name,
                             std::function<void(std::size_t)> on_read)
    : ArchiveReader(std::make_unique<Source>(in, std::move(on_read)), std::move(name)) {}

ArchiveReader::ArchiveReader(std::unique_ptr<Source> source, std::string name)
    : source_(std::move(source)), in_(&source_->stream()), name_(std::move(name)) {
  open();
}

std::unique_ptr<ArchiveReader> ArchiveReader::open_file(const std::filesystem::path& path,
                                                        std::string name,
                                                        std::function<void(std::size_t)> on_read) {
  auto source = std::make_unique<Source>(std::make_unique<SeekableFile>(path), std::move(on_read));
  return std::unique_ptr<ArchiveReader>(new ArchiveReader(std::move(source), std::move(name)));
}

ArchiveReader::~ArchiveReader() = default;

void ArchiveReader::open() {
  const Utf8Names utf8;
  archive_.reset(archive_read_new());
  if (!archive_) {
    fail(Errc::internal, "cannot start the archive reader");
  }
  archive* handle = archive_.get();
  archive_read_support_format_zip(handle);  // through the central directory when seekable
  archive_read_support_format_tar(handle);  // ustar, pax and GNU
  archive_read_set_callback_data(handle, source_.get());
  archive_read_set_read_callback(handle, &Source::read);
  if (source_->seekable()) {
    archive_read_set_seek_callback(handle, &Source::seek);
    archive_read_set_skip_callback(handle, &Source::skip);
  }
  if (archive_read_open1(handle) != ARCHIVE_OK) {
    rethrow_input_failure({});
    fail(Errc::bad_request, "{}: not a readable zip or tar archive ({})", name_,
         error_text(handle));
  }
}

ArchiveReader::Next ArchiveReader::next(ArchiveMember& member) {
  if (input_failed_) {
    return Next::end;  // reported already, by read()
  }
  const Utf8Names utf8;
  archive_entry* entry = nullptr;
  const int status = archive_read_next_header(archive_.get(), &entry);
  if (status == ARCHIVE_EOF) {
    return Next::end;
  }
  rethrow_input_failure({});
  member.name = entry != nullptr ? name_of(entry) : std::string();
  member.type = entry != nullptr ? type_of(entry) : MemberType::regular;
  if (status == ARCHIVE_RETRY || status == ARCHIVE_FAILED) {
    problem_ = error_text(archive_.get());
    return Next::damaged;
  }
  if (status < ARCHIVE_WARN) {
    fail(Errc::bad_request, "{}: damaged archive ({})", name_, error_text(archive_.get()));
  }
  return Next::member;
}

std::size_t ArchiveReader::read(char* buffer, std::size_t capacity,
                                const std::string& member_name) {
  const la_ssize_t got = archive_read_data(archive_.get(), buffer, capacity);
  if (got >= 0) {
    return static_cast<std::size_t>(got);
  }
  rethrow_input_failure(member_name);
  fail(Errc::bad_request, "{}: damaged archive member ({})", member_name,
       error_text(archive_.get()));
}

void ArchiveReader::rethrow_input_failure(const std::string& member_name) {
  const std::exception_ptr failure = source_->take_failure();
  if (!failure) {
    return;
  }
  input_failed_ = true;
  try {
    std::rethrow_exception(failure);
  } catch (const Error& error) {
    // The input's message starts with the archive's name; the member read is the better one.
    std::string message = error.what();
    const std::string prefix = name_ + ": ";
    if (!member_name.empty() && message.starts_with(prefix)) {
      message.replace(0, prefix.size(), member_name + ": ");
    }
    throw Error(error.code(), message);
  }
}

}  // namespace gpq::sync
