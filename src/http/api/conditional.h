// Conditional requests: the ETag of a reply body and the If-None-Match test that turns a
// 200 into a 304.
#pragma once

#include <string>
#include <string_view>

namespace gpq::http {

// A strong entity tag, quoted: the body's CRC-32, Adler-32 and length in hex. Equal bodies
// have equal tags.
std::string etag_of(std::string_view body);

// The tag of the gzip representation of the body whose identity tag is `etag`: strong tags
// name one representation (RFC 9110 8.8.3), so the two codings of one body differ ("...-gzip").
std::string gzip_etag(std::string_view etag);

// Whether an If-None-Match value names `etag`: one of its tags equals it (a weak tag, W/...,
// compares by its value) or it is `*`.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace gpq::http
