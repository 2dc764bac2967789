// history with a start after now and no end: `end` omitted is now, so the start is after the
// end, a 400 (exit 2) on both front ends rather than "no sets in the range" (404, exit 3).
#include <string>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "served_world_test.h"

namespace gpq::test {
namespace {

constexpr std::string_view kPrefix =
    "parameter 'start' (2199-01-01T00:00:00.000Z) is after 'end', which is now (";

class HistoryStartTest : public ServedWorldTest {};

TEST_F(HistoryStartTest, AStartInTheFutureWithoutEndIsABadRequest) {
  for (const char* id : {"25544", "77"}) {  // an object with sets, one without
    const HttpResult http = get(std::string("/gp/") + id + "/history?start=2199-01-01");
    EXPECT_EQ(http.status, 400) << id << " " << http.body;
    const auto doc = parser_.parse(http.body);
    const std::string_view message = doc["message"].get_string().value();
    EXPECT_TRUE(message.starts_with(kPrefix)) << message;
    EXPECT_TRUE(message.ends_with(") when not given; give start <= end")) << message;

    const ProcessResult cli_result = cli({"history", id, "--start", "2199-01-01"});
    EXPECT_EQ(cli_result.exit_code, 2) << id;
    EXPECT_EQ(cli_result.err.substr(0, 5 + kPrefix.size()), "gpq: " + std::string(kPrefix))
        << cli_result.err;
    EXPECT_EQ(cli_result.out, "");
  }
}

}  // namespace
}  // namespace gpq::test
