#include "support/served_world.h"

#include <stdexcept>

#include <gtest/gtest.h>

#include "support/fixture_db.h"
#include "support/process.h"

namespace gpq::test {

ServedWorld::ServedWorld(const std::vector<std::string>& serve_args) : db_(dir_.path() / "gpq.db") {
  {
    FixtureDb fixture(db_);
    fixture.write_known_world();
  }
  key_ = create_key("tests");
  server_ = std::make_unique<ServeProcess>(db_, serve_args);
}

std::string ServedWorld::create_key(const std::string& label) const {
  const ProcessResult created =
      run_gpq({"--db", db_.string(), "keys", "create", "--label", label, "--quiet"});
  if (created.exit_code != 0 || created.out.size() < 20) {
    ADD_FAILURE() << "gpq keys create failed: " << created.err;
    throw std::runtime_error("gpq keys create failed");
  }
  return created.out.substr(0, created.out.find('\n'));
}

std::unique_ptr<ApiClient> ServedWorld::client() const {
  return client(key_);
}

std::unique_ptr<ApiClient> ServedWorld::client(const std::string& key) const {
  return std::make_unique<ApiClient>(server_->host(), server_->port(), key);
}

void ServedWorld::restart(const std::vector<std::string>& serve_args) {
  server_.reset();
  server_ = std::make_unique<ServeProcess>(db_, serve_args);
}

}  // namespace gpq::test
