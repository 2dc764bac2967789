// Whether the bytes a connection has sent hold a whole request yet: its request line, its
// headers, and the body its Content-Length announces. The connection gate asks this before a
// request may take a worker thread, so that a client that trickles its head holds none.
#pragma once

#include <cstddef>
#include <string_view>

namespace gpq::http {

struct HeadLimits {
  std::size_t line_bytes = 8192;   // the request line, and each header line
  std::size_t head_bytes = 65536;  // the request line and every header together
  std::size_t header_count = 100;
  std::size_t body_bytes = 65536;  // larger bodies go on to httplib, which answers 413
};

struct HeadJudgement {
  enum class State { incomplete, complete, refused };
  State state = State::incomplete;
  std::size_t request_bytes = 0;  // complete: the bytes of this request (head and body)
  int status = 0;  // refused: 414 for the request line, 431 for the headers, 400 a bad line
};

// `bytes` start at a request's first byte (blank lines before it are skipped, as RFC 9112
// allows). A head whose lines break the limits is refused as soon as that is certain, so an
// over-long request is not read to its end, and so is a header line that is not `Name: value`
// (400). A malformed request line is complete: httplib answers it 400, and so are heads that
// frame their body twice (two Content-Length headers): the server refuses those before
// reading a body. A Transfer-Encoding body is not waited for: the server refuses a GET or
// HEAD that announces content, and closes the connection of any other request with content.
HeadJudgement judge_request_head(std::string_view bytes, const HeadLimits& limits);

}  // namespace gpq::http
