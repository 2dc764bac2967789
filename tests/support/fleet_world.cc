#include "support/fleet_world.h"

#include <regex>
#include <stdexcept>

#include <gtest/gtest.h>

#include "support/fixture_db.h"
#include "support/process.h"

namespace gpq::test {

FleetWorld::FleetWorld(int replicas, std::vector<std::string> serve_args)
    : db_(dir_.path() / "gpq.db") {
  {
    FixtureDb fixture(db_);
    fixture.write_known_world();
  }
  redis_ = std::make_unique<RedisServer>(dir_.path() / "redis", free_loopback_port());
  key_ = create_key("fleet");
  serve_args_ = {"--redis", redis_->url()};
  serve_args_.insert(serve_args_.end(), serve_args.begin(), serve_args.end());
  for (int i = 0; i < replicas; ++i) {
    ports_.push_back(free_loopback_port());
    replicas_.emplace_back();
    start_replica(i);
  }
}

MadeKey FleetWorld::create_key(const std::string& label) const {
  const ProcessResult made =
      run_gpq({"--db", db_.string(), "keys", "create", "--label", label, "--redis", redis_->url()});
  std::smatch match;
  const std::regex shape(R"(^(gpq_\S+)\nkey id (\d+))");
  if (made.exit_code != 0 || !std::regex_search(made.out, match, shape)) {
    ADD_FAILURE() << "gpq keys create --redis failed: " << made.out << made.err;
    throw std::runtime_error("gpq keys create --redis failed");
  }
  return {match[1], match[2]};
}

void FleetWorld::revoke_key(const std::string& id) const {
  const ProcessResult revoked =
      run_gpq({"--db", db_.string(), "keys", "revoke", id, "--redis", redis_->url()});
  ASSERT_EQ(revoked.exit_code, 0) << revoked.err;
}

std::unique_ptr<ApiClient> FleetWorld::client(int replica, const std::string& key) const {
  return std::make_unique<ApiClient>("127.0.0.1", ports_[static_cast<std::size_t>(replica)], key);
}

void FleetWorld::stop_replica(int i) {
  replicas_[static_cast<std::size_t>(i)].reset();
}

void FleetWorld::start_replica(int i) {
  const std::size_t at = static_cast<std::size_t>(i);
  replicas_[at] =
      std::make_unique<ServeProcess>(db_, serve_args_, "127.0.0.1:" + std::to_string(ports_[at]));
}

}  // namespace gpq::test
