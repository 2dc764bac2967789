// One CSV field, quoted per RFC 4180 when it holds a comma, a quote or a line break.
#pragma once

#include <string>
#include <string_view>

namespace gpq::format_detail {

inline void append_csv_field(std::string_view text, std::string& out) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    out += c;
    if (c == '"') {
      out += '"';
    }
  }
  out += '"';
}

}  // namespace gpq::format_detail
