#include "support/archive_builder.h"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <locale.h>
#include <memory>
#include <sys/sysmacros.h>

#include <gtest/gtest.h>

namespace gpq::test {
namespace {

la_ssize_t append(archive*, void* out, const void* buffer, size_t length) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(buffer), length);
  return static_cast<la_ssize_t>(length);
}

void set_type(archive_entry* entry, const ArchiveItem& item) {
  switch (item.type) {
    case ArchiveItem::Type::file:
      archive_entry_set_filetype(entry, AE_IFREG);
      archive_entry_set_size(entry, static_cast<la_int64_t>(item.data.size() + item.filler));
      break;
    case ArchiveItem::Type::directory:
      archive_entry_set_filetype(entry, AE_IFDIR);
      break;
    case ArchiveItem::Type::symlink:
      archive_entry_set_filetype(entry, AE_IFLNK);
      archive_entry_set_symlink(entry, item.target.c_str());
      break;
    case ArchiveItem::Type::hardlink:
      archive_entry_set_filetype(entry, AE_IFREG);
      archive_entry_set_hardlink(entry, item.target.c_str());
      break;
    case ArchiveItem::Type::char_device:
      archive_entry_set_filetype(entry, AE_IFCHR);
      archive_entry_set_rdev(entry, makedev(1, 3));
      break;
    case ArchiveItem::Type::fifo:
      archive_entry_set_filetype(entry, AE_IFIFO);
      break;
  }
}

void write_data(archive* writer, const ArchiveItem& item) {
  if (item.type != ArchiveItem::Type::file) {
    return;
  }
  if (!item.data.empty()) {
    EXPECT_EQ(archive_write_data(writer, item.data.data(), item.data.size()),
              static_cast<la_ssize_t>(item.data.size()))
        << item.name << ": " << archive_error_string(writer);
  }
  const std::string chunk(1 << 20, item.filler_byte);
  for (std::uint64_t left = item.filler; left > 0;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk.size()));
    ASSERT_EQ(archive_write_data(writer, chunk.data(), n), static_cast<la_ssize_t>(n));
    left -= n;
  }
}

// One raw stream through a compression filter.
std::string compress(const std::string& bytes, int (*add_filter)(archive*)) {
  std::string out;
  const std::unique_ptr<archive, int (*)(archive*)> writer(archive_write_new(),
                                                           &archive_write_free);
  archive_write_set_format_raw(writer.get());
  add_filter(writer.get());
  archive_write_set_bytes_in_last_block(writer.get(), 1);
  EXPECT_EQ(archive_write_open(writer.get(), &out, nullptr, &append, nullptr), ARCHIVE_OK);
  const std::unique_ptr<archive_entry, void (*)(archive_entry*)> entry(archive_entry_new(),
                                                                       &archive_entry_free);
  archive_entry_set_filetype(entry.get(), AE_IFREG);
  archive_entry_set_pathname(entry.get(), "data");
  EXPECT_EQ(archive_write_header(writer.get(), entry.get()), ARCHIVE_OK);
  if (!bytes.empty()) {
    EXPECT_EQ(archive_write_data(writer.get(), bytes.data(), bytes.size()),
              static_cast<la_ssize_t>(bytes.size()));
  }
  EXPECT_EQ(archive_write_close(writer.get()), ARCHIVE_OK);
  return out;
}

}  // namespace

std::size_t zip_member_data_offset(const std::string& zip, int n) {
  std::size_t header = zip.find("PK\x03\x04");
  for (int i = 0; i < n; ++i) {
    header = zip.find("PK\x03\x04", header + 4);
  }
  const auto u16 = [&](std::size_t at) {
    return static_cast<std::size_t>(static_cast<unsigned char>(zip[at])) |
           static_cast<std::size_t>(static_cast<unsigned char>(zip[at + 1])) << 8;
  };
  return header + 30 + u16(header + 26) + u16(header + 28);
}

std::string flipped(std::string bytes, std::size_t at) {
  bytes[at] = static_cast<char>(~static_cast<unsigned char>(bytes[at]));
  return bytes;
}

std::string gzip_bytes(const std::string& bytes) {
  return compress(bytes, &archive_write_add_filter_gzip);
}

std::string xz_bytes(const std::string& bytes) {
  return compress(bytes, &archive_write_add_filter_xz);
}

std::string build_archive(ArchiveFormat format, const std::vector<ArchiveItem>& items) {
  // Names are UTF-8, as a user's archiver writes them; libarchive writes them so only from a
  // UTF-8 locale (in the C locale it crashes on a name beyond ASCII).
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  const locale_t previous = uselocale(utf8);
  std::string bytes;
  const std::unique_ptr<archive, int (*)(archive*)> writer(archive_write_new(),
                                                           &archive_write_free);
  switch (format) {
    case ArchiveFormat::zip:
      archive_write_set_format_zip(writer.get());
      break;
    case ArchiveFormat::zip_stored:
      archive_write_set_format_zip(writer.get());
      archive_write_zip_set_compression_store(writer.get());
      break;
    case ArchiveFormat::tar:
      archive_write_set_format_pax_restricted(writer.get());
      break;
    case ArchiveFormat::tar_gz:
      archive_write_set_format_pax_restricted(writer.get());
      archive_write_add_filter_gzip(writer.get());
      break;
    case ArchiveFormat::tar_xz:
      archive_write_set_format_pax_restricted(writer.get());
      archive_write_add_filter_xz(writer.get());
      break;
  }
  archive_write_set_bytes_in_last_block(writer.get(), 1);  // no padding after the end
  EXPECT_EQ(archive_write_open(writer.get(), &bytes, nullptr, &append, nullptr), ARCHIVE_OK);
  for (const ArchiveItem& item : items) {
    const std::unique_ptr<archive_entry, void (*)(archive_entry*)> entry(archive_entry_new(),
                                                                         &archive_entry_free);
    archive_entry_set_pathname(entry.get(), item.name.c_str());
    archive_entry_set_perm(entry.get(), 0644);
    archive_entry_set_mtime(entry.get(), 1'700'000'000, 0);
    set_type(entry.get(), item);
    const int status = archive_write_header(writer.get(), entry.get());
    EXPECT_GE(status, ARCHIVE_WARN) << item.name << ": " << archive_error_string(writer.get());
    write_data(writer.get(), item);
  }
  EXPECT_EQ(archive_write_close(writer.get()), ARCHIVE_OK) << archive_error_string(writer.get());
  uselocale(previous);
  return bytes;
}

}  // namespace gpq::test
