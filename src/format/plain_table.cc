#include "format/plain_table.h"

#include <algorithm>

namespace gpq::format_detail {

void append_plain_table(const TableRow& header, const std::vector<TableRow>& rows,
                        const std::vector<bool>& right, bool colour, std::string& out) {
  std::vector<std::size_t> widths(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = header[c].size();
    for (const TableRow& row : rows) {
      widths[c] = std::max(widths[c], row[c].size());
    }
  }
  const auto emit = [&](const TableRow& row) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::size_t pad = widths[c] - row[c].size();
      if (right[c]) {
        line.append(pad, ' ');
        line += row[c];
      } else {
        line += row[c];
        line.append(pad, ' ');
      }
      line += c + 1 < row.size() ? "  " : "";
    }
    while (!line.empty() && line.back() == ' ') {
      line.pop_back();
    }
    out += line;
    out += '\n';
  };
  if (colour) {
    out += "\x1b[1m";
  }
  emit(header);
  if (colour) {
    out.insert(out.size() - 1, "\x1b[0m");
  }
  for (const TableRow& row : rows) {
    emit(row);
  }
}

}  // namespace gpq::format_detail
