// Aligned columns, every answer's table: widths from the widest cell (in code points), chosen
// columns right-aligned, two blanks between columns, the header in bold on a terminal. One
// column may be cut with an ellipsis so that a row fits the terminal (the name of a set).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gpq::format_detail {

using TableRow = std::vector<std::string>;

// The column cut with an ellipsis so that a row fits `width` terminal columns; it keeps at
// least 8 (or its own width, when narrower).
struct FitColumn {
  std::size_t column;
  std::size_t width;
};

// `right[c]`: column c is right-aligned. `colour`: the header in bold (ANSI).
void append_plain_table(const TableRow& header, const std::vector<TableRow>& rows,
                        const std::vector<bool>& right, bool colour, std::string& out,
                        std::optional<FitColumn> fit = std::nullopt);

}  // namespace gpq::format_detail
