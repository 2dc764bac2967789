// HTTP(S) requests to one upstream: its base URL, a cookie jar of one session, timeouts, an
// overall deadline per request so that a slow trickle cannot hold a sync forever, and
// redirects followed by the rules of redirect_rules.h.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sync/upstream/cookie_jar.h"
#include "sync/upstream/redirect_rules.h"

namespace httplib {
class Client;
struct Request;
}  // namespace httplib

namespace gpq::sync {

struct HttpAnswer {
  int status = 0;  // 0: no answer (the transport failed; see error)
  // The transport failure in words ("connection refused", "timed out"); or, with a redirect
  // status, why the redirect was not followed.
  std::string error;
  HeaderList headers;  // names lower-cased
  std::string body;    // complete, or empty when the transport failed

  std::string header(std::string_view lower_name) const;
  bool transport_failed() const { return status == 0; }
  // For messages: "HTTP 500 <the body's first line, printable, cut to 160 bytes>", or the
  // error when there is one.
  std::string summary() const;
  // For whoever may read it: "HTTP 500", "HTTP 302, redirect not followed" or "connection
  // failed", never the body's or the transport's words.
  std::string reason() const;
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
  // Redirects (301, 302, 303, 307, 308) are followed, at most kMaxRedirects, never from https
  // to http, within the one deadline; the answer is the last one. A redirect not followed
  // comes back as it is, with `error` saying why.
  HttpAnswer get(const std::string& target, const HeaderList& headers = {});
  // application/x-www-form-urlencoded POST. After a 301, 302 or 303 the next request is a GET
  // without the form; a 307 or 308 repeats the form, but only to the base URL's own host.
  HttpAnswer post_form(const std::string& target, const HeaderList& fields);
  // A GET whose 200 body goes to `sink` piece by piece as it arrives (decompressed), neither
  // held nor capped; `sink` returns false to stop the transfer (the answer then says it was
  // stopped). Any other answer comes back with its body. No redirect is followed. `headers`
  // choose the encoding (Accept-Encoding; none: the body as it is).
  using BodySink = std::function<bool(std::string_view)>;
  HttpAnswer stream(const std::string& target, const HeaderList& headers, const BodySink& sink);

  // Asked before each redirect is followed: empty lets it go, anything else stops it with that
  // reason (Space-Track's request budget counts the hops as requests). Unset: always go.
  void set_redirect_gate(std::function<std::string()> gate) { redirect_gate_ = std::move(gate); }

  // The cookies are the base URL's host's: they are sent to it alone and taken from it alone.
  void forget_cookies() { cookies_.clear(); }
  const std::string& base_url() const { return base_url_; }

 private:
  struct Outgoing {
    std::string method;
    std::string target;  // path and query on the host asked
    HeaderList headers;
    std::string body;
    const BodySink* sink = nullptr;  // stream(): where a 200's body goes
  };
  using Deadline = std::chrono::steady_clock::time_point;

  HttpAnswer send(Outgoing request);
  HttpAnswer exchange(httplib::Client& client, const Outgoing& outgoing, bool own_host,
                      Deadline deadline);
  httplib::Client& client_for(const Url& url);
  std::unique_ptr<httplib::Client> make_client(const std::string& origin) const;

  std::string base_url_;
  Url base_;  // its origin, and its prefix as target
  std::string prefix_;
  SessionOptions options_;
  std::unique_ptr<httplib::Client> client_;  // to the base URL's origin
  std::string other_origin_;                 // the last other origin a redirect led to
  std::unique_ptr<httplib::Client> other_client_;
  std::function<std::string()> redirect_gate_;
  CookieJar cookies_;
};

}  // namespace gpq::sync
