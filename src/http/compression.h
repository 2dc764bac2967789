// gzip for response bodies, when the client's Accept-Encoding allows it.
#pragma once

#include <string>
#include <string_view>

namespace gpq::http {

// True when `accept_encoding` lists gzip (or *) without q=0.
bool accepts_gzip(std::string_view accept_encoding);

// The gzip member (RFC 1952) of `body`. Throws Error{internal} when zlib fails.
std::string gzip(std::string_view body);

}  // namespace gpq::http
