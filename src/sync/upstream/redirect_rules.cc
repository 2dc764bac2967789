// URL resolution and the redirect decision.
#include "sync/upstream/redirect_rules.h"

#include <algorithm>

#include <fmt/core.h>

#include "core/printable_text.h"
#include "core/text.h"

namespace gpq::sync {
namespace {

// RFC 3986 5.2.4: "/a/b/../c/./d" is "/a/c/d".
std::string remove_dot_segments(std::string_view path) {
  std::string out;
  while (!path.empty()) {
    if (path.starts_with("../")) {
      path.remove_prefix(3);
    } else if (path.starts_with("./")) {
      path.remove_prefix(2);
    } else if (path.starts_with("/./")) {
      path.remove_prefix(2);
    } else if (path == "/.") {
      path = "/";
    } else if (path.starts_with("/../") || path == "/..") {
      path = path.size() == 3 ? std::string_view("/") : path.substr(3);
      const std::size_t last = out.rfind('/');
      out.erase(last == std::string::npos ? 0 : last);
    } else if (path == "." || path == "..") {
      path = {};
    } else {
      const std::size_t next = path.find('/', 1);
      const std::size_t end = next == std::string_view::npos ? path.size() : next;
      out.append(path.substr(0, end));
      path.remove_prefix(end);
    }
  }
  return out;
}

// "path?query" of a reference, without its fragment, with dot segments removed and "/" for an
// empty path.
std::string normal_target(std::string_view target) {
  target = target.substr(0, target.find('#'));
  const std::size_t query = target.find('?');
  std::string path = remove_dot_segments(target.substr(0, query));
  if (path.empty() || path.front() != '/') {
    path.insert(0, "/");
  }
  return query == std::string_view::npos ? path : path + std::string(target.substr(query));
}

// A scheme is letters, digits, '+', '-', '.' before the first ':' (RFC 3986 3.1).
bool has_scheme(std::string_view reference) {
  const std::size_t colon = reference.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return false;
  }
  for (const char c : reference.substr(0, colon)) {
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!allowed) {
      return false;
    }
  }
  return true;
}

// URLs are printable ASCII without blanks (RFC 3986 2): anything else in an address would go
// into a request line as it is, and into messages.
bool url_characters(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

}  // namespace

std::optional<Url> parse_url(std::string_view text) {
  if (!url_characters(text)) {
    return std::nullopt;
  }
  const std::size_t separator = text.find("://");
  if (separator == std::string_view::npos) {
    return std::nullopt;
  }
  Url url;
  url.scheme = to_lower(text.substr(0, separator));
  if (url.scheme != "http" && url.scheme != "https") {
    return std::nullopt;
  }
  std::string_view rest = text.substr(separator + 3);
  const std::size_t end = rest.find_first_of("/?#");
  url.authority = std::string(rest.substr(0, end));
  // No user name: it would be sent to the host.
  if (url.authority.empty() || url.authority.find('@') != std::string::npos) {
    return std::nullopt;
  }
  url.target = normal_target(end == std::string_view::npos ? std::string_view() : rest.substr(end));
  return url;
}

std::optional<Url> resolve_url(const Url& base, std::string_view reference) {
  reference = trim(reference);
  if (reference.empty() || !url_characters(reference)) {
    return std::nullopt;
  }
  if (has_scheme(reference)) {
    return parse_url(reference);
  }
  if (reference.starts_with("//")) {
    return parse_url(base.scheme + ":" + std::string(reference));
  }
  Url url = base;
  if (reference.front() == '/') {
    url.target = normal_target(reference);
  } else if (reference.front() == '?' || reference.front() == '#') {
    const std::string_view base_path =
        std::string_view(base.target).substr(0, base.target.find('?'));
    url.target = normal_target(std::string(base_path) + std::string(reference));
  } else {
    const std::string_view base_path =
        std::string_view(base.target).substr(0, base.target.find('?'));
    const std::string directory(base_path.substr(0, base_path.rfind('/') + 1));
    url.target = normal_target(directory + std::string(reference));
  }
  return url;
}

bool is_redirect(int status) noexcept {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

RedirectStep next_redirect(const Url& from, int status, std::string_view location,
                           std::string_view method, int hops, std::string_view session_origin) {
  RedirectStep step;
  const std::optional<Url> to = resolve_url(from, location);
  if (!to) {
    step.refusal = fmt::format("{} redirected to '{}', which is not an http(s) address",
                               from.text(), excerpt(location, 120));
    return step;
  }
  step.to = *to;
  if (hops >= kMaxRedirects) {
    step.refusal =
        fmt::format("more than {} redirects (the last from {} to {}); give the address they end at",
                    kMaxRedirects, from.text(), to->text());
    return step;
  }
  if (from.scheme == "https" && to->scheme == "http") {
    step.refusal = fmt::format(
        "refused to follow a redirect from https to http ({} to {}): the answer would not be "
        "protected by TLS",
        from.text(), to->text());
    return step;
  }
  // 307 and 308 repeat the request as it was; 303 asks with GET, and so do 301 and 302 after
  // a POST, as every client does.
  step.keep_body = (status == 307 || status == 308) && method != "GET";
  step.method = step.keep_body || method == "GET" ? std::string(method) : "GET";
  step.send_cookies = to->origin() == session_origin;
  if (step.keep_body && !step.send_cookies) {
    step.refusal = fmt::format(
        "refused to send a form (it may hold credentials) from {} on to another host ({})",
        from.text(), to->text());
  }
  return step;
}

}  // namespace gpq::sync
