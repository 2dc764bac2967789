// Requests refused for their shape before any key or limit is looked at: framing, a Host or
// a key that a proxy in front could read otherwise than gpq does (request smuggling), and
// absurd numbers of headers. docs/SERVE.md lists the limits.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "http/api/endpoints.h"

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

// Whether a Host header is `host[:port]` (RFC 9110 7.2): a name of letters, digits, '-', '_'
// and '.', or an IPv4 address, or an IPv6 literal in brackets; a port of 1 to 5 digits up to
// 65535. Anything else would be written into Link and next/prev, and kept there by caches.
bool valid_host_header(std::string_view host);

}  // namespace gpq::http
