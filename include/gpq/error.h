// The one error type of gpq, and what each code means to the two front ends:
// HTTP status and error name for the JSON body, exit code for the CLI.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>

namespace gpq {

// HTTP status / error name / exit code (src/core/error.cc, a switch with no default).
enum class Errc {
  bad_request,         // 400 BadRequest         2
  forbidden,           // 403 Forbidden          1
  not_found,           // 404 NotFound           3
  method_not_allowed,  // 405 MethodNotAllowed   1
  unprocessable,       // 422 UnprocessableEntity 1: a right request the data cannot answer
  too_many_requests,   // 429 TooManyRequests    1
  upstream,            // 502 UpstreamError      4 (sync)
  internal,            // 500 InternalError      1
  interrupted,         // 503 Interrupted        130, or 128 + the signal (sync stopped)
};

int http_status(Errc code) noexcept;
std::string_view error_name(Errc code) noexcept;
int exit_code(Errc code) noexcept;

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
