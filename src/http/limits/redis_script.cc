#include "http/limits/redis_script.h"

namespace gpq::http {

std::string RedisScript::load(RedisConnection& connection) {
  std::string sha = connection.checked({"SCRIPT", "LOAD", source_}).text;
  const std::lock_guard lock(mutex_);
  sha_ = sha;
  return sha;
}

RedisReply RedisScript::run(RedisConnection& connection, const std::vector<std::string_view>& keys,
                            const std::vector<std::string_view>& args) {
  std::string sha;
  {
    const std::lock_guard lock(mutex_);
    sha = sha_;
  }
  if (sha.empty()) {
    sha = load(connection);
  }
  const std::string key_count = std::to_string(keys.size());
  std::vector<std::string_view> command{"EVALSHA", sha, key_count};
  command.insert(command.end(), keys.begin(), keys.end());
  command.insert(command.end(), args.begin(), args.end());
  RedisReply reply = connection.command(command);
  if (reply.is_error() && reply.text.starts_with("NOSCRIPT")) {
    sha = load(connection);
    command[1] = sha;
    reply = connection.command(command);
  }
  if (reply.is_error()) {
    throw RedisUnavailable("Redis script failed: " + reply.text);
  }
  return reply;
}

}  // namespace gpq::http
