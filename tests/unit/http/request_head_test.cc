// judge_request_head: when the bytes of a connection make a whole request, and which heads are
// refused before their end.
#include "http/server/request_head.h"

#include <string>

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

using State = HeadJudgement::State;

const std::string kLine = "GET /api/v1/gp/25544 HTTP/1.1\r\n";

HeadJudgement judge(const std::string& bytes) {
  return judge_request_head(bytes, HeadLimits{});
}

TEST(RequestHeadTest, AHeadIsWholeAtItsBlankLine) {
  const std::string head = kLine + "Host: x\r\n\r\n";
  EXPECT_EQ(judge("").state, State::incomplete);
  EXPECT_EQ(judge(kLine).state, State::incomplete);
  EXPECT_EQ(judge(kLine + "Host: x\r\n").state, State::incomplete);
  EXPECT_EQ(judge(kLine + "Host: x\r\n\r").state, State::incomplete);
  const HeadJudgement whole = judge(head);
  EXPECT_EQ(whole.state, State::complete);
  EXPECT_EQ(whole.request_bytes, head.size());
}

TEST(RequestHeadTest, PipelinedBytesAreNotPartOfTheRequest) {
  const std::string head = kLine + "Host: x\r\n\r\n";
  const HeadJudgement first = judge(head + head + "GET /");
  EXPECT_EQ(first.state, State::complete);
  EXPECT_EQ(first.request_bytes, head.size());
}

TEST(RequestHeadTest, BlankLinesBeforeTheRequestAndBareNewlinesAreRead) {
  const std::string head = "\r\n\r\n" + kLine + "Host: x\r\n\r\n";
  EXPECT_EQ(judge(head).request_bytes, head.size());
  const std::string bare = "GET / HTTP/1.1\nHost: x\n\n";
  EXPECT_EQ(judge(bare).request_bytes, bare.size());
}

TEST(RequestHeadTest, ABodyOfContentLengthBytesBelongsToTheRequest) {
  const std::string head = kLine + "content-length:  5 \r\n\r\n";
  EXPECT_EQ(judge(head).state, State::incomplete);
  EXPECT_EQ(judge(head + "abcd").state, State::incomplete);
  EXPECT_EQ(judge(head + "abcdeGET").request_bytes, head.size() + 5);
}

TEST(RequestHeadTest, FramingHttplibRefusesIsHandedOnWithoutWaitingForABody) {
  // Two lengths (a smuggling attempt), a length too large (413), one that is not a number.
  for (const std::string headers : {"Content-Length: 0\r\nContent-Length: 5\r\n",
                                    "Content-Length: 99999999\r\n", "Content-Length: 5x\r\n"}) {
    const std::string head = kLine + headers + "\r\n";
    const HeadJudgement judgement = judge(head);
    EXPECT_EQ(judgement.state, State::complete) << headers;
    EXPECT_EQ(judgement.request_bytes, head.size()) << headers;
  }
}

TEST(RequestHeadTest, HeaderLinesThatAreNotNameColonValueAre400) {
  // No colon, an empty name, a blank before the colon, a folded line, a name that is no token.
  for (const std::string line : {"Host x", ": x", "Transfer-Encoding : chunked", " folded: y",
                                 "\tfolded", "X Y: z", "X\x01: z"}) {
    SCOPED_TRACE(line);
    const HeadJudgement judgement = judge(kLine + "Host: x\r\n" + line + "\r\n\r\n");
    EXPECT_EQ(judgement.state, State::refused);
    EXPECT_EQ(judgement.status, 400);
  }
  for (const std::string line : {"X-Empty:", "x-odd_name.~!: value", "Host:no-blank"}) {
    SCOPED_TRACE(line);
    EXPECT_EQ(judge(kLine + line + "\r\n\r\n").state, State::complete);
  }
}

TEST(RequestHeadTest, OverLongLinesAreRefusedBeforeTheyEnd) {
  const std::string long_target = "GET /" + std::string(9000, 'a');
  EXPECT_EQ(judge(long_target).state, State::refused);
  EXPECT_EQ(judge(long_target).status, 414);
  const std::string long_header = kLine + "X: " + std::string(9000, 'b');
  EXPECT_EQ(judge(long_header).state, State::refused);
  EXPECT_EQ(judge(long_header).status, 431);
  // 8 KiB exactly is allowed.
  EXPECT_EQ(judge(kLine + "X: " + std::string(8189, 'c') + "\r\n\r\n").state, State::complete);
}

TEST(RequestHeadTest, TooManyHeadersOrTooLargeAHeadIs431) {
  std::string many = kLine;
  for (int i = 0; i < 101; ++i) {
    many += "X-" + std::to_string(i) + ": y\r\n";
  }
  EXPECT_EQ(judge(many).status, 431);
  HeadLimits small;
  small.head_bytes = 100;
  small.header_count = 1000;
  std::string large = kLine;
  while (large.size() < 200) {
    large += "X: yyyyyyyy\r\n";
  }
  EXPECT_EQ(judge_request_head(large, small).status, 431);
}

}  // namespace
}  // namespace gpq::http
