// One CSV field: control characters and bytes that are not UTF-8 replaced (core/
// printable_text.h), so that a record is always one line, then quoted per RFC 4180 when it
// holds a comma or a quote.
#pragma once

#include <string>
#include <string_view>

#include "core/printable_text.h"

namespace gpq::format_detail {

inline void append_csv_field(std::string_view text, std::string& out) {
  std::string scratch;
  const std::string_view clean = printable_view(text, scratch);
  if (clean.find_first_of(",\"") == std::string_view::npos) {
    out += clean;
    return;
  }
  out += '"';
  for (const char c : clean) {
    out += c;
    if (c == '"') {
      out += '"';
    }
  }
  out += '"';
}

inline void append_csv_field(char c, std::string& out) {
  append_csv_field(std::string_view(&c, 1), out);
}

}  // namespace gpq::format_detail
