#include "sync/upstream/http_session.h"

#include <algorithm>
#include <regex>

#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "core/stop_request.h"
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

// Why a download stopped short: what the content receiver decided, else the transport's error.
struct ShortAnswer {
  bool sink_stopped = false;
  bool too_slow = false;
  bool too_big = false;
};

std::string failure_text(const ShortAnswer& stopped, httplib::Error error,
                         std::size_t max_body_bytes) {
  if (stopped.sink_stopped) {
    return "stopped by its receiver";
  }
  if (stopped.too_slow) {
    return "the answer did not complete within the time allowed";
  }
  if (stopped.too_big) {
    return fmt::format("the answer was larger than the limit of {}",
                       max_body_bytes % (1 << 20) == 0 ? fmt::format("{} MiB", max_body_bytes >> 20)
                                                       : fmt::format("{} bytes", max_body_bytes));
  }
  return describe(error);
}

}  // namespace

std::string HttpAnswer::summary() const {
  if (transport_failed() || !error.empty()) {
    return error;
  }
  const std::string_view text = body;
  return fmt::format("HTTP {} {}", status, excerpt(trim(text.substr(0, text.find('\n'))), 160));
}

std::string HttpAnswer::reason() const {
  if (transport_failed()) {
    return "connection failed";
  }
  return error.empty() ? fmt::format("HTTP {}", status)
                       : fmt::format("HTTP {}, redirect not followed", status);
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
  const std::optional<Url> url = parse_url(base_url);
  if (!std::regex_match(base_url, match, kUrl) || !url) {
    fail(Errc::bad_request, "'{}' is not a base URL; write it as https://host[:port][/path]",
         base_url);
  }
  base_ = *url;
  prefix_ = match[2].str();
  while (!prefix_.empty() && prefix_.back() == '/') {
    prefix_.pop_back();
  }
  client_ = make_client(base_.origin());
}

HttpSession::~HttpSession() = default;

std::unique_ptr<httplib::Client> HttpSession::make_client(const std::string& origin) const {
  auto client = std::make_unique<httplib::Client>(origin);
  client->set_connection_timeout(options_.connect_timeout);
  client->set_read_timeout(options_.read_timeout);
  client->set_write_timeout(options_.read_timeout);
  // Off: redirects are followed by send(), under redirect_rules.h (httplib would also take a
  // 304 for one).
  client->set_follow_location(false);
  client->set_keep_alive(true);
  client->set_url_encode(false);
  client->set_decompress(true);
  return client;
}

httplib::Client& HttpSession::client_for(const Url& url) {
  const std::string origin = url.origin();
  if (origin == base_.origin()) {
    return *client_;
  }
  if (origin != other_origin_ || !other_client_) {
    other_client_ = make_client(origin);
    other_origin_ = origin;
  }
  return *other_client_;
}

HttpAnswer HttpSession::get(const std::string& target, const HeaderList& headers) {
  Outgoing request{
      "GET",
      prefix_ + target,
      {{"Accept-Encoding", "gzip"}, {"User-Agent", "gpq (local mirror; +https://celestrak.org)"}},
      {}};
  request.headers.insert(request.headers.end(), headers.begin(), headers.end());
  return send(std::move(request));
}

HttpAnswer HttpSession::post_form(const std::string& target, const HeaderList& fields) {
  Outgoing request{
      "POST",
      prefix_ + target,
      {{"User-Agent", "gpq (local mirror)"}, {"Content-Type", "application/x-www-form-urlencoded"}},
      {}};
  for (const auto& [name, value] : fields) {
    request.body += request.body.empty() ? "" : "&";
    append_percent_encoded(name, request.body);
    request.body += '=';
    append_percent_encoded(value, request.body);
  }
  return send(std::move(request));
}

