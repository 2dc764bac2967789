#include "http/server/webhook_target.h"

#include <arpa/inet.h>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <netdb.h>
#include <sys/socket.h>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/request_output.h"

namespace gpq::http {
namespace {

struct Range4 {
  std::uint32_t base;
  int bits;
};

// RFC 6890's special-purpose ranges that are not the public Internet.
constexpr std::array<Range4, 12> kPrivate4 = {{
    {0x00000000, 8},   // this network
    {0x0A000000, 8},   // private
    {0x64400000, 10},  // carrier-grade NAT
    {0x7F000000, 8},   // loopback
    {0xA9FE0000, 16},  // link-local (cloud metadata services live here)
    {0xAC100000, 12},  // private
    {0xC0000000, 24},  // IETF protocol assignments
    {0xC0A80000, 16},  // private
    {0xC6120000, 15},  // benchmarking
    {0xE0000000, 4},   // multicast
    {0xF0000000, 4},   // reserved, broadcast
    {0xC0000200, 24},  // documentation (TEST-NET-1)
}};

bool private4(std::uint32_t address) {
  for (const Range4& range : kPrivate4) {
    const std::uint32_t mask = range.bits == 0 ? 0 : ~std::uint32_t{0} << (32 - range.bits);
    if ((address & mask) == range.base) {
      return true;
    }
  }
  return false;
}

bool private6(const in6_addr& address) {
  const unsigned char* b = address.s6_addr;
  static constexpr unsigned char kZero[16] = {};
  if (std::memcmp(b, kZero, 15) == 0 && (b[15] == 0 || b[15] == 1)) {
    return true;  // unspecified, loopback
  }
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static constexpr unsigned char kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  if (std::memcmp(b, kMapped, 12) == 0 || std::memcmp(b, kNat64, 12) == 0) {
    return private4(std::uint32_t{b[12]} << 24 | std::uint32_t{b[13]} << 16 |
                    std::uint32_t{b[14]} << 8 | b[15]);
  }
  return (b[0] & 0xfe) == 0xfc                                               // unique local
         || (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)                          // link-local
         || b[0] == 0xff                                                     // multicast
         || (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8);  // documentation
}

[[noreturn]] void refuse(std::string_view url, std::string_view why) {
  fail(Errc::bad_request, "webhook URL '{}': {}", excerpt(url, 120), why);
}

}  // namespace

std::string WebhookTarget::origin() const {
  const bool v6 = host.find(':') != std::string::npos;
  return fmt::format("{}://{}{}{}:{}", scheme, v6 ? "[" : "", host, v6 ? "]" : "", port);
}

WebhookTarget parse_webhook_url(std::string_view url) {
  WebhookTarget target;
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) {
    refuse(url, "not an http or https URL");
  }
  target.scheme = std::string(url.substr(0, scheme_end));
  if (target.scheme != "http" && target.scheme != "https") {
    refuse(url, "only http and https URLs are posted to");
  }
  std::string_view rest = url.substr(scheme_end + 3);
  const std::size_t path_start = rest.find_first_of("/?#");
  std::string_view authority = rest.substr(0, path_start);
  std::string_view path =
      path_start == std::string_view::npos ? std::string_view("/") : rest.substr(path_start);
  if (path.starts_with('?')) {
    target.path = "/" + std::string(path);
  } else {
    target.path = std::string(path.substr(0, path.find('#')));
  }
  if (target.path.empty() || target.path.front() == '#') {
    target.path = "/";
  }
  if (authority.find('@') != std::string_view::npos) {
    refuse(url, "user info in a URL is not sent; put credentials in the path or query");
  }
  std::string_view port_text;
  if (authority.starts_with('[')) {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) {
      refuse(url, "an IPv6 address without its closing bracket");
    }
    target.host = std::string(authority.substr(1, close - 1));
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(':')) {
      refuse(url, "text after the IPv6 address");
    }
    port_text = after.empty() ? std::string_view() : after.substr(1);
  } else {
    const std::size_t colon = authority.rfind(':');
    target.host = std::string(authority.substr(0, colon));
    port_text = colon == std::string_view::npos ? std::string_view() : authority.substr(colon + 1);
  }
  if (target.host.empty() || target.host.find_first_of(" \t\r\n/\\") != std::string::npos) {
    refuse(url, "no host");
  }
  target.port = target.scheme == "https" ? 443 : 80;
  if (!port_text.empty()) {
    const std::optional<std::int64_t> port = detail::parse_whole(port_text);
    if (!port || *port < 1 || *port > 65535) {
      refuse(url, "the port is not a number from 1 to 65535");
    }
    target.port = static_cast<int>(*port);
  }
  return target;
}

bool is_private_address(std::string_view address) {
  const std::string text(address);
  in_addr v4{};
  if (::inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    return private4(ntohl(v4.s_addr));
  }
  in6_addr v6{};
  if (::inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    return private6(v6);
  }
  return true;  // not an address: nothing to trust
}

std::vector<std::string> resolve_webhook_host(const WebhookTarget& target, bool allow_private) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int failed = ::getaddrinfo(target.host.c_str(), nullptr, &hints, &found);
  if (failed != 0) {
    fail(Errc::bad_request, "webhook host '{}' does not resolve: {}", excerpt(target.host, 120),
         ::gai_strerror(failed));
  }
  const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(found, ::freeaddrinfo);
  std::vector<std::string> addresses;
  for (const addrinfo* a = found; a != nullptr; a = a->ai_next) {
    std::array<char, INET6_ADDRSTRLEN> text{};
    const void* raw =
        a->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr)
            : static_cast<const void*>(
                  &reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr);
    if (::inet_ntop(a->ai_family, raw, text.data(), text.size()) == nullptr) {
      continue;
    }
    const std::string address(text.data());
    if (!allow_private && is_private_address(address)) {
      fail(Errc::bad_request,
           "webhook host '{}' names {}, a loopback, private or link-local address; a watch "
           "posts there only when added with --allow-private",
           excerpt(target.host, 120), address);
    }
    addresses.push_back(address);
  }
  if (addresses.empty()) {
    fail(Errc::bad_request, "webhook host '{}' names no address", excerpt(target.host, 120));
  }
  return addresses;
}

}  // namespace gpq::http
