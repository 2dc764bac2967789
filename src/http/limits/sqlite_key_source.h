// The keys of the database `gpq keys` writes, read through a connection of their own:
// version() is SQLite's data_version, which moves at every commit of another connection.
#pragma once

#include <memory>
#include <mutex>

#include "http/limits/key_source.h"
#include "storage/database.h"

namespace gpq::http {

class SqliteKeySource final : public KeySource {
 public:
  explicit SqliteKeySource(std::unique_ptr<storage::Database> reader)
      : reader_(std::move(reader)) {}

  std::int64_t version() override;
  std::vector<ActiveKey> active() override;

 private:
  std::mutex mutex_;  // the connection is used by one thread at a time
  std::unique_ptr<storage::Database> reader_;
};

}  // namespace gpq::http
