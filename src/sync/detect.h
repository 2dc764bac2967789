// Recognises an import file's kind from its first bytes, never from its name.
#pragma once

#include <string_view>

namespace gpq::sync {

enum class FileKind {
  tle,
  json,
  omm_csv,
  satcat_csv,
  omm_xml,
  omm_kvn,
  zip_archive,  // read member by member (archive_import.h)
  tar_archive,  // ustar, pax or GNU; after its .gz/.xz when it had one
  unknown
};

std::string_view to_string(FileKind kind) noexcept;
bool is_archive(FileKind kind) noexcept;

// `head` is the start of the decompressed content (a few KiB are enough).
FileKind detect_kind(std::string_view head) noexcept;

// Whether `head` holds nothing but a UTF-8 byte order mark and blank space.
bool is_blank(std::string_view head) noexcept;

// "UTF-16" or "UTF-32" when `head` starts with that encoding's byte order mark, else empty:
// text a Windows tool saved so, which gpq does not read (it reads UTF-8), named in the error.
std::string_view wide_text_encoding(std::string_view head) noexcept;

}  // namespace gpq::sync
