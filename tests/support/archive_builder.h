// Archives made in memory with libarchive's writer, for the archive tests: zip (deflated or
// stored), tar, .tar.gz and .tar.xz, with any member type and name, hostile ones included.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpq::test {

enum class ArchiveFormat { zip, zip_stored, tar, tar_gz, tar_xz };

struct ArchiveItem {
  enum class Type { file, directory, symlink, hardlink, char_device, fifo };

  std::string name;
  std::string data;  // a file's contents
  Type type = Type::file;
  std::string target;        // a link's target
  std::uint64_t filler = 0;  // when not 0: `data` is followed by this many `filler_byte`s
  char filler_byte = '\n';
};

// The archive's bytes. Fails the current test (and returns what it has) when libarchive
// refuses an item.
std::string build_archive(ArchiveFormat format, const std::vector<ArchiveItem>& items);

// Where the data of the `n`-th (0-based) member of a zip starts, from its local header.
std::size_t zip_member_data_offset(const std::string& zip, int n);

// `bytes` with the byte at `at` inverted.
std::string flipped(std::string bytes, std::size_t at);

// `bytes` as a .gz or .xz file.
std::string gzip_bytes(const std::string& bytes);
std::string xz_bytes(const std::string& bytes);

inline ArchiveItem file_item(std::string name, std::string data) {
  ArchiveItem item;
  item.name = std::move(name);
  item.data = std::move(data);
  return item;
}

// `head` and then `count` times `byte`, written in chunks: a decompression bomb when
// compressed, and one the importer reads when `head` is a record it recognises.
inline ArchiveItem filler_item(std::string name, std::string head, char byte, std::uint64_t count) {
  ArchiveItem item;
  item.name = std::move(name);
  item.data = std::move(head);
  item.filler = count;
  item.filler_byte = byte;
  return item;
}

// A directory, a device or a FIFO (`target` unused), or a link to `target`.
inline ArchiveItem typed_item(ArchiveItem::Type type, std::string name, std::string target = {}) {
  ArchiveItem item;
  item.type = type;
  item.name = std::move(name);
  item.target = std::move(target);
  return item;
}

}  // namespace gpq::test
