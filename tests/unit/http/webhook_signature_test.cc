// The signature of a delivery: RFC 4231's HMAC-SHA256 test vectors, and secrets that differ.
#include "keys/webhook_signature.h"

#include <string>

#include <gtest/gtest.h>

namespace gpq::keys {
namespace {

TEST(WebhookSignatureTest, IsHmacSha256AsRfc4231Gives) {
  EXPECT_EQ(webhook_signature("Jefe", "what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(webhook_signature(std::string(20, '\x0b'), "Hi There"),
            "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
}

TEST(WebhookSignatureTest, SecretsAreLongAndNeverTheSame) {
  const std::string a = generate_webhook_secret();
  const std::string b = generate_webhook_secret();
  EXPECT_EQ(a.rfind("whsec_", 0), 0U);
  EXPECT_EQ(a.size(), 6U + 43U);
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace gpq::keys
