#include "keys/webhook_signature.h"

#include <array>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <fmt/core.h>

#include "gpq/error.h"

#include "keys/key_material.h"

namespace gpq::keys {

std::string generate_webhook_secret() {
  return random_token("whsec_");
}

std::string webhook_signature(std::string_view secret, std::string_view body) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int length = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(body.data()), body.size(), mac.data(),
           &length) == nullptr) {
    fail(Errc::internal, "HMAC-SHA256 failed");
  }
  std::string text = "sha256=";
  for (unsigned int i = 0; i < length; ++i) {
    fmt::format_to(std::back_inserter(text), "{:02x}", mac[i]);
  }
  return text;
}

}  // namespace gpq::keys