HttpAnswer HttpSession::stream(const std::string& target, const HeaderList& headers,
                               const BodySink& sink) {
  Outgoing request{"GET", prefix_ + target, headers, {}, &sink};
  const bool encoding_chosen = std::any_of(headers.begin(), headers.end(), [](const auto& header) {
    return to_lower(header.first) == "accept-encoding";
  });
  if (!encoding_chosen) {
    request.headers.emplace_back("Accept-Encoding", "identity");  // httplib would add gzip
  }
  return exchange(*client_, request, true, std::chrono::steady_clock::now() + options_.deadline);
}

// One request and the redirects it leads to, all within one deadline.
HttpAnswer HttpSession::send(Outgoing request) {
  const Deadline deadline = std::chrono::steady_clock::now() + options_.deadline;
  Url at = base_;
  at.target = request.target;
  bool own_host = true;
  for (int hops = 0;; ++hops) {
    HttpAnswer answer = exchange(client_for(at), request, own_host, deadline);
    const std::string location = answer.header("location");
    if (answer.transport_failed() || !is_redirect(answer.status) || location.empty()) {
      return answer;
    }
    RedirectStep step =
        next_redirect(at, answer.status, location, request.method, hops, base_.origin());
    if (step.refusal.empty() && redirect_gate_) {
      step.refusal = redirect_gate_();
    }
    if (!step.refusal.empty()) {
      answer.error = step.refusal;
      return answer;
    }
    if (!step.keep_body) {
      request.body.clear();
      std::erase_if(request.headers,
                    [](const auto& header) { return to_lower(header.first) == "content-type"; });
    }
    request.method = step.method;
    request.target = step.to.target;
    at = step.to;
    own_host = step.send_cookies;
  }
}

// Every request, a login included, runs under the deadline and the body cap: an answer
// that trickles or grows without end fails instead of holding the sync or its memory.
// Cookies go to and come from the base URL's host only (`own_host`).
HttpAnswer HttpSession::exchange(httplib::Client& client, const Outgoing& outgoing, bool own_host,
                                 Deadline deadline) {
  httplib::Request request;
  request.method = outgoing.method;
  request.path = outgoing.target;
  request.body = outgoing.body;
  for (const auto& [name, value] : outgoing.headers) {
    request.headers.emplace(name, value);
  }
  if (own_host && !cookies_.empty()) {
    request.headers.emplace("Cookie", cookies_.header());
  }
  HttpAnswer answer;
  ShortAnswer stopped;
  bool streaming = false;
  request.response_handler = [&](const httplib::Response& response) {
    streaming = outgoing.sink != nullptr && response.status == 200;
    return true;
  };
  request.content_receiver = [&](const char* data, std::size_t length, std::uint64_t,
                                 std::uint64_t) {
    if (process_stop_request().requested()) {
      return false;  // the download is dropped whole; send() then throws
    }
    if (streaming) {
      stopped.sink_stopped = !(*outgoing.sink)(std::string_view(data, length));
      stopped.too_slow = std::chrono::steady_clock::now() > deadline;
      return !stopped.sink_stopped && !stopped.too_slow;
    }
    if (answer.body.size() + length > options_.max_body_bytes) {
      stopped.too_big = true;
      return false;
    }
    answer.body.append(data, length);
    stopped.too_slow = std::chrono::steady_clock::now() > deadline;
    return !stopped.too_slow;
  };
  const StopHook end_read(process_stop_request(), [&client] { client.stop(); });
  process_stop_request().throw_if_requested();  // no new request once a stop is asked
  const httplib::Result result = client.send(request);
  process_stop_request().throw_if_requested();
  if (!result) {
    answer.body.clear();
    answer.error = failure_text(stopped, result.error(), options_.max_body_bytes);
    return answer;
  }
  answer.status = result->status;
  for (const auto& [name, value] : result->headers) {
    answer.headers.emplace_back(to_lower(name), value);
  }
  if (own_host) {
    cookies_.take(answer.headers);
  }
  return answer;
}

}  // namespace gpq::sync
