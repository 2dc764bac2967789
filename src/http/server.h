// `gpq serve`: the API of SPEC.md over HTTP/1.1 (cpp-httplib), with keys, limits and the
// headers of DECISIONS.md around the endpoint functions of endpoints.h.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "http/rate_limiter.h"

namespace gpq::http {

struct ServeOptions {
  std::string host = "127.0.0.1";  // an IPv4 or IPv6 address, or a name
  int port = 8080;                 // 0: any free port
  int threads = 16;                // requests served at once (one per open connection)
  bool no_auth = false;            // requests without a key share the key id 0
  std::string public_url;          // external URL of the server root, for pagination links
  BucketRate standard{10, 20};
  BucketRate heavy{2, 4};  // history, nearest, adjacent
  std::int64_t monthly_quota = 30'000;
  std::string access_log;  // empty: stderr; "off": none; else a file
  int timeout_seconds = 10;  // to read a request or write a response
  int keep_alive_seconds = 5;
  std::string version;  // reported by /status
};

// Serves until SIGINT or SIGTERM, then stops accepting, lets the requests in flight finish,
// writes the quota counts and returns. `on_ready` receives the base URL once listening.
// Throws Error{bad_request} when it cannot start (no key and no --no-auth, address in use).
void serve(const std::filesystem::path& database, const ServeOptions& options,
           const std::function<void(const std::string& url)>& on_ready);

}  // namespace gpq::http
