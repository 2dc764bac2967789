// When and where HttpSession follows a redirect: at most kMaxRedirects hops, never from
// https to http, relative Locations resolved against the address asked, the method of RFC
// 9110 (303, and 301/302 after a POST, become GET), and credentials kept to the session's
// own host. Pure rules; http_session.cc does the asking.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpq::sync {

inline constexpr int kMaxRedirects = 5;

struct Url {
  std::string scheme;     // "http" or "https", lower case
  std::string authority;  // host[:port]
  std::string target;     // path and query, starting with '/'

  std::string origin() const { return scheme + "://" + authority; }
  std::string text() const { return origin() + target; }
};

// "scheme://host[:port][/path][?query]" with an http or https scheme and no user name, in
// printable ASCII without blanks; nullopt otherwise. A fragment is dropped.
std::optional<Url> parse_url(std::string_view text);

// `reference` (a Location header: absolute, "//host/...", "/path", "path", "?query")
// resolved against `base` as RFC 3986 5.2 does; nullopt when it is not an http(s) address
// (a control character, a blank inside or a byte above 0x7e included).
std::optional<Url> resolve_url(const Url& base, std::string_view reference);

// Statuses that redirect: 301, 302, 303, 307, 308 (a 304 is an answer).
bool is_redirect(int status) noexcept;

struct RedirectStep {
  std::string refusal;  // not empty: do not follow; says why, for the user
  Url to;
  std::string method;         // of the next request
  bool keep_body = false;     // 307/308 resend the body (and its Content-Type)
  bool send_cookies = false;  // only to the session's own origin
};

// The next hop after `status` with `location` from `from`, whose request used `method`;
// `hops` redirects were followed before this one; `session_origin` is the origin of the
// session's base URL, the only one that gets its cookies or a form body.
RedirectStep next_redirect(const Url& from, int status, std::string_view location,
                           std::string_view method, int hops, std::string_view session_origin);

}  // namespace gpq::sync
