#include "http/server/gate_answers.h"

#include <string>

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

TEST(GateAnswersTest, EveryStatusTheGateOrHttplibGivesHasItsErrorName) {
  const std::pair<int, const char*> named[] = {
      {408, "RequestTimeout"},     {413, "PayloadTooLarge"},
      {414, "URITooLong"},         {431, "RequestHeaderFieldsTooLarge"},
      {503, "TooManyConnections"}, {404, "NotFound"},
  };
  for (const auto& [status, name] : named) {
    const Reply reply = library_error(status);
    EXPECT_EQ(reply.status, status);
    EXPECT_NE(reply.body.find(name), std::string::npos) << status << ": " << reply.body;
  }
  // Anything else httplib says of a request it could not read is a 400.
  EXPECT_EQ(library_error(500).status, 400);
  EXPECT_NE(library_error(0).body.find("BadRequest"), std::string::npos);
}

TEST(GateAnswersTest, ARawAnswerIsAWholeResponseThatClosesItsConnection) {
  const Reply reply = library_error(503);
  const std::string answer = raw_answer(reply, 100000, 86400);
  EXPECT_TRUE(answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n")) << answer;
  const std::size_t end_of_head = answer.find("\r\n\r\n");
  ASSERT_NE(end_of_head, std::string::npos);
  const std::string head = answer.substr(0, end_of_head + 2);
  EXPECT_EQ(answer.substr(end_of_head + 4), reply.body);
  EXPECT_NE(head.find("\r\nContent-Length: " + std::to_string(reply.body.size()) + "\r\n"),
            std::string::npos);
  EXPECT_NE(head.find("\r\nConnection: close\r\n"), std::string::npos);
  EXPECT_NE(head.find("\r\nContent-Type: application/json; charset=utf-8\r\n"), std::string::npos);
  EXPECT_NE(head.find("\r\nRetry-After: 1\r\n"), std::string::npos);
  // Nothing was counted: the whole quota remains.
  EXPECT_NE(head.find("\r\nX-RateLimit-Limit: 100000\r\n"), std::string::npos);
  EXPECT_NE(head.find("\r\nX-RateLimit-Remaining: 100000\r\n"), std::string::npos);
  EXPECT_NE(head.find("\r\nX-RateLimit-Reset: 86400\r\n"), std::string::npos);
}

TEST(GateAnswersTest, EachRefusalHasItsReasonPhrase) {
  EXPECT_TRUE(raw_answer(library_error(408), 1, 1).starts_with("HTTP/1.1 408 Request Timeout\r\n"));
  EXPECT_TRUE(raw_answer(library_error(414), 1, 1).starts_with("HTTP/1.1 414 URI Too Long\r\n"));
  EXPECT_TRUE(raw_answer(library_error(431), 1, 1)
                  .starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
  EXPECT_TRUE(raw_answer(library_error(400), 1, 1).starts_with("HTTP/1.1 400 Bad Request\r\n"));
}

}  // namespace
}  // namespace gpq::http
