// RFC 8259 string escaping. Every control character is escaped, and bytes that are not UTF-8
// become U+FFFD, so that whatever a record holds the document stays valid JSON.
#include "format/json_writer.h"

#include "core/printable_text.h"

namespace gpq::json {
namespace {

void append_escaped_ascii(char c, std::string& out) {
  switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<int>(c));
      } else {
        out += c;
      }
  }
}

}  // namespace

void append_string(std::string_view text, std::string& out) {
  out += '"';
  for (std::size_t pos = 0; pos < text.size();) {
    const char c = text[pos];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {  // most bytes: as they are
      out += c;
      ++pos;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text.substr(pos));
    if (length == 1) {
      append_escaped_ascii(text[pos], out);
    } else if (length == 0) {
      out += "\\ufffd";
      ++pos;
      continue;
    } else if (length == 2 && text[pos] == '\xc2' &&
               static_cast<unsigned char>(text[pos + 1]) < 0xa0) {  // the C1 controls
      fmt::format_to(std::back_inserter(out), "\\u{:04x}",
                     static_cast<unsigned char>(text[pos + 1]));
    } else {
      out += text.substr(pos, length);
    }
    pos += length;
  }
  out += '"';
}

}  // namespace gpq::json
