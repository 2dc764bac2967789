// API keys (only their hashes) and the monthly request counts of each key.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpq/time.h"

namespace gpq::storage {

class Database;

struct ApiKeyInfo {
  std::int64_t id = 0;
  std::string label;
  TimePoint created;
  std::optional<TimePoint> revoked;
  std::int64_t used_this_month = 0;  // of the month given to list()
};

struct ActiveKey {
  std::int64_t id = 0;
  std::vector<unsigned char> hash;
};

// Each call is one short transaction. Not thread-safe. Throws Error{internal}.
class ApiKeys {
 public:
  explicit ApiKeys(Database& db) : db_(db) {}

  // Stores a new key's hash; returns its id.
  std::int64_t add(std::span<const unsigned char> hash, std::string_view label, TimePoint created);
  // False when no key has this id. Revoking a revoked key keeps the first time.
  bool revoke(std::int64_t id, TimePoint when);
  // Every key, oldest first; `month` is "YYYY-MM".
  std::vector<ApiKeyInfo> list(std::string_view month) const;
  std::vector<ActiveKey> active() const;

  // Requests counted per key in `month`.
  std::unordered_map<std::int64_t, std::int64_t> usage(std::string_view month) const;
  // Adds each (key id, count) to the month's counts, in one transaction.
  void add_usage(std::string_view month,
                 std::span<const std::pair<std::int64_t, std::int64_t>> counts);

 private:
  Database& db_;
};

}  // namespace gpq::storage
