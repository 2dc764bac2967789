// API keys (only their hashes) and the monthly request counts of each key.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpq/key_service.h"
#include "gpq/time.h"

namespace gpq::storage {

class Database;

// The KeyStore of gpq/key_service.h over the api_key table, plus the usage counts the
// server's quota keeps. Each call is one short transaction. Not thread-safe. Throws
// Error{internal}. list(), active() and usage() work on a read-only database.
class ApiKeys final : public KeyStore {
 public:
  explicit ApiKeys(Database& db) : db_(db) {}

  std::int64_t add(std::span<const unsigned char> hash, std::string_view label, KeyScope scope,
                   TimePoint created) override;
  bool revoke(std::int64_t id, TimePoint when) override;
  std::vector<ApiKeyInfo> list(std::string_view month) const override;
  std::vector<ActiveKey> active() const override;

  // A number that moves whenever another connection has committed to the database (SQLite's
  // data_version): a cheap test of whether keys may have changed.
  std::int64_t change_counter() const;

  // Requests counted per key in `month`.
  std::unordered_map<std::int64_t, std::int64_t> usage(std::string_view month) const;
  // Adds each (key id, count) to the month's counts, in one transaction.
  void add_usage(std::string_view month,
                 std::span<const std::pair<std::int64_t, std::int64_t>> counts);

 private:
  Database& db_;
};

}  // namespace gpq::storage
