// API keys as secrets: made from the system's random source, stored and compared only
// as SHA-256 hashes, compared in constant time. The one piece of key handling that links
// OpenSSL (gpq_keys): `gpq keys` and the server use it, the core sees only KeyMinter.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "gpq/key_service.h"

namespace gpq::keys {

// "gpq_" and 43 url-safe base64 characters: 256 random bits. Throws Error{internal} when the
// random source fails.
std::string generate_api_key();
// `prefix` and 43 url-safe base64 characters: 256 random bits (API keys, webhook secrets).
std::string random_token(std::string_view prefix);

KeyHash hash_api_key(std::string_view key);

// Takes the same time whatever the contents (CRYPTO_memcmp); false when sizes differ.
bool same_hash(std::span<const unsigned char> a, std::span<const unsigned char> b) noexcept;

// The KeyMinter of the functions above.
class Sha256KeyMinter final : public KeyMinter {
 public:
  std::string generate() const override { return generate_api_key(); }
  KeyHash hash(std::string_view key) const override { return hash_api_key(key); }
};

}  // namespace gpq::keys
