// Aligned columns for answers without a name column (states, ephemerides, passes): every
// cell shown whole, numbers right-aligned, two blanks between columns.
#pragma once

#include <string>
#include <vector>

namespace gpq::format_detail {

using TableRow = std::vector<std::string>;

// `right[c]`: column c is right-aligned. `colour`: the header in bold (ANSI).
void append_plain_table(const TableRow& header, const std::vector<TableRow>& rows,
                        const std::vector<bool>& right, bool colour, std::string& out);

}  // namespace gpq::format_detail
