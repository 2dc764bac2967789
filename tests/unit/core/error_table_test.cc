// The one table of errors (GPQ_ERRORS in gpq/error.h): each code's status, name and exit code,
// names unique, and the same names as api/openapi.json's Error schema.
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "gpq/error.h"

namespace gpq {
namespace {

constexpr Errc kEveryCode[] = {
#define GPQ_EVERY_CODE(code, status, name, exit, reason) Errc::code,
    GPQ_ERRORS(GPQ_EVERY_CODE)
#undef GPQ_EVERY_CODE
};

TEST(ErrorTableTest, EachCodeHasItsOwnNameAnErrorStatusAndAPhrase) {
  std::set<std::string_view> names;
  for (const Errc code : kEveryCode) {
    const std::string_view name = error_name(code);
    SCOPED_TRACE(name);
    EXPECT_TRUE(names.insert(name).second) << "a second code named " << name;
    EXPECT_GE(http_status(code), 400);
    EXPECT_LE(http_status(code), 599);
    EXPECT_GE(exit_code(code), 1);
    EXPECT_NE(reason_phrase(http_status(code)), "Error");
  }
}

TEST(ErrorTableTest, TheFrontEndsReadTheRowsOfTheirCodes) {
  struct Row {
    Errc code;
    int status;
    std::string_view name;
    int exit;
  };
  const Row rows[] = {
      {Errc::bad_request, 400, "BadRequest", 2},
      {Errc::not_found, 404, "NotFound", 3},
      {Errc::unprocessable, 422, "UnprocessableEntity", 1},
      {Errc::upstream, 502, "UpstreamError", 4},
      {Errc::interrupted, 503, "Interrupted", 130},
      {Errc::header_fields_too_large, 431, "RequestHeaderFieldsTooLarge", 1},
      {Errc::unavailable, 503, "ServiceUnavailable", 1},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    EXPECT_EQ(http_status(row.code), row.status);
    EXPECT_EQ(error_name(row.code), row.name);
    EXPECT_EQ(exit_code(row.code), row.exit);
  }
  EXPECT_EQ(reason_phrase(431), "Request Header Fields Too Large");
  EXPECT_EQ(reason_phrase(200), "Error");
}

TEST(ErrorTableTest, TheOpenApiErrorSchemaNamesEveryCodeAndNoOther) {
  std::ifstream in(GPQ_TEST_DATA_DIR "/../../api/openapi.json");
  ASSERT_TRUE(in) << "api/openapi.json";
  std::stringstream text;
  text << in.rdbuf();
  const std::string document = text.str();
  const std::size_t schema = document.find(R"("Error": {)");
  ASSERT_NE(schema, std::string::npos);
  const std::size_t list = document.find(R"("enum": [)", schema);
  const std::size_t end = document.find(']', list);
  ASSERT_NE(list, std::string::npos);
  const std::string listed = document.substr(list, end - list);
  std::size_t count = 0;
  for (std::size_t at = listed.find('"', listed.find('[')); at != std::string::npos;
       at = listed.find('"', listed.find('"', at + 1) + 1)) {
    ++count;
  }
  EXPECT_EQ(count, std::size(kEveryCode)) << listed;
  for (const Errc code : kEveryCode) {
    EXPECT_NE(listed.find(fmt::format(R"("{}")", error_name(code))), std::string::npos)
        << error_name(code) << " is not in the Error schema's enum";
  }
}

}  // namespace
}  // namespace gpq
