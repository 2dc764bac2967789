#include "http/limits/redis_url.h"

#include <gtest/gtest.h>

#include "support/expect_error.h"

namespace gpq::http {
namespace {

TEST(RedisUrlTest, ReadsEveryPart) {
  struct Case {
    const char* url;
    const char* host;
    int port;
    int database;
    const char* password;
    const char* display;
  };
  const Case cases[] = {
      {"redis://127.0.0.1:6379", "127.0.0.1", 6379, 0, "", "redis://127.0.0.1:6379"},
      {"redis://cache.local", "cache.local", 6379, 0, "", "redis://cache.local"},
      {"redis://10.0.0.5:7000/3", "10.0.0.5", 7000, 3, "", "redis://10.0.0.5:7000/3"},
      {"redis://:s3cret@10.0.0.5:7000/1", "10.0.0.5", 7000, 1, "s3cret", "redis://10.0.0.5:7000/1"},
      {"redis://[::1]:6380", "::1", 6380, 0, "", "redis://[::1]:6380"},
  };
  for (const Case& c : cases) {
    const RedisEndpoint endpoint = parse_redis_url(c.url);
    EXPECT_EQ(endpoint.host, c.host) << c.url;
    EXPECT_EQ(endpoint.port, c.port) << c.url;
    EXPECT_EQ(endpoint.database, c.database) << c.url;
    EXPECT_EQ(endpoint.password, c.password) << c.url;
    EXPECT_EQ(endpoint.display, c.display) << c.url;
  }
  const RedisEndpoint local = parse_redis_url("unix:/run/redis/redis.sock?db=2");
  EXPECT_EQ(local.socket_path, "/run/redis/redis.sock");
  EXPECT_EQ(local.database, 2);
}

TEST(RedisUrlTest, RefusesWhatItCannotReadWithoutShowingThePassword) {
  EXPECT_GPQ_ERROR(parse_redis_url("http://x:1"), Errc::bad_request,
                   "--redis: expected redis://HOST:PORT[/DB] or unix:PATH, not 'http://x:1'");
  EXPECT_GPQ_ERROR(parse_redis_url("redis://:pw@h:99999"), Errc::bad_request,
                   "--redis 'redis://h:99999': the port is a number from 1 to 65535");
  EXPECT_GPQ_ERROR(parse_redis_url("redis://h:1/x"), Errc::bad_request,
                   "--redis 'redis://h:1/x': the database after '/' is a number");
  EXPECT_GPQ_ERROR(parse_redis_url("redis://:1"), Errc::bad_request,
                   "--redis 'redis://:1': no host");
}

}  // namespace
}  // namespace gpq::http
