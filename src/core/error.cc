// What each error code means to the HTTP layer and to the CLI: the rows of GPQ_ERRORS.
#include "gpq/error.h"

#include <cstddef>

namespace gpq {
namespace {

struct ErrorRow {
  int http_status;
  std::string_view name;
  int exit_code;
  std::string_view reason_phrase;
};

constexpr ErrorRow kErrors[] = {
#define GPQ_ERROR_ROW(code, status, name, exit, reason) {status, name, exit, reason},
    GPQ_ERRORS(GPQ_ERROR_ROW)
#undef GPQ_ERROR_ROW
};

const ErrorRow& row(Errc code) noexcept {
  return kErrors[static_cast<std::size_t>(code)];
}

}  // namespace

int http_status(Errc code) noexcept {
  return row(code).http_status;
}

std::string_view error_name(Errc code) noexcept {
  return row(code).name;
}

int exit_code(Errc code) noexcept {
  return row(code).exit_code;
}

std::string_view reason_phrase(int http_status) noexcept {
  for (const ErrorRow& error : kErrors) {
    if (error.http_status == http_status) {
      return error.reason_phrase;
    }
  }
  return "Error";
}

}  // namespace gpq
