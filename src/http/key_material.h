// API keys as secrets: made from the system's random source, stored and compared only
// as SHA-256 hashes, compared in constant time.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace gpq::http {

using KeyHash = std::array<unsigned char, 32>;

// "gpq_" and 43 url-safe base64 characters: 256 random bits. Throws Error{internal} when the
// random source fails.
std::string generate_api_key();

KeyHash hash_api_key(std::string_view key);

// Takes the same time whatever the contents (CRYPTO_memcmp); false when sizes differ.
bool same_hash(std::span<const unsigned char> a, std::span<const unsigned char> b) noexcept;

}  // namespace gpq::http
