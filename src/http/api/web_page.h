// The page at / (docs/SERVE.md, "The page"): its embedded files answered beside the API, with
// no key (the page asks the API for one), and headers that keep every request on this server.
#pragma once

#include <optional>
#include <string_view>

#include "http/api/endpoints.h"

namespace gpq::http {

// The reply for a GET or HEAD of "/" or a path under "/assets/"; std::nullopt for every other
// request (the API's paths, other methods), which admission answers. An unknown asset is 404.
std::optional<Reply> web_page(std::string_view method, std::string_view path);

}  // namespace gpq::http
