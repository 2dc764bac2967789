// GET /api/v1/stream before the hub takes its socket (docs/STREAM.md): the filter and
// Last-Event-ID bound, the key's cap checked, then the head of a chunked text/event-stream
// answer, after which the socket is the hub's (stream_hub.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <variant>

#include "http/api/endpoints.h"
#include "http/server/stream_hub.h"

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace gpq::http {

// Where the stream of `key` starts, or the refusal to send instead: 400 for a bad filter or
// Last-Event-ID, 429 when the key holds `per_key` streams already.
std::variant<StreamStart, Reply> stream_start(const httplib::Request& req, std::int64_t key,
                                              const StreamHub& hub, std::size_t per_key);

// Makes `res` (its headers set as for any answer) the head of the stream: no cache, no
// buffering by proxies, no gzip. httplib writes the head, then asks for the body: `taken`
// receives `start` then, and the body is left to whoever takes the socket.
void stream_head(const httplib::Request& req, httplib::Response& res, StreamStart start,
                 std::function<void(StreamStart&&)> taken);

}  // namespace gpq::http
