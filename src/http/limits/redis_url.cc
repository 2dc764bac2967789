#include "http/limits/redis_url.h"

#include <charconv>

#include "gpq/error.h"

namespace gpq::http {
namespace {

// A whole decimal number in [low, high], or -1.
int number_in(std::string_view text, int low, int high) {
  int value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < low ||
      value > high) {
    return -1;
  }
  return value;
}

constexpr int kMaxDatabase = 1'000'000;

// unix:PATH[?db=N], the part after "unix:" given as `rest`.
RedisEndpoint unix_socket_endpoint(std::string_view url, std::string_view rest) {
  RedisEndpoint endpoint;
  if (const std::size_t query = rest.find("?db="); query != std::string_view::npos) {
    endpoint.database = number_in(rest.substr(query + 4), 0, kMaxDatabase);
    rest = rest.substr(0, query);
  }
  if (rest.empty() || endpoint.database < 0) {
    fail(Errc::bad_request, "--redis '{}': expected unix:PATH or unix:PATH?db=N", url);
  }
  endpoint.socket_path = std::string(rest);
  endpoint.display = std::string(url);
  return endpoint;
}

// HOST, HOST:PORT, [IPv6] or [IPv6]:PORT into the endpoint's host and port.
void read_host_and_port(std::string_view rest, RedisEndpoint& endpoint) {
  std::string_view host = rest;
  if (rest.starts_with('[')) {  // [IPv6]:PORT
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) {
      fail(Errc::bad_request, "--redis '{}': an IPv6 address ends with ']'", endpoint.display);
    }
    host = rest.substr(1, close - 1);
    rest = rest.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) {
      fail(Errc::bad_request, "--redis '{}': expected :PORT after ']'", endpoint.display);
    }
    if (!rest.empty()) {
      endpoint.port = number_in(rest.substr(1), 1, 65535);
    }
  } else if (const std::size_t colon = rest.rfind(':'); colon != std::string_view::npos) {
    host = rest.substr(0, colon);
    endpoint.port = number_in(rest.substr(colon + 1), 1, 65535);
  }
  if (endpoint.port < 0) {
    fail(Errc::bad_request, "--redis '{}': the port is a number from 1 to 65535", endpoint.display);
  }
  if (host.empty()) {
    fail(Errc::bad_request, "--redis '{}': no host", endpoint.display);
  }
  endpoint.host = std::string(host);
}

}  // namespace

RedisEndpoint parse_redis_url(std::string_view url) {
  constexpr std::string_view kScheme = "redis://";
  constexpr std::string_view kUnix = "unix:";
  if (url.starts_with(kUnix)) {
    return unix_socket_endpoint(url, url.substr(kUnix.size()));
  }
  if (!url.starts_with(kScheme)) {
    fail(Errc::bad_request, "--redis: expected redis://HOST:PORT[/DB] or unix:PATH, not '{}'",
         url.substr(0, 100));
  }
  RedisEndpoint endpoint;
  std::string_view rest = url.substr(kScheme.size());
  std::string_view credentials;
  if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) {
    credentials = rest.substr(0, at);
    rest = rest.substr(at + 1);
  }
  endpoint.display = std::string(kScheme) + std::string(rest);
  if (const std::size_t colon = credentials.find(':'); colon != std::string_view::npos) {
    endpoint.user = std::string(credentials.substr(0, colon));
    endpoint.password = std::string(credentials.substr(colon + 1));
  } else {
    endpoint.password = std::string(credentials);
  }
  if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
    const std::string_view db = rest.substr(slash + 1);
    endpoint.database = db.empty() ? 0 : number_in(db, 0, kMaxDatabase);
    if (endpoint.database < 0) {
      fail(Errc::bad_request, "--redis '{}': the database after '/' is a number", endpoint.display);
    }
    rest = rest.substr(0, slash);
  }
  read_host_and_port(rest, endpoint);
  return endpoint;
}

}  // namespace gpq::http
