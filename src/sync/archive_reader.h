// Reads a zip or tar archive member by member through libarchive, from a stream or a file,
// without writing anything to disk. The only file that sees libarchive.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "sync/archive_rules.h"
#include "sync/input.h"

struct archive;

namespace gpq::sync {

struct ArchiveMember {
  std::string name;  // as stored: UTF-8 when the archive says so, else its bytes
  MemberType type = MemberType::regular;
};

class ArchiveReader {
 public:
  enum class Next {
    member,   // a member header was read: its data follows
    damaged,  // a header that cannot be read; reading goes on after it (problem() says why)
    end,      // no more members
  };

  // Reads `in` forward: a tar (decompressed already when it was a .tar.gz/.tar.xz), or a zip
  // found inside something else. `in` must outlive the reader; `name` names the archive in
  // messages. Every chunk read from `in` is first shown to `on_read` (it may throw to stop).
  ArchiveReader(ByteStream& in, std::string name,
                std::function<void(std::size_t)> on_read = nullptr);
  // Reads the plain (uncompressed) archive file at `path` with seeking: a zip's central
  // directory, at its end, is all that says which of its members are links.
  static std::unique_ptr<ArchiveReader> open_file(const std::filesystem::path& path,
                                                  std::string name,
                                                  std::function<void(std::size_t)> on_read);
  ~ArchiveReader();
  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;
  ArchiveReader(ArchiveReader&&) = delete;
  ArchiveReader& operator=(ArchiveReader&&) = delete;

  // Moves to the next member. Throws Error{bad_request} naming the archive when it cannot go
  // on (cut short, not an archive after all); the error of the input itself when that broke.
  // After read() has thrown what the input threw, the archive cannot go on: Next::end.
  Next next(ArchiveMember& member);
  // For Next::damaged: what was wrong.
  const std::string& problem() const { return problem_; }
  // Reads the current member's data; 0 at its end. Throws Error{bad_request}
  // "<archive>:<member>: ..." when the data is damaged (bad CRC, cut short) or the input broke.
  std::size_t read(char* buffer, std::size_t capacity, const std::string& member_name);
  // Compressed bytes of the file underneath read so far.
  std::uint64_t bytes_consumed() const { return in_->bytes_consumed(); }

 private:
  class Source;
  ArchiveReader(std::unique_ptr<Source> source, std::string name);
  void open();
  // Rethrows what the input threw inside libarchive, renamed to `member_name` when given.
  void rethrow_input_failure(const std::string& member_name);

  struct Free {
    void operator()(archive* handle) const noexcept;
  };

  std::unique_ptr<Source> source_;
  ByteStream* in_ = nullptr;
  std::string name_;
  std::string problem_;
  bool input_failed_ = false;
  std::unique_ptr<archive, Free> archive_;
};

}  // namespace gpq::sync
