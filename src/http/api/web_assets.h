// The files of the page at / (web/, and uPlot from web/node_modules), built into the binary
// by cmake/EmbedAssets.cmake so that one binary stays one file and nothing is fetched from
// outside the server.
#pragma once

#include <span>
#include <string_view>

namespace gpq::http {

struct WebAsset {
  std::string_view path;          // the URL path: "/", "/assets/app.js"
  std::string_view content_type;  // with charset for text
  std::string_view body;
};

std::span<const WebAsset> web_assets() noexcept;

}  // namespace gpq::http
