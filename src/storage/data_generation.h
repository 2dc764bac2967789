// The data generation (meta 'generation') as one connection sees it, for the store's check
// of its index and caches on every query: both statements are prepared once, at the first
// read (a query that never asks, such as one object's latest set, prepares neither).
#pragma once

#include <cstdint>

#include "storage/lazy_statement.h"

namespace gpq::storage {

class Database;

// Not thread-safe: one per connection, used by the thread holding that connection.
class DataGeneration {
 public:
  // `db` must outlive this object.
  explicit DataGeneration(Database& db);

  // The generation as of now, commits of other connections included. Throws Error{internal}
  // on database failure.
  std::int64_t read();

 private:
  Database& db_;
  LazyStatement data_version_;
  LazyStatement generation_;
  std::int64_t seen_version_ = -1;     // PRAGMA data_version at the last read
  std::int64_t seen_generation_ = -1;  // the generation at that read
};

}  // namespace gpq::storage
