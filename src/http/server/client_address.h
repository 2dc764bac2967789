// The client address the access log names. A request from a trusted proxy (--trusted-proxy,
// HAProxy or nginx in front of the fleet) is logged with the address that proxy wrote into
// X-Forwarded-For; from anyone else the header is ignored, since a client can write it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpq::http {

// `peer`: the TCP peer. `forwarded_for`: the X-Forwarded-For header, "" when absent. Walks the
// list from its right end (the entry the nearest proxy appended) past trusted proxies and
// returns the first address that is not one; `peer` when the peer is untrusted or the header
// is empty.
std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted);

}  // namespace gpq::http
