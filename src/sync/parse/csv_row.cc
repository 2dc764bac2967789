// RFC 4180 field splitting without allocation for unquoted fields.
#include "sync/parse/csv_row.h"

#include <deque>

namespace gpq::sync {

bool split_csv_row(std::string_view line, std::vector<std::string_view>& fields,
                   std::deque<std::string>& scratch) {
  fields.clear();
  scratch.clear();
  std::size_t pos = 0;
  for (;;) {
    if (pos < line.size() && line[pos] == '"') {
      std::string value;
      std::size_t i = pos + 1;
      bool closed = false;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            value += '"';
            i += 2;
            continue;
          }
          closed = true;
          ++i;
          break;
        }
        value += line[i++];
      }
      if (!closed || (i < line.size() && line[i] != ',')) {
        return false;
      }
      scratch.push_back(std::move(value));
      fields.push_back(scratch.back());
      pos = i;
    } else {
      const std::size_t comma = line.find(',', pos);
      fields.push_back(line.substr(pos, comma == std::string_view::npos ? line.npos : comma - pos));
      pos = comma == std::string_view::npos ? line.size() : comma;
    }
    if (pos >= line.size()) {
      return true;
    }
    ++pos;  // the comma
    if (pos == line.size()) {
      fields.emplace_back();
      return true;
    }
  }
}

}  // namespace gpq::sync
