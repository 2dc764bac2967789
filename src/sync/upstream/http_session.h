// HTTP(S) requests to one upstream: its base URL, a cookie jar of one session, timeouts, and
// an overall deadline per request so that a slow trickle cannot hold a sync forever.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace httplib {
class Client;
struct Request;
}

namespace gpq::sync {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpAnswer {
  int status = 0;       // 0: no answer (the transport failed; see error)
  std::string error;    // transport failure in words ("connection refused", "timed out")
  HeaderList headers;   // names lower-cased
  std::string body;     // complete, or empty when the transport failed

  std::string header(std::string_view lower_name) const;
  bool transport_failed() const { return status == 0; }
  // For messages: "HTTP 500 <the body's first line, printable, cut to 160 bytes>", or the
  // transport failure.
  std::string summary() const;
};

struct SessionOptions {
  std::chrono::seconds connect_timeout{10};
  std::chrono::seconds read_timeout{60};  // between two reads
  std::chrono::seconds deadline{600};     // for a whole request
  // The largest answer taken (held in memory while it is checked whole, then parsed). The
  // largest real ones, Space-Track's SATCAT and a day of gp_history, are tens of MiB.
  std::size_t max_body_bytes = std::size_t{256} << 20;
};

class HttpSession {
 public:
  // `base_url`: "https://host[:port][/prefix]". Throws Error{bad_request} when it is not one.
  HttpSession(const std::string& base_url, SessionOptions options);
  ~HttpSession();
  HttpSession(const HttpSession&) = delete;
  HttpSession& operator=(const HttpSession&) = delete;
  HttpSession(HttpSession&&) = delete;
  HttpSession& operator=(HttpSession&&) = delete;

  // `target` is the path and query after the base URL's prefix, already percent-encoded.
  HttpAnswer get(const std::string& target, const HeaderList& headers = {});
  // application/x-www-form-urlencoded POST.
  HttpAnswer post_form(const std::string& target, const HeaderList& fields);

  void forget_cookies() { cookies_.clear(); }
  const std::string& base_url() const { return base_url_; }

 private:
  HttpAnswer exchange(httplib::Request& request);
  void keep_cookies(const HeaderList& headers);
  std::string cookie_header() const;

  std::string base_url_;
  std::string prefix_;
  SessionOptions options_;
  std::unique_ptr<httplib::Client> client_;
  std::vector<std::pair<std::string, std::string>> cookies_;  // name, value
};

}  // namespace gpq::sync
