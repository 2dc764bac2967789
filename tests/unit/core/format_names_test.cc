// The one table of output formats (GPQ_FORMATS in gpq/format.h): names, the other name,
// content types and the Accept media types that ask for each.
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "gpq/format.h"

namespace gpq {
namespace {

constexpr Format kEveryFormat[] = {
#define GPQ_EVERY_FORMAT(format, name, alias, type, accepted) Format::format,
    GPQ_FORMATS(GPQ_EVERY_FORMAT)
#undef GPQ_EVERY_FORMAT
};

TEST(FormatNamesTest, EachNameReadsBackInAnyCase) {
  for (const Format format : kEveryFormat) {
    const std::string_view name = to_string(format);
    SCOPED_TRACE(name);
    EXPECT_EQ(parse_format(name), format);
    std::string upper(name);
    for (char& c : upper) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    EXPECT_EQ(parse_format(upper), format);
    EXPECT_TRUE(content_type(format).ends_with("; charset=utf-8"));
  }
  EXPECT_EQ(parse_format("3le"), Format::tle);
  EXPECT_EQ(parse_format("3LE"), Format::tle);
  EXPECT_EQ(parse_format(""), std::nullopt);
  EXPECT_EQ(parse_format("yaml"), std::nullopt);
}

TEST(FormatNamesTest, MediaTypesAskForTheirFormat) {
  struct Case {
    std::string_view media_type;
    std::optional<Format> format;
  };
  const Case cases[] = {
      {"application/json", Format::json}, {"APPLICATION/JSON", Format::json},
      {"application/*", Format::json},    {"*/*", Format::json},
      {"text/plain", Format::tle},        {"application/xml", Format::xml},
      {"text/xml", Format::xml},          {"text/csv", Format::csv},
      {"text/x-omm-kvn", Format::kvn},    {"text/html", std::nullopt},
      {"text/*", std::nullopt},           {"", std::nullopt},
      {"application", std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.media_type);
    EXPECT_EQ(format_of_media_type(c.media_type), c.format);
  }
}

}  // namespace
}  // namespace gpq
