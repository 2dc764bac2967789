// The fixture world (fixture_db.h) in a database with one API key, served by a real
// `gpq serve` on a free loopback port: the common ground of the HTTP tests.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "support/api_client.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {

class ServedWorld {
 public:
  // Writes the known world, creates a key, starts the server with `serve_args`.
  explicit ServedWorld(const std::vector<std::string>& serve_args = {});

  // A client sending the world's key (or `key`).
  std::unique_ptr<ApiClient> client() const;
  std::unique_ptr<ApiClient> client(const std::string& key) const;

  // Restarts the server on the same database (a new port).
  void restart(const std::vector<std::string>& serve_args = {});

  // Creates another key through the CLI; returns it.
  std::string create_key(const std::string& label) const;

  const std::filesystem::path& db() const { return db_; }
  const std::string& key() const { return key_; }
  ServeProcess& server() { return *server_; }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
  std::filesystem::path db_;
  std::string key_;
  std::unique_ptr<ServeProcess> server_;
};

// Limits high enough that a test of endpoints never meets them.
inline const std::vector<std::string> kUnlimited = {
    "--rate", "100000", "--burst", "100000", "--heavy-rate", "100000", "--heavy-burst", "100000"};

}  // namespace gpq::test
