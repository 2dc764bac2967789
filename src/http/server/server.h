// `gpq serve`: the API of docs/API.md over HTTP/1.1 (cpp-httplib), with keys, limits and the
// headers of docs/API.md "Response headers" around the endpoint functions of endpoints.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpq/conjunction_query.h"
#include "gpq/store.h"

#include "format/process_log.h"
#include "http/limits/rate_limiter.h"

namespace gpq::storage {
class Database;
}

namespace gpq::http {

struct ServeOptions {
  std::string host = "127.0.0.1";  // an IPv4 or IPv6 address, or a name
  int port = 8080;                 // 0: any free port
  int threads = 16;                // requests computed at once; connections wait on one loop
  bool no_auth = false;            // requests without a key share the key id 0
  std::string public_url;          // external URL of the server root, for pagination links
  BucketRate standard{10, 20};
  BucketRate heavy{2, 4};  // history, nearest, adjacent
  std::int64_t monthly_quota = 30'000;
  std::int64_t max_conjunction_days = kMaxConjunctionDays;  // the longest /conjunctions window
  std::string access_log;    // empty: stderr; "off": none; else a file
  int timeout_seconds = 10;  // to read a request or write a response
  int keep_alive_seconds = 5;
  std::size_t max_connections = 10'000;             // lowered to what the fd limit allows
  std::size_t max_connections_per_address = 1'024;  // beyond: 503 and close
  std::string version;                              // reported by /status
  // Empty: keys and limits of this server's database. Else a Redis URL (redis_url.h) that
  // every replica shares: keys, rate buckets and quotas counted there (SERVE.md "A fleet").
  std::string redis_url;
  int redis_timeout_ms = 100;  // to connect, and for each command
  // Peers whose X-Forwarded-For is believed for the access log's client address.
  std::vector<std::string> trusted_proxies;
  // --access-log-format: one line of text per request, or one JSON object (docs/SERVE.md).
  LogFormat log_format = LogFormat::text;
  // --metrics-listen: where /metrics is served for Prometheus, without a key; none: nowhere.
  std::string metrics_host = "127.0.0.1";
  std::optional<int> metrics_port;  // 0: any free port
  // /stream (docs/STREAM.md): a keep-alive comment after this long without an event, and
  // the streams one key may hold open at once.
  int stream_keep_alive_seconds = 15;
  std::size_t max_streams_per_key = 10;
  // Webhooks (docs/STREAM.md): how long an event is tried again before it counts as failed.
  int webhook_retry_hours = 24;
};

// Where the server listens, once it does: the API's base URL, and /metrics's (empty without
// --metrics-listen).
struct Listening {
  std::string api_url;
  std::string metrics_url;
};

// Serves until SIGINT or SIGTERM, then stops accepting, lets the requests in flight finish,
// writes the quota counts and returns. `on_ready` receives the URLs once listening.
// `store` answers the queries. `accounts` is a read-write connection to the database of the
// API keys and quota counts; the server reads the keys from it at start and then uses it
// from its housekeeping thread only, so the caller must not use it until serve() returns.
// Throws Error{bad_request} when it cannot start (no key and no --no-auth, address in use, a
// bad --redis URL), Error{internal} when Redis does not answer at start.
void serve(const Store& store, storage::Database& accounts, const ServeOptions& options,
           const std::function<void(const Listening& urls)>& on_ready);

}  // namespace gpq::http
