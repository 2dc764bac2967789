// `gpq serve`: the HTTP API over the same database, until SIGINT or SIGTERM.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string_view>

#include <fmt/core.h>

#include "gpq/error.h"

#include "cli/context.h"
#include "cli/redis_option.h"
#include "core/printable_text.h"
#include "http/api/routes.h"
#include "http/server/server.h"
#include "storage/database.h"
#include "storage/sqlite_store.h"
#include "sync/upstream/redirect_rules.h"

namespace gpq::cli {
namespace {

struct Address {
  std::string host;
  int port = 0;
};

// "127.0.0.1:8080", "[::1]:8080", ":8080" (every IPv4 address) or "8080", given to `flag`.
Address parse_address(std::string_view flag, const std::string& text) {
  std::string host = "127.0.0.1";
  std::string port = text;
  if (text.starts_with('[')) {
    const std::size_t close = text.find("]:");
    if (close == std::string::npos) {
      fail(Errc::bad_request, "{} '{}': write an IPv6 address as [ADDRESS]:PORT", flag, text);
    }
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else if (const std::size_t colon = text.rfind(':'); colon != std::string::npos) {
    host = colon == 0 ? "0.0.0.0" : text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  int value = -1;
  try {
    std::size_t used = 0;
    value = std::stoi(port, &used);
    if (used != port.size()) {
      value = -1;
    }
  } catch (const std::exception&) {
    value = -1;
  }
  if (value < 0 || value > 65535) {
    fail(Errc::bad_request, "{} '{}': the port must be a number from 0 to 65535", flag, text);
  }
  return {host, value};
}

// Below the minimum a token would take longer to come back than Retry-After can say.
void require_rate(std::string_view flag, double per_second) {
  if (!(per_second >= http::kMinRate)) {
    fail(Errc::bad_request, "{} {}: at least {} requests per second (one every {} seconds)", flag,
         per_second, http::kMinRate, 1 / http::kMinRate);
  }
}

// The external root goes into every pagination link: an http(s) URL as sync's client reads
// one, with no query or fragment to which "/api/v1/..." would be appended.
void require_public_url(std::string_view url) {
  const std::optional<sync::Url> parsed = sync::parse_url(url);
  if (!parsed || url.find_first_of("?#") != std::string_view::npos) {
    fail(Errc::bad_request,
         "--public-url '{}': give the server's external root, http(s)://HOST[:PORT][/PATH], "
         "without a query or fragment",
         excerpt(url, 100));
  }
}

// Where and how the server listens: address, threads, keys at all, and its external URL.
void add_listen_options(CLI::App& cmd, http::ServeOptions& options, std::string& listen) {
  cmd.add_option("--listen", listen,
                 "ADDRESS:PORT to listen on; [::1]:8080 for IPv6, port 0 "
                 "for any free port")
      ->capture_default_str();
  cmd.add_option("--threads", options.threads,
                 "Requests computed at once (open connections wait without a thread)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd.add_flag("--no-auth", options.no_auth,
               "Serve requests without a key (they share one set of limits)");
  cmd.add_option("--public-url", options.public_url,
                 "External URL of the server root behind a proxy, for pagination links");
}

// The limits of each key: its two lanes' rates and bursts, and its monthly quota.
void add_limit_options(CLI::App& cmd, http::ServeOptions& options) {
  cmd.add_option("--rate", options.standard.per_second,
                 "Requests per second per key (at least 0.001)")
      ->capture_default_str();
  cmd.add_option("--burst", options.standard.burst, "Burst per key")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  cmd.add_option("--heavy-rate", options.heavy.per_second,
                 fmt::format("Requests per second per key on {} (at least 0.001)",
                             http::heavy_endpoint_names()))
      ->capture_default_str();
  cmd.add_option("--heavy-burst", options.heavy.burst,
                 fmt::format("Burst on {}", http::heavy_endpoint_names()))
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  cmd.add_option("--monthly-quota", options.monthly_quota, "Requests per key per UTC month")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
      ->capture_default_str();
  cmd.add_option("--max-conjunction-days", options.max_conjunction_days,
                 "Longest window /conjunctions screens, in days")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{60}))
      ->capture_default_str();
  cmd.add_option("--max-streams-per-key", options.max_streams_per_key,
                 "/stream connections one key may hold open at once; beyond, 429")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100'000}))
      ->capture_default_str();
  cmd.add_option("--webhook-retry-hours", options.webhook_retry_hours,
                 "Hours a webhook delivery is tried again before it counts as failed")
      ->check(CLI::Range(1, 24 * 30))
      ->capture_default_str();
  cmd.add_option("--stream-keep-alive", options.stream_keep_alive_seconds,
                 "Seconds without an event after which /stream sends a keep-alive comment")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
}

// The connections: their deadlines and numbers, the access log and the proxies trusted.
void add_connection_options(CLI::App& cmd, http::ServeOptions& options) {
  cmd.add_option("--access-log", options.access_log,
                 "File to append request lines to; 'off' for none (default: stderr)");
  cmd.add_option_function<std::string>(
         "--access-log-format",
         [&options](const std::string& format) {
           options.log_format = format == "json" ? LogFormat::json : LogFormat::text;
         },
         "text (a line per request, the default) or json (an object per line, the server's own "
         "messages too)")
      ->check(CLI::IsMember({"text", "json"}));
  cmd.add_option("--timeout", options.timeout_seconds,
                 "Seconds for a request to arrive whole, or a response to be read")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  cmd.add_option("--keep-alive", options.keep_alive_seconds,
                 "Seconds an idle kept-alive connection stays open")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
  cmd.add_option("--max-connections", options.max_connections,
                 "Connections open at once (lowered to what the descriptor limit allows); "
                 "beyond, 503")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}))
      ->capture_default_str();
  cmd.add_option("--max-connections-per-address", options.max_connections_per_address,
                 "Connections open at once from one client address; beyond, 503")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}))
      ->capture_default_str();
  cmd.add_option("--trusted-proxy", options.trusted_proxies,
                 "Address of a proxy whose X-Forwarded-For names the client in the access log "
                 "(repeatable)");
}

