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
  std::string data;         // a file's contents
  Type type = Type::file;
  std::string target;       // a link's target
  std::uint64_t zeros = 0;  // when not 0: the file holds this many zero bytes instead of data
};

// The archive's bytes. Fails the current test (and returns what it has) when libarchive
// refuses an item.
std::string build_archive(ArchiveFormat format, const std::vector<ArchiveItem>& items);

inline ArchiveItem file_item(std::string name, std::string data) {
  ArchiveItem item;
  item.name = std::move(name);
  item.data = std::move(data);
  return item;
}

// A file of `count` zero bytes, written in chunks: a decompression bomb when deflated.
inline ArchiveItem zeros_item(std::string name, std::uint64_t count) {
  ArchiveItem item;
  item.name = std::move(name);
  item.zeros = count;
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
