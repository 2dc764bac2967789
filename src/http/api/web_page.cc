#include "http/api/web_page.h"

#include "http/api/web_assets.h"

namespace gpq::http {
namespace {

// Scripts, styles, images and connections from this origin only: the page can reach nothing
// outside the server even if a script tried. uPlot sets element styles from script.
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

}  // namespace

std::optional<Reply> web_page(std::string_view method, std::string_view path) {
  if (method != "GET" && method != "HEAD") {
    return std::nullopt;
  }
  if (path == "/index.html") {
    path = "/";
  }
  if (path != "/" && !path.starts_with("/assets/")) {
    return std::nullopt;
  }
  for (const WebAsset& asset : web_assets()) {
    if (asset.path == path) {
      Reply reply;
      reply.body = std::string(asset.body);
      reply.content_type = asset.content_type;
      // Revalidated each time (the ETag makes that a 304), so a new binary's page is seen at once.
      reply.headers.emplace_back("Cache-Control", "no-cache");
      reply.headers.emplace_back("Content-Security-Policy", std::string(kContentSecurityPolicy));
      reply.headers.emplace_back("X-Content-Type-Options", "nosniff");
      reply.headers.emplace_back("Referrer-Policy", "no-referrer");
      return reply;
    }
  }
  return error_reply(Errc::not_found, "no such file of the page");
}

}  // namespace gpq::http
