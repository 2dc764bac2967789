// Where a webhook posts (docs/STREAM.md "Webhooks"): an http(s) URL, and the addresses its
// host names, none of them loopback, private, link-local or otherwise inside a network unless
// the watch allows it, so that a watch cannot make the server reach what only it can reach.
// Checked when a watch is added and again before each delivery (a name may come to point
// elsewhere), and the delivery connects to the address checked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpq::http {

struct WebhookTarget {
  std::string scheme;  // "http" or "https"
  std::string host;    // a name, an IPv4 address, or an IPv6 address without brackets
  int port = 0;
  std::string path;  // with its query; "/" at least
  // "http://host:port", brackets around IPv6, for httplib's client.
  std::string origin() const;
};

// Throws Error{bad_request} naming what is wrong: not http(s), no host, user info, a bad port.
WebhookTarget parse_webhook_url(std::string_view url);

// Whether an address (text) lies in a range a public webhook may not reach.
bool is_private_address(std::string_view address);

// The addresses `target.host` names; Error{bad_request} when it names none, or one that is
// private and `allow_private` is false.
std::vector<std::string> resolve_webhook_host(const WebhookTarget& target, bool allow_private);

}  // namespace gpq::http
