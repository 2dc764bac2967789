// RFC 4180 field splitting without allocation for unquoted fields, and the
// header-then-rows reading both CSV parsers share.
#include "sync/parse/csv_row.h"

#include <fmt/core.h>

#include "core/text.h"

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
      fields.push_back(
          line.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
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

bool CsvReader::next(std::vector<std::string_view>& fields) {
  std::string_view line;
  while (lines_.next(line)) {
    if (trim(line).empty()) {
      continue;
    }
    if (lines_.truncated()) {
      sink_.skip(lines_.line_number(), "line longer than 1 MiB");
      continue;
    }
    if (!split_csv_row(line, fields, scratch_)) {
      sink_.skip(lines_.line_number(), "unbalanced quotes");
      continue;
    }
    if (!have_header_) {
      for (const std::string_view name : fields) {
        header_.emplace_back(trim(name));
      }
      have_header_ = true;
      continue;
    }
    if (fields.size() != header_.size()) {
      sink_.skip(lines_.line_number(),
                 fmt::format("{} fields where the header names {}", fields.size(), header_.size()));
      continue;
    }
    return true;
  }
  return false;
}

std::optional<std::size_t> CsvReader::column(std::string_view name) const {
  for (std::size_t i = 0; i < header_.size(); ++i) {
    if (header_[i] == name) {
      return i;
    }
  }
  return std::nullopt;
}

}  // namespace gpq::sync
