// --redis URL of `gpq serve` and `gpq keys`: the flag, else $GPQ_REDIS_URL, else `redis.url`
// in the configuration file (config_file.h). Empty: no Redis, the database's keys and limits.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace gpq::cli {

struct RedisChoice {
  std::string url;                    // --redis as given
  std::optional<std::string> config;  // --config as given
};

// Adds --redis and --config to `cmd`, storing into `choice`.
void add_redis_options(CLI::App& cmd, const std::shared_ptr<RedisChoice>& choice);

// The URL to use, or "" for none. Throws Error{bad_request} for an unreadable configuration file.
std::string redis_url(const RedisChoice& choice);

}  // namespace gpq::cli
