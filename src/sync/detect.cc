// Content sniffing: each format has a signature in its first lines.
#include "sync/detect.h"

#include <algorithm>

namespace gpq::sync {
namespace {

std::string_view skip_bom_and_blanks(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) {
    text.remove_prefix(3);
  }
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r' ||
                           text.front() == '\n')) {
    text.remove_prefix(1);
  }
  return text;
}

std::string_view first_line(std::string_view text) {
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  return line;
}

bool looks_binary(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte == 0 || (byte < 0x20 && c != '\n' && c != '\r' && c != '\t');
  });
}

// A line starting "1 " followed by one starting "2 ", both long enough to be TLE lines.
// The last line may lack its newline (end of a small file) or be cut by the peek; the
// length check tells a whole line 2 from a cut one.
bool has_tle_pair(std::string_view text) {
  std::string_view previous;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    if (previous.starts_with("1 ") && line.starts_with("2 ") && previous.size() >= 69 &&
        line.size() >= 69) {
      return true;
    }
    previous = line;
  }
  return false;
}

bool contains(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

}  // namespace

std::string_view to_string(FileKind kind) noexcept {
  switch (kind) {
    case FileKind::tle:
      return "TLE text";
    case FileKind::json:
      return "JSON";
    case FileKind::omm_csv:
      return "OMM CSV";
    case FileKind::satcat_csv:
      return "SATCAT CSV";
    case FileKind::omm_xml:
      return "OMM XML";
    case FileKind::omm_kvn:
      return "OMM KVN";
    case FileKind::zip_archive:
      return "zip archive";
    case FileKind::tar_archive:
      return "tar archive";
    case FileKind::unknown:
      return "unknown";
  }
  return "unknown";
}

bool is_archive(FileKind kind) noexcept {
  return kind == FileKind::zip_archive || kind == FileKind::tar_archive;
}

FileKind detect_kind(std::string_view head) noexcept {
  // A zip starts with a member's local header, or, when empty, with its end record.
  if (head.starts_with("PK\x03\x04") || head.starts_with("PK\x05\x06")) {
    return FileKind::zip_archive;
  }
  // A tar header is 512 bytes with "ustar" at 257 (POSIX, pax, and GNU's "ustar  ").
  if (head.size() >= 512 && head.substr(257, 5) == "ustar") {
    return FileKind::tar_archive;
  }
  const std::string_view text = skip_bom_and_blanks(head);
  if (text.empty() || looks_binary(text.substr(0, 4096))) {
    return FileKind::unknown;
  }
  if (text.front() == '[' || text.front() == '{') {
    return FileKind::json;
  }
  if (text.front() == '<') {
    return contains(text, "<omm") || contains(text, "<ndm") ? FileKind::omm_xml : FileKind::unknown;
  }
  if (text.starts_with("CCSDS_OMM_VERS")) {
    return FileKind::omm_kvn;
  }
  const std::string_view header = first_line(text);
  if (contains(header, ",") && contains(header, "NORAD_CAT_ID")) {
    if (contains(header, "EPOCH") && contains(header, "MEAN_MOTION")) {
      return FileKind::omm_csv;
    }
    if (contains(header, "LAUNCH_DATE") || contains(header, "OPS_STATUS_CODE")) {
      return FileKind::satcat_csv;
    }
  }
  if (has_tle_pair(text)) {
    return FileKind::tle;
  }
  return FileKind::unknown;
}

bool is_blank(std::string_view head) noexcept {
  return skip_bom_and_blanks(head).empty();
}

std::string_view wide_text_encoding(std::string_view head) noexcept {
  // UTF-32's little-endian mark starts with UTF-16's: it is tested first.
  if (head.starts_with(std::string_view("\xFF\xFE\0\0", 4)) ||
      head.starts_with(std::string_view("\0\0\xFE\xFF", 4))) {
    return "UTF-32";
  }
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF")) {
    return "UTF-16";
  }
  return {};
}

}  // namespace gpq::sync
