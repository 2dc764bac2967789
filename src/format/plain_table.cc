#include "format/plain_table.h"

#include <algorithm>
#include <string_view>

namespace gpq::format_detail {
namespace {

constexpr std::string_view kEllipsis = "\u2026";
constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kReset = "\x1b[0m";

// Display width of UTF-8 text (code points; no wide characters in upstream names).
std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string cut(std::string_view text, std::size_t width) {
  if (display_width(text) <= width) {
    return std::string(text);
  }
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size() && shown + 1 < width; ++i) {
    out += text[i];
    if (i + 1 >= text.size() || (static_cast<unsigned char>(text[i + 1]) & 0xC0) != 0x80) {
      ++shown;
    }
  }
  out += kEllipsis;
  return out;
}

std::vector<std::size_t> column_widths(const TableRow& header, const std::vector<TableRow>& rows,
                                       std::optional<FitColumn> fit) {
  std::vector<std::size_t> widths(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = display_width(header[c]);
    for (const TableRow& row : rows) {
      widths[c] = std::max(widths[c], display_width(row[c]));
    }
  }
  if (!fit) {
    return widths;
  }
  // Two blanks between columns, none after the last.
  std::size_t total = 2 * (widths.size() - 1);
  for (const std::size_t w : widths) {
    total += w;
  }
  if (total > fit->width) {
    const std::size_t excess = total - fit->width;
    std::size_t& cut_width = widths[fit->column];
    cut_width =
        std::max(std::min<std::size_t>(8, cut_width), cut_width - std::min(excess, cut_width));
  }
  return widths;
}

}  // namespace

void append_plain_table(const TableRow& header, const std::vector<TableRow>& rows,
                        const std::vector<bool>& right, bool colour, std::string& out,
                        std::optional<FitColumn> fit) {
  const std::vector<std::size_t> widths = column_widths(header, rows, fit);
  const auto emit = [&](const TableRow& row) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string cell = fit && c == fit->column ? cut(row[c], widths[c]) : row[c];
      const std::size_t pad = widths[c] - std::min(widths[c], display_width(cell));
      if (right[c]) {
        line.append(pad, ' ');
        line += cell;
      } else {
        line += cell;
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
    out += kBold;
  }
  emit(header);
  if (colour) {
    out.insert(out.size() - 1, kReset);  // before the newline
  }
  for (const TableRow& row : rows) {
    emit(row);
  }
}

}  // namespace gpq::format_detail
