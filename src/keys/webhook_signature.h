// The secret of a webhook and the signature of each delivery (docs/STREAM.md "Webhooks"):
// HMAC-SHA256 of the body under the watch's secret, as `sha256=` and 64 hex digits in the
// X-Gpq-Signature header, so that a receiver knows the body came from this mirror unchanged.
#pragma once

#include <string>
#include <string_view>

namespace gpq::keys {

// "whsec_" and 43 url-safe base64 characters: 256 random bits. Throws Error{internal}.
std::string generate_webhook_secret();

// "sha256=<hex of HMAC-SHA256(secret, body)>".
std::string webhook_signature(std::string_view secret, std::string_view body);

}  // namespace gpq::keys
