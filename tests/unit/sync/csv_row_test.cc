// split_csv_row: RFC 4180 fields of one line, quoted or not, and the lines it
// refuses (a quote left open, text after a closing quote).
#include "sync/parse/csv_row.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace gpq::sync {
namespace {

// The fields as strings, or std::nullopt when the row is refused.
std::optional<std::vector<std::string>> split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::deque<std::string> scratch;
  if (!split_csv_row(line, fields, scratch)) {
    return std::nullopt;
  }
  return std::vector<std::string>(fields.begin(), fields.end());
}

using Fields = std::vector<std::string>;

TEST(CsvRowTest, SplitsFields) {
  const struct {
    const char* line;
    Fields fields;
  } rows[] = {
      {"a,b,c", {"a", "b", "c"}},
      {"", {""}},
      {",", {"", ""}},
      {"a,,c", {"a", "", "c"}},
      {"a,b,", {"a", "b", ""}},
      {",a", {"", "a"}},
      {" a , b ", {" a ", " b "}},  // blanks are the parsers' business
      {"\"a\",\"b\"", {"a", "b"}},
      {"\"a,b\",c", {"a,b", "c"}},
      {"\"\"", {""}},
      {"\"\",\"\"", {"", ""}},
      {"\"say \"\"hi\"\"\",x", {"say \"hi\"", "x"}},
      {"\"\"\"\"", {"\""}},
      {"a,\"b\"", {"a", "b"}},
      {"\"a\",", {"a", ""}},
      {"a\"b,c", {"a\"b", "c"}},  // a quote inside an unquoted field is text
      {"STARLINK-1008 [+],2019-074A", {"STARLINK-1008 [+]", "2019-074A"}},
      {"ISS (ZARYA),1998-067A,2026-09-23T10:22:36.196896,15.49245192,.00047365",
       {"ISS (ZARYA)", "1998-067A", "2026-09-23T10:22:36.196896", "15.49245192", ".00047365"}},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(split(row.line), std::optional<Fields>(row.fields)) << row.line;
  }
}

TEST(CsvRowTest, RefusesOpenQuotesAndTextAfterAClosingQuote) {
  const char* const rows[] = {
      "\"a", "\"a,b", "a,\"b", "\"a\"\"", "\"a\"b,c", "\"a\" ,c", "x,\"a\"b",
  };
  for (const char* line : rows) {
    EXPECT_EQ(split(line), std::nullopt) << line;
  }
}

TEST(CsvRowTest, ViewsStayValidForEveryQuotedField) {
  // Quoted fields live in `scratch`: many of them must not invalidate each other.
  std::string line;
  Fields expected;
  for (std::size_t i = 0; i < 200; ++i) {
    const std::string tail = std::to_string(i) + std::string(i, 'x');
    line += (i == 0 ? "\"v\"\"" : ",\"v\"\"") + tail + "\"";
    expected.push_back("v\"" + tail);
  }
  EXPECT_EQ(split(line), std::optional<Fields>(expected));
}

}  // namespace
}  // namespace gpq::sync
