// A Lua script run with EVALSHA: loaded once with SCRIPT LOAD, and loaded again when Redis
// answers NOSCRIPT (it restarted, or SCRIPT FLUSH ran), so that every call is one round trip.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "http/limits/redis_connection.h"

namespace gpq::http {

class RedisScript {
 public:
  explicit RedisScript(std::string source) : source_(std::move(source)) {}

  // EVALSHA with `keys` and `args`. Throws RedisUnavailable, also on a script error.
  RedisReply run(RedisConnection& connection, const std::vector<std::string_view>& keys,
                 const std::vector<std::string_view>& args);

 private:
  std::string load(RedisConnection& connection);

  std::string source_;
  std::mutex mutex_;  // guards sha_
  std::string sha_;
};

}  // namespace gpq::http
