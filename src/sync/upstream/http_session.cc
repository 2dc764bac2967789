#include "sync/upstream/http_session.h"

#include <algorithm>
#include <regex>

#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/text.h"

namespace gpq::sync {
namespace {

std::string describe(httplib::Error error) {
  switch (error) {
    case httplib::Error::Connection:
      return "could not connect";
    case httplib::Error::Read:
      return "the connection broke while reading the answer";
    case httplib::Error::Write:
      return "the connection broke while sending the request";
    case httplib::Error::Canceled:
      return "the answer did not complete in time";
    case httplib::Error::SSLConnection:
    case httplib::Error::SSLLoadingCerts:
    case httplib::Error::SSLServerVerification:
      return "the TLS connection failed (certificate or handshake)";
    case httplib::Error::ConnectionTimeout:
      return "timed out connecting";
    default:
      return "request failed (" + httplib::to_string(error) + ")";
  }
}

}  // namespace

std::string HttpAnswer::summary() const {
  if (transport_failed()) {
    return error;
  }
  const std::string_view text = body;
  return fmt::format("HTTP {} {}", status, shown(trim(text.substr(0, text.find('\n'))), 160));
}

std::string HttpAnswer::header(std::string_view lower_name) const {
  for (const auto& [name, value] : headers) {
    if (name == lower_name) {
      return value;
    }
  }
  return {};
}

HttpSession::HttpSession(const std::string& base_url, SessionOptions options)
    : base_url_(base_url), options_(options) {
  static const std::regex kUrl(R"((https?://[^/?#]+)(/[^?#]*)?)");
  std::smatch match;
  if (!std::regex_match(base_url, match, kUrl)) {
    fail(Errc::bad_request, "'{}' is not a base URL; write it as https://host[:port][/path]",
         base_url);
  }
  prefix_ = match[2].str();
  while (!prefix_.empty() && prefix_.back() == '/') {
    prefix_.pop_back();
  }
  client_ = std::make_unique<httplib::Client>(match[1].str());
  client_->set_connection_timeout(options.connect_timeout);
  client_->set_read_timeout(options.read_timeout);
  client_->set_write_timeout(options.read_timeout);
  // Off: a 304 is an answer, not a redirect to follow (httplib would treat it as one).
  client_->set_follow_location(false);
  client_->set_keep_alive(true);
  client_->set_url_encode(false);
  client_->set_decompress(true);
}

HttpSession::~HttpSession() = default;

HttpAnswer HttpSession::get(const std::string& target, const HeaderList& headers) {
  httplib::Request request;
  request.method = "GET";
  request.path = prefix_ + target;
  request.headers = {{"Accept-Encoding", "gzip"},
                     {"User-Agent", "gpq (local mirror; +https://celestrak.org)"}};
  for (const auto& [name, value] : headers) {
    request.headers.emplace(name, value);
  }
  return exchange(request);
}

HttpAnswer HttpSession::post_form(const std::string& target, const HeaderList& fields) {
  httplib::Request request;
  request.method = "POST";
  request.path = prefix_ + target;
  for (const auto& [name, value] : fields) {
    request.body += request.body.empty() ? "" : "&";
    append_percent_encoded(name, request.body);
    request.body += '=';
    append_percent_encoded(value, request.body);
  }
  request.headers = {{"User-Agent", "gpq (local mirror)"},
                     {"Content-Type", "application/x-www-form-urlencoded"}};
  return exchange(request);
}

// Every request, a login included, runs under the deadline and the body cap: an answer
// that trickles or grows without end fails instead of holding the sync or its memory.
HttpAnswer HttpSession::exchange(httplib::Request& request) {
  if (!cookies_.empty()) {
    request.headers.emplace("Cookie", cookie_header());
  }
  HttpAnswer answer;
  const auto deadline = std::chrono::steady_clock::now() + options_.deadline;
  bool too_slow = false;
  bool too_big = false;
  request.content_receiver = [&](const char* data, std::size_t length, std::uint64_t,
                                 std::uint64_t) {
    if (answer.body.size() + length > options_.max_body_bytes) {
      too_big = true;
      return false;
    }
    answer.body.append(data, length);
    if (std::chrono::steady_clock::now() > deadline) {
      too_slow = true;
      return false;
    }
    return true;
  };
  const httplib::Result result = client_->send(request);
  if (!result) {
    answer.body.clear();
    answer.error = too_slow ? "the answer did not complete within the time allowed"
                   : too_big
                       ? fmt::format("the answer was larger than the limit of {}",
                                     options_.max_body_bytes % (1 << 20) == 0
                                         ? fmt::format("{} MiB", options_.max_body_bytes >> 20)
                                         : fmt::format("{} bytes", options_.max_body_bytes))
                       : describe(result.error());
    return answer;
  }
  answer.status = result->status;
  for (const auto& [name, value] : result->headers) {
    answer.headers.emplace_back(to_lower(name), value);
  }
  keep_cookies(answer.headers);
  return answer;
}

void HttpSession::keep_cookies(const HeaderList& headers) {
  for (const auto& [name, value] : headers) {
    if (name != "set-cookie") {
      continue;
    }
    const std::string pair = value.substr(0, value.find(';'));
    const std::size_t equals = pair.find('=');
    if (equals == std::string::npos) {
      continue;
    }
    const std::string cookie = pair.substr(0, equals);
    std::erase_if(cookies_, [&](const auto& c) { return c.first == cookie; });
    cookies_.emplace_back(cookie, pair.substr(equals + 1));
  }
}

std::string HttpSession::cookie_header() const {
  std::string header;
  for (const auto& [name, value] : cookies_) {
    header += header.empty() ? "" : "; ";
    header += name + "=" + value;
  }
  return header;
}

}  // namespace gpq::sync
