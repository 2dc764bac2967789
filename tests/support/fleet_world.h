// A fleet on loopback: a real redis-server, N `gpq serve --redis` replicas over the fixture
// world (one database file, as replicas of one box would read it), and a key made through
// `gpq keys create --redis`. The common ground of the fleet tests.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "support/api_client.h"
#include "support/daemon_process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {

struct MadeKey {
  std::string key;
  std::string id;
};

class FleetWorld {
 public:
  // Starts Redis and `replicas` servers, each with `serve_args` after --redis.
  FleetWorld(int replicas, std::vector<std::string> serve_args = {});

  // `gpq keys create --redis`: the new key and its id.
  MadeKey create_key(const std::string& label) const;
  // `gpq keys revoke ID --redis`.
  void revoke_key(const std::string& id) const;

  std::unique_ptr<ApiClient> client(int replica, const std::string& key) const;
  std::unique_ptr<ApiClient> client(int replica) const { return client(replica, key_.key); }

  // Stops replica `i` (SIGTERM, requests in flight finish) and starts it again on its port.
  void stop_replica(int i);
  void start_replica(int i);

  RedisServer& redis() { return *redis_; }
  const std::vector<int>& ports() const { return ports_; }
  ServeProcess& replica(int i) { return *replicas_[static_cast<std::size_t>(i)]; }
  const MadeKey& key() const { return key_; }
  const TempDir& dir() const { return dir_; }
  const std::filesystem::path& db() const { return db_; }

 private:
  TempDir dir_;
  std::filesystem::path db_;
  std::unique_ptr<RedisServer> redis_;
  std::vector<std::string> serve_args_;
  std::vector<int> ports_;
  std::vector<std::unique_ptr<ServeProcess>> replicas_;
  MadeKey key_;
};

}  // namespace gpq::test
