// The address of a Redis server as `--redis` and `redis.url` give it:
// redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], or unix:PATH[?db=N] for a local socket.
#pragma once

#include <string>
#include <string_view>

namespace gpq::http {

struct RedisEndpoint {
  std::string host = "127.0.0.1";
  int port = 6379;
  std::string socket_path;  // set: a Unix socket instead of host and port
  int database = 0;
  std::string user;
  std::string password;
  std::string display;  // the URL without the password, for messages
};

// Throws Error{bad_request} naming the URL (without its password) and what is wrong.
RedisEndpoint parse_redis_url(std::string_view url);

}  // namespace gpq::http
