// The answers given before a request reaches a handler: httplib's own refusals (400, 413, 414)
// and the connection gate's (408, 431, 503), with the error body of every other refusal.
#pragma once

#include <cstdint>
#include <string>

#include "http/api/endpoints.h"

namespace gpq::http {

// The error reply for a status httplib or the gate gives by itself; 404 for a path nothing
// serves, 400 for any status not named.
Reply library_error(int status);

// `reply` as the bytes of a whole HTTP/1.1 response that closes its connection, with the limit
// headers of every answer: the quota's `limit` as both limit and remaining (nothing was
// counted) and its `reset_seconds`.
std::string raw_answer(const Reply& reply, std::int64_t limit, std::int64_t reset_seconds);

}  // namespace gpq::http
