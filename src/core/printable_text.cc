// UTF-8 validation per RFC 3629 (table 3-7 of the Unicode standard): the second byte's range
// depends on the first, which excludes overlong forms, surrogates and values past U+10FFFF.
#include "core/printable_text.h"

#include <algorithm>

#include <fmt/core.h>

namespace gpq {
namespace {

bool in(unsigned char byte, unsigned char lo, unsigned char hi) {
  return byte >= lo && byte <= hi;
}

bool control_code_point(std::string_view sequence) {
  const auto first = static_cast<unsigned char>(sequence[0]);
  if (sequence.size() == 1) {
    return first < 0x20 || first == 0x7f;
  }
  // U+0080..U+009F are C2 80..C2 9F.
  return sequence.size() == 2 && first == 0xc2 && static_cast<unsigned char>(sequence[1]) < 0xa0;
}

bool plain_ascii(unsigned char byte) {
  return byte >= 0x20 && byte < 0x7f;
}

// True when printable() would return `text` unchanged.
bool already_printable(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    if (plain_ascii(static_cast<unsigned char>(text[pos]))) {
      ++pos;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text.substr(pos));
    if (length == 0 || control_code_point(text.substr(pos, length))) {
      return false;
    }
    pos += length;
  }
  return true;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text) noexcept {
  if (text.empty()) {
    return 0;
  }
  const auto b0 = static_cast<unsigned char>(text[0]);
  if (b0 < 0x80) {
    return 1;
  }
  std::size_t length = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xbf;
  if (in(b0, 0xc2, 0xdf)) {
    length = 2;
  } else if (in(b0, 0xe0, 0xef)) {
    length = 3;
    lo = b0 == 0xe0 ? 0xa0 : 0x80;
    hi = b0 == 0xed ? 0x9f : 0xbf;
  } else if (in(b0, 0xf0, 0xf4)) {
    length = 4;
    lo = b0 == 0xf0 ? 0x90 : 0x80;
    hi = b0 == 0xf4 ? 0x8f : 0xbf;
  } else {
    return 0;
  }
  if (text.size() < length || !in(static_cast<unsigned char>(text[1]), lo, hi)) {
    return 0;
  }
  for (std::size_t i = 2; i < length; ++i) {
    if (!in(static_cast<unsigned char>(text[i]), 0x80, 0xbf)) {
      return 0;
    }
  }
  return length;
}

std::optional<std::string> text_field_problem(std::string_view field, std::string_view value) {
  for (std::size_t pos = 0; pos < value.size();) {
    const std::size_t length = utf8_sequence_length(value.substr(pos));
    if (length == 0) {
      return fmt::format("{} holds bytes that are not UTF-8 (at byte {})", field, pos + 1);
    }
    if (control_code_point(value.substr(pos, length))) {
      const unsigned code = length == 1 ? static_cast<unsigned char>(value[pos])
                                        : static_cast<unsigned char>(value[pos + 1]);
      return fmt::format("{} holds the control character U+{:04X} (at byte {})", field, code,
                         pos + 1);
    }
    pos += length;
  }
  return std::nullopt;
}

void append_printable(std::string_view text, std::string& out) {
  if (already_printable(text)) {
    out += text;
    return;
  }
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t length = utf8_sequence_length(text.substr(pos));
    if (length == 0) {
      out += kReplacementCharacter;
      ++pos;
      continue;
    }
    const std::string_view sequence = text.substr(pos, length);
    if (control_code_point(sequence)) {
      out += kReplacementCharacter;
    } else {
      out += sequence;
    }
    pos += length;
  }
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_printable(text, out);
  return out;
}

std::string_view printable_view(std::string_view text, std::string& scratch) {
  if (already_printable(text)) {
    return text;
  }
  scratch = printable(text);
  return scratch;
}

std::string excerpt(std::string_view text, std::size_t max_bytes) {
  std::size_t cut = 0;
  while (cut < text.size()) {
    const std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(text.substr(cut)));
    if (cut + length > max_bytes) {
      break;
    }
    cut += length;
  }
  std::string out = printable(text.substr(0, cut));
  if (cut < text.size()) {
    out += "...";
  }
  return out;
}

}  // namespace gpq
