#include "cli/redis_option.h"

#include "cli/config_file.h"

namespace gpq::cli {

void add_redis_options(CLI::App& cmd, const std::shared_ptr<RedisChoice>& choice) {
  cmd.add_option("--redis", choice->url,
                 "Share keys, rate limits and quotas with other servers through this Redis: "
                 "redis://HOST:PORT[/DB] or unix:PATH (also $GPQ_REDIS_URL, redis.url)");
  cmd.add_option("--config", choice->config,
                 "Configuration file for redis.url (default: $GPQ_CONFIG, "
                 "$XDG_CONFIG_HOME/gpq/config.toml, else /etc/gpq/config.toml)");
}

std::string redis_url(const RedisChoice& choice) {
  if (!choice.url.empty()) {
    return choice.url;
  }
  return ConfigFile::load_and_warn(choice.config).get("redis.url", "GPQ_REDIS_URL").value_or("");
}

}  // namespace gpq::cli
