#include "http/server/client_address.h"

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

TEST(ClientAddressTest, BelievesXForwardedForOnlyFromTrustedProxies) {
  const std::vector<std::string> trusted = {"127.0.0.1", "10.0.0.2"};
  struct Case {
    const char* peer;
    const char* forwarded_for;
    const char* client;
  };
  const Case cases[] = {
      {"203.0.113.9", "", "203.0.113.9"},
      {"203.0.113.9", "198.51.100.1", "203.0.113.9"},  // a client cannot name another
      {"127.0.0.1", "", "127.0.0.1"},
      {"127.0.0.1", "198.51.100.1", "198.51.100.1"},
      {"127.0.0.1", "6.6.6.6, 198.51.100.1", "198.51.100.1"},   // the proxy's entry is the last
      {"127.0.0.1", "198.51.100.1, 10.0.0.2", "198.51.100.1"},  // through two trusted proxies
      {"127.0.0.1", " 10.0.0.2 ,", "10.0.0.2"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(client_address(c.peer, c.forwarded_for, trusted), c.client)
        << c.peer << " / " << c.forwarded_for;
  }
}

}  // namespace
}  // namespace gpq::http
