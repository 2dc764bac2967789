// A suite of HTTP tests over one ServedWorld (the known world served by a real `gpq serve`
// without limits): requests under /api/v1, and the CLI on the same database to compare with.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "support/process.h"
#include "support/served_world.h"

namespace gpq::test {

class ServedWorldTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { world_ = new ServedWorld(kUnlimited); }
  static void TearDownTestSuite() {
    delete world_;
    world_ = nullptr;
  }

  HttpResult get(const std::string& path, const HeaderList& headers = {}) {
    return client_->get("/api/v1" + path, headers);
  }

  static ProcessResult cli(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", world_->db().string()});
    return run_gpq(args);
  }

  static inline ServedWorld* world_ = nullptr;
  std::unique_ptr<ApiClient> client_ = world_->client();
  simdjson::dom::parser parser_;
};

}  // namespace gpq::test
