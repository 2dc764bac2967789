// The one error type of gpq, and what each code means to the two front ends:
// HTTP status and error name for the JSON body, exit code for the CLI.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>

namespace gpq {

// Every error gpq gives, one row each: the code, its HTTP status, the error name of the JSON
// body, the CLI's exit code and the status line's reason phrase. The enum and the table of
// src/core/error.cc are both made from this list, so neither can lack a row.
#define GPQ_ERRORS(ROW)                                                           \
  ROW(bad_request, 400, "BadRequest", 2, "Bad Request")                           \
  ROW(forbidden, 403, "Forbidden", 1, "Forbidden")                                \
  ROW(not_found, 404, "NotFound", 3, "Not Found")                                 \
  ROW(method_not_allowed, 405, "MethodNotAllowed", 1, "Method Not Allowed")       \
  /* a right request the data cannot answer (SGP4, an unknown EPHEMERIS_TYPE) */  \
  ROW(unprocessable, 422, "UnprocessableEntity", 1, "Unprocessable Content")      \
  ROW(too_many_requests, 429, "TooManyRequests", 1, "Too Many Requests")          \
  /* sync: an upstream failed */                                                  \
  ROW(upstream, 502, "UpstreamError", 4, "Bad Gateway")                           \
  ROW(internal, 500, "InternalError", 1, "Internal Server Error")                 \
  /* a stopped sync: 130, or 128 + the signal when one stopped it (cli/app.cc) */ \
  ROW(interrupted, 503, "Interrupted", 130, "Service Unavailable")                \
  /* the server's own refusals, before a request reaches the core */              \
  ROW(request_timeout, 408, "RequestTimeout", 1, "Request Timeout")               \
  ROW(payload_too_large, 413, "PayloadTooLarge", 1, "Content Too Large")          \
  ROW(uri_too_long, 414, "URITooLong", 1, "URI Too Long")                         \
  ROW(header_fields_too_large, 431, "RequestHeaderFieldsTooLarge", 1,             \
      "Request Header Fields Too Large")                                          \
  ROW(too_many_connections, 503, "TooManyConnections", 1, "Service Unavailable")  \
  ROW(unavailable, 503, "ServiceUnavailable", 1, "Service Unavailable")

enum class Errc {
#define GPQ_ERRC_ENUMERATOR(code, status, name, exit, reason) code,
  GPQ_ERRORS(GPQ_ERRC_ENUMERATOR)
#undef GPQ_ERRC_ENUMERATOR
};

int http_status(Errc code) noexcept;
std::string_view error_name(Errc code) noexcept;
int exit_code(Errc code) noexcept;
// The reason phrase of an HTTP status line ("Bad Request") for a status of the table; "Error"
// for any other.
std::string_view reason_phrase(int http_status) noexcept;

// what() is the user-facing message: complete, no internals, no "gpq:" prefix.
class Error : public std::runtime_error {
 public:
  Error(Errc code, const std::string& message) : std::runtime_error(message), code_(code) {}
  Errc code() const noexcept { return code_; }

 private:
  Errc code_;
};

// fail(Errc::bad_request, "parameter '{}': ...", name): format-checked at compile time.
template <typename... Args>
[[noreturn]] void fail(Errc code, fmt::format_string<Args...> format, Args&&... args) {
  throw Error(code, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace gpq
