#include "http/server/gate_answers.h"

#include <fmt/core.h>

namespace gpq::http {

Reply library_error(int status) {
  switch (status) {
    case 408:
      return error_reply(Errc::request_timeout,
                         "the request did not arrive whole in time; send its head at once");
    case 503: {
      Reply reply = error_reply(Errc::too_many_connections,
                                "too many open connections; close idle ones and retry");
      reply.headers.emplace_back("Retry-After", "1");
      return reply;
    }
    case 414:
      return error_reply(Errc::uri_too_long, "the request URL is too long; send at most 8 KiB");
    case 413:
      return error_reply(Errc::payload_too_large, "the API takes no request body");
    case 431:
      return error_reply(Errc::header_fields_too_large,
                         "the request's headers are too large: send at most 100 headers, 8 KiB "
                         "a line and 64 KiB in all");
    case 404:
      return error_reply(Errc::not_found, "no such path");
    default:
      return error_reply(Errc::bad_request,
                         "the request could not be read: send a request line such as "
                         "'GET /api/v1/status HTTP/1.1', then header lines 'Name: value'");
  }
}

std::string raw_answer(const Reply& reply, std::int64_t limit, std::int64_t reset_seconds) {
  std::string answer = fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n",
      reply.status, reason_phrase(reply.status), reply.content_type, reply.body.size());
  for (const auto& [name, value] : reply.headers) {
    answer += fmt::format("{}: {}\r\n", name, value);
  }
  answer += fmt::format(
      "X-RateLimit-Limit: {0}\r\nX-RateLimit-Remaining: {0}\r\nX-RateLimit-Reset: {1}\r\n"
      "Vary: Accept, Accept-Encoding\r\n\r\n",
      limit, reset_seconds);
  return answer + reply.body;
}

}  // namespace gpq::http
