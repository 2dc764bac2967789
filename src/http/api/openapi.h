// The OpenAPI 3.1 document of the API (api/openapi.json), built into the binary.
#pragma once

#include <string_view>

namespace gpq::http {

std::string_view openapi_document() noexcept;

}  // namespace gpq::http