// Checks what the options alone cannot, then serves until a signal.
void run_serve(Context& ctx, http::ServeOptions& options, const std::string& listen,
               const std::string& metrics_listen, const RedisChoice& redis) {
  const Address api = parse_address("--listen", listen);
  options.host = api.host;
  options.port = api.port;
  if (!metrics_listen.empty()) {
    const Address metrics = parse_address("--metrics-listen", metrics_listen);
    options.metrics_host = metrics.host;
    options.metrics_port = metrics.port;
  }
  options.redis_url = redis_url(redis);
  require_rate("--rate", options.standard.per_second);
  require_rate("--heavy-rate", options.heavy.per_second);
  if (!options.public_url.empty()) {
    require_public_url(options.public_url);
  }
  while (!options.public_url.empty() && options.public_url.back() == '/') {
    options.public_url.pop_back();
  }
  options.version = GPQ_VERSION;
  // The store first: a database that cannot be opened fails with the message a query gets.
  const std::filesystem::path path = ctx.database_path();
  const auto store = storage::SqliteStore::open(path);
  // One reader per worker, and one for the thread that watches the data generation.
  store->keep_readers(static_cast<std::size_t>(options.threads) + 1);
  const auto accounts = storage::Database::open(path, storage::Database::Mode::read_write);
  http::serve(*store, *accounts, options, [&](const http::Listening& urls) {
    if (!ctx.quiet()) {
      // Metrics first: the line tests and scripts wait for is the last.
      if (!urls.metrics_url.empty()) {
        fmt::print("gpq serve: metrics at {}\n", urls.metrics_url);
      }
      const std::string& url = urls.api_url;
      fmt::print("gpq serve: listening on {} ({} threads)\n", url, options.threads);
      // The page at / (docs/SERVE.md): the listen URL less the API's path.
      fmt::print("gpq serve: the page is at {}/\n", url.substr(0, url.rfind("/api/")));
    }
    std::fflush(stdout);
  });
}

}  // namespace

void add_serve_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("serve", kServeDescription);
  auto options = std::make_shared<http::ServeOptions>();
  auto listen = std::make_shared<std::string>("127.0.0.1:8080");
  add_listen_options(*cmd, *options, *listen);
  auto metrics_listen = std::make_shared<std::string>();
  cmd->add_option("--metrics-listen", *metrics_listen,
                  "ADDRESS:PORT to serve /metrics on for Prometheus (no key: an address only "
                  "the monitoring reaches); port 0 for any free port");
  add_limit_options(*cmd, *options);
  add_connection_options(*cmd, *options);
  auto redis = std::make_shared<RedisChoice>();
  add_redis_options(*cmd, redis);
  cmd->add_option("--redis-timeout", options->redis_timeout_ms,
                  "Milliseconds to wait for Redis to connect or answer before a 503")
      ->check(CLI::Range(1, 10'000))
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  gpq keys create --label ops        prints a key once; send it as X-Api-Key\n"
      "  gpq serve --listen 0.0.0.0:8080 --public-url https://orbits.example.org\n"
      "  curl -H 'X-Api-Key: KEY' http://127.0.0.1:8080/api/v1/gp/25544?format=tle");
  cmd->callback([&ctx, options, listen, metrics_listen, redis] {
    run_serve(ctx, *options, *listen, *metrics_listen, *redis);
  });
}

}  // namespace gpq::cli
