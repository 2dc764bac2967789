// Where a webhook may post: the URL's parts, and the addresses a public watch may not reach.
#include "http/server/webhook_target.h"

#include <gtest/gtest.h>

#include "gpq/error.h"

namespace gpq::http {
namespace {

TEST(WebhookTargetTest, ParsesTheUrlsItPostsTo) {
  const WebhookTarget plain = parse_webhook_url("http://example.org/hooks/gpq?x=1");
  EXPECT_EQ(plain.scheme, "http");
  EXPECT_EQ(plain.host, "example.org");
  EXPECT_EQ(plain.port, 80);
  EXPECT_EQ(plain.path, "/hooks/gpq?x=1");
  EXPECT_EQ(plain.origin(), "http://example.org:80");
  const WebhookTarget tls = parse_webhook_url("https://example.org");
  EXPECT_EQ(tls.port, 443);
  EXPECT_EQ(tls.path, "/");
  const WebhookTarget v6 = parse_webhook_url("http://[2001:db8::1]:8443/in");
  EXPECT_EQ(v6.host, "2001:db8::1");
  EXPECT_EQ(v6.port, 8443);
  EXPECT_EQ(v6.origin(), "http://[2001:db8::1]:8443");
  EXPECT_EQ(parse_webhook_url("http://h:1/a#frag").path, "/a");
}

TEST(WebhookTargetTest, RefusesWhatIsNotAnHttpUrl) {
  for (const char* url : {"ftp://example.org/", "example.org/hook", "file:///etc/passwd",
                          "http://user:pw@example.org/", "http:///path", "http://h:0/",
                          "http://h:70000/", "http://h:8o/", "http://[::1/"}) {
    try {
      parse_webhook_url(url);
      ADD_FAILURE() << url << " was taken";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::bad_request) << url;
      EXPECT_NE(std::string(e.what()).find("webhook URL"), std::string::npos) << e.what();
    }
  }
}

TEST(WebhookTargetTest, KnowsThePrivateRanges) {
  for (const char* address : {"127.0.0.1",
                              "127.8.9.10",
                              "10.1.2.3",
                              "172.16.0.1",
                              "172.31.255.255",
                              "192.168.1.1",
                              "169.254.169.254",
                              "100.64.0.1",
                              "0.0.0.0",
                              "224.0.0.1",
                              "255.255.255.255",
                              "::1",
                              "::",
                              "fc00::1",
                              "fd12:3456::1",
                              "fe80::1",
                              "ff02::1",
                              "::ffff:127.0.0.1",
                              "::ffff:10.0.0.1",
                              "64:ff9b::a9fe:a9fe",
                              "2001:db8::5",
                              "not an address"}) {
    EXPECT_TRUE(is_private_address(address)) << address;
  }
  for (const char* address : {"8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "100.128.0.1",
                              "2606:4700::1111", "::ffff:8.8.8.8"}) {
    EXPECT_FALSE(is_private_address(address)) << address;
  }
}

TEST(WebhookTargetTest, ALoopbackHostIsRefusedUnlessAllowed) {
  const WebhookTarget local = parse_webhook_url("http://127.0.0.1:9/hook");
  EXPECT_THROW(resolve_webhook_host(local, false), Error);
  EXPECT_EQ(resolve_webhook_host(local, true), std::vector<std::string>{"127.0.0.1"});
  // A name is judged by what it resolves to.
  EXPECT_THROW(resolve_webhook_host(parse_webhook_url("http://localhost/"), false), Error);
}

}  // namespace
}  // namespace gpq::http
