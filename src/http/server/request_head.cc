#include "http/server/request_head.h"

#include <charconv>
#include <optional>

#include "core/text.h"

namespace gpq::http {
namespace {

using State = HeadJudgement::State;

std::string_view without_cr(std::string_view line) {
  return line.ends_with('\r') ? line.substr(0, line.size() - 1) : line;
}

// The value of a Content-Length header line, when `line` is one with a number.
std::optional<std::size_t> content_length(std::string_view line) {
  constexpr std::string_view name = "content-length:";
  if (line.size() < name.size() || !iequals(line.substr(0, name.size()), name)) {
    return std::nullopt;
  }
  std::string_view value = trim(line.substr(name.size()));
  std::size_t length = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
  if (error != std::errc{} || end != value.data() + value.size()) {
    return std::nullopt;  // httplib refuses it
  }
  return length;
}

// RFC 9110 5.6.2: the characters of a field name.
bool is_token_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// `Name: value`, with no blank before the colon and no line folded onto the last (RFC 9112
// 5.1, 5.2). httplib would skip such a line or take its blanks into the name, where a proxy
// in front may have read it otherwise.
bool is_header_line(std::string_view line) {
  const std::size_t colon = line.find(':');
  if (colon == 0 || colon == std::string_view::npos) {
    return false;
  }
  for (std::size_t i = 0; i < colon; ++i) {
    if (!is_token_char(line[i])) {
      return false;
    }
  }
  return true;
}

HeadJudgement refused(int status) {
  return {State::refused, 0, status};
}

}  // namespace

HeadJudgement judge_request_head(std::string_view bytes, const HeadLimits& limits) {
  std::size_t at = 0;
  while (at < bytes.size() && (bytes[at] == '\r' || bytes[at] == '\n')) {
    ++at;
  }
  const std::size_t start = at;
  std::size_t body = 0;
  std::size_t headers = 0;
  std::size_t lengths = 0;
  bool first = true;
  for (;;) {
    const std::size_t end = bytes.find('\n', at);
    if (end == std::string_view::npos) {
      // A partial line may end in the CR of its CRLF.
      if (bytes.size() - at > limits.line_bytes + 1) {
        return refused(first ? 414 : 431);
      }
      return bytes.size() - start > limits.head_bytes ? refused(431) : HeadJudgement{};
    }
    const std::string_view line = without_cr(bytes.substr(at, end - at));
    if (line.size() > limits.line_bytes) {
      return refused(first ? 414 : 431);
    }
    at = end + 1;
    if (at - start > limits.head_bytes) {
      return refused(431);
    }
    if (line.empty() && !first) {
      break;
    }
    if (!first) {
      if (++headers > limits.header_count) {
        return refused(431);
      }
      if (!is_header_line(line)) {
        return refused(400);
      }
      if (auto length = content_length(line)) {
        ++lengths;
        body = *length <= limits.body_bytes ? *length : 0;
      }
    }
    first = false;
  }
  if (lengths > 1) {
    body = 0;
  }
  if (bytes.size() - at < body) {
    return {};
  }
  return {State::complete, at + body, 0};
}

}  // namespace gpq::http
