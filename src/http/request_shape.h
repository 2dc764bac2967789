// Requests refused for their shape before any key or limit is looked at: framing, a Host or
// a key that a proxy in front could read otherwise than gpq does (request smuggling), and
// absurd numbers of headers. docs/SERVE.md lists the limits.
#pragma once

#include <cstddef>
#include <optional>

#include "http/endpoints.h"

namespace httplib {
struct Request;
}

namespace gpq::http {

inline constexpr std::size_t kMaxRequestHeaders = 100;

// The error reply for a request of a shape gpq refuses (its connection then closes), or
// std::nullopt.
std::optional<Reply> refuse_shape(const httplib::Request& req);

// Whether the request announces content: a Transfer-Encoding, or a Content-Length other than 0
// (one that is not a number included). gpq reads no request content, so the connection of
// such a request must close after its answer: what follows is the body, not a request.
bool carries_content(const httplib::Request& req);

}  // namespace gpq::http
