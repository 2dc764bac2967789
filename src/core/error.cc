// What each error code means to the HTTP layer and to the CLI.
#include "gpq/error.h"

namespace gpq {

int http_status(Errc code) noexcept {
  switch (code) {
    case Errc::bad_request:
      return 400;
    case Errc::forbidden:
      return 403;
    case Errc::not_found:
      return 404;
    case Errc::unprocessable:
      return 422;
    case Errc::method_not_allowed:
      return 405;
    case Errc::too_many_requests:
      return 429;
    case Errc::upstream:
      return 502;
    case Errc::internal:
      return 500;
    case Errc::interrupted:
      return 503;
  }
  return 500;
}

std::string_view error_name(Errc code) noexcept {
  switch (code) {
    case Errc::bad_request:
      return "BadRequest";
    case Errc::forbidden:
      return "Forbidden";
    case Errc::not_found:
      return "NotFound";
    case Errc::unprocessable:
      return "UnprocessableEntity";
    case Errc::method_not_allowed:
      return "MethodNotAllowed";
    case Errc::too_many_requests:
      return "TooManyRequests";
    case Errc::upstream:
      return "UpstreamError";
    case Errc::internal:
      return "InternalError";
    case Errc::interrupted:
      return "Interrupted";
  }
  return "InternalError";
}

int exit_code(Errc code) noexcept {
  switch (code) {
    case Errc::bad_request:
      return 2;
    case Errc::not_found:
      return 3;
    case Errc::upstream:
      return 4;
    case Errc::interrupted:
      return 130;  // as a shell reports SIGINT
    case Errc::forbidden:
    case Errc::unprocessable:
    case Errc::method_not_allowed:
    case Errc::too_many_requests:
    case Errc::internal:
      return 1;
  }
  return 1;
}

}  // namespace gpq
