#include "http/server/request_shape.h"

#include <charconv>

#include <fmt/core.h>
#include <httplib.h>

#include "core/text.h"

namespace gpq::http {

bool carries_content(const httplib::Request& req) {
  if (req.has_header("Transfer-Encoding")) {
    return true;
  }
  if (!req.has_header("Content-Length")) {
    return false;
  }
  const std::string value = req.get_header_value("Content-Length");
  const std::string_view digits = trim(value);
  std::size_t length = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), length);
  return error != std::errc{} || end != digits.data() + digits.size() || length != 0;
}

namespace {

bool valid_port(std::string_view port) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
  return error == std::errc{} && end == port.data() + port.size() && port.size() <= 5 &&
         value >= 1 && value <= 65535;
}

}  // namespace

bool valid_host_header(std::string_view host) {
  constexpr std::string_view kNameChars =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";
  constexpr std::string_view kLiteralChars = "0123456789abcdefABCDEF:.";
  if (host.starts_with('[')) {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos || close == 1 ||
        host.substr(1, close - 1).find_first_not_of(kLiteralChars) != std::string_view::npos) {
      return false;
    }
    const std::string_view rest = host.substr(close + 1);
    return rest.empty() || (rest.starts_with(':') && valid_port(rest.substr(1)));
  }
  const std::size_t colon = host.find(':');
  const std::string_view name = host.substr(0, colon);
  if (name.empty() || name.size() > 253 ||
      name.find_first_not_of(kNameChars) != std::string_view::npos) {
    return false;
  }
  return colon == std::string_view::npos || valid_port(host.substr(colon + 1));
}

std::optional<Reply> refuse_shape(const httplib::Request& req) {
  std::optional<Reply> refused;
  if (req.has_header("Transfer-Encoding") && req.has_header("Content-Length")) {
    // RFC 9112 6.3: a message with both is an attack or a broken proxy; close after it.
    refused = error_reply(Errc::bad_request,
                          "a request may not carry both Transfer-Encoding and Content-Length");
  } else if (req.get_header_value_count("Content-Length") > 1 ||
             req.get_header_value_count("Transfer-Encoding") > 1) {
    refused = error_reply(Errc::bad_request,
                          "a request may carry Content-Length or Transfer-Encoding once");
  } else if ((req.method == "GET" || req.method == "HEAD") && carries_content(req)) {
    // httplib reads no content for GET: the body would be read as the connection's next
    // request, one a proxy in front forwarded as content (request smuggling).
    refused = error_reply(Errc::bad_request,
                          fmt::format("a {} request carries no content; send it without a body "
                                      "(no Transfer-Encoding; Content-Length 0 or none)",
                                      req.method));
  } else if (req.get_header_value_count("Host") > 1) {
    refused = error_reply(Errc::bad_request, "a request may carry Host once (RFC 9112 3.2)");
  } else if (req.has_header("Host") && !valid_host_header(req.get_header_value("Host"))) {
    // Links to the next and previous pages are built from it.
    refused = error_reply(Errc::bad_request,
                          "the Host header must be host[:port] (RFC 9110 7.2), as the request's "
                          "links are built from it");
  } else if (req.get_header_value_count("X-Api-Key") > 1) {
    // Which of two keys counts would depend on who reads the request: a proxy in front may
    // check the other one.
    refused = error_reply(Errc::bad_request, "a request may carry X-Api-Key once");
  } else if (req.headers.size() > kMaxRequestHeaders) {
    refused = error_reply(Errc::header_fields_too_large,
                          fmt::format("a request may carry at most {} headers; this one has {}",
                                      kMaxRequestHeaders, req.headers.size()));
  }
  if (refused) {
    refused->headers.emplace_back("Connection", "close");
  }
  return refused;
}

}  // namespace gpq::http
