#include "keys/key_material.h"

#include <array>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "gpq/error.h"

namespace gpq::keys {
namespace {

constexpr std::string_view kPrefix = "gpq_";
constexpr std::size_t kRandomBytes = 32;

}  // namespace

std::string generate_api_key() {
  return random_token(kPrefix);
}

std::string random_token(std::string_view prefix) {
  std::array<unsigned char, kRandomBytes> random{};
  if (RAND_bytes(random.data(), static_cast<int>(random.size())) != 1) {
    fail(Errc::internal, "the system's random source failed; no key was made");
  }
  // EVP_EncodeBlock writes standard base64 with padding; make it url-safe and unpadded.
  std::array<unsigned char, 4 * ((kRandomBytes + 2) / 3) + 1> encoded{};
  const int length =
      EVP_EncodeBlock(encoded.data(), random.data(), static_cast<int>(random.size()));
  std::string key(prefix);
  for (int i = 0; i < length; ++i) {
    const char c = static_cast<char>(encoded[static_cast<std::size_t>(i)]);
    if (c == '=') {
      break;
    }
    key += c == '+' ? '-' : c == '/' ? '_' : c;
  }
  return key;
}

KeyHash hash_api_key(std::string_view key) {
  KeyHash hash{};
  SHA256(reinterpret_cast<const unsigned char*>(key.data()), key.size(), hash.data());
  return hash;
}

bool same_hash(std::span<const unsigned char> a, std::span<const unsigned char> b) noexcept {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace gpq::keys
