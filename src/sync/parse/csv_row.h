// CSV with a header row, as both upstreams write it: one line is one row (no
// upstream file has a quoted field spanning lines), RFC 4180 quoting within it.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sync/input.h"
#include "sync/record_sink.h"

namespace gpq::sync {

// Splits `line` into `fields`. Views point into `line` or, for quoted fields with doubled
// quotes, into `scratch`, which must outlive them. False when a quote is not closed, or
// text follows a closing quote.
bool split_csv_row(std::string_view line, std::vector<std::string_view>& fields,
                   std::deque<std::string>& scratch);

// Reads rows after a header: the first non-blank line names the columns (blanks around
// names are dropped). Blank lines are passed over; a row that is over-long, badly quoted
// or of the wrong width goes to `sink.skip` with its line and is passed over too.
class CsvReader {
 public:
  // `lines` and `sink` must outlive the reader.
  CsvReader(LineReader& lines, RecordSink& sink) : lines_(lines), sink_(sink) {}

  // The next well-formed data row, as many fields as the header names; the views stay valid
  // until the next call. False at the end of input.
  bool next(std::vector<std::string_view>& fields);

  // Empty until next() has read the header.
  const std::vector<std::string>& header() const { return header_; }
  // Index of the first column named `name`.
  std::optional<std::size_t> column(std::string_view name) const;
  // 1-based line of the row last returned.
  std::uint64_t line_number() const { return lines_.line_number(); }

 private:
  LineReader& lines_;
  RecordSink& sink_;
  std::vector<std::string> header_;
  std::deque<std::string> scratch_;
  bool have_header_ = false;
};

}  // namespace gpq::sync
