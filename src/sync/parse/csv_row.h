// Splitting one CSV line into fields (RFC 4180 quoting; quoted fields do not span
// lines in any upstream file, so a line is a row).
#pragma once

#include <string>
#include <string_view>
#include <deque>
#include <vector>

namespace gpq::sync {

// Splits `line` into `fields`. Views point into `line` or, for quoted fields with doubled
// quotes, into `scratch`, which must outlive them. False when a quote is not closed.
bool split_csv_row(std::string_view line, std::vector<std::string_view>& fields,
                   std::deque<std::string>& scratch);

}  // namespace gpq::sync
