// The webhooks of `gpq watch` (docs/STREAM.md "Webhooks") in and out of the `watch` table:
// what each follows, and how far its deliveries have come. Each call is one short statement or
// transaction. Not thread-safe. Throws Error{internal}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/time.h"
#include "gpq/watch.h"

namespace gpq::storage {

class Database;

using Watch = gpq::Watch;

class Watches {
 public:
  explicit Watches(Database& db) : db_(db) {}

  // Records `watch` (its id and counts ignored); it follows the changes after the newest
  // recorded now. Returns its id.
  std::int64_t add(const Watch& watch);
  std::vector<Watch> list() const;
  // False when no watch has that id.
  bool remove(std::int64_t id);

  // The events up to `through` needed no delivery (the filter admits none of them).
  void passed(std::int64_t id, std::int64_t through);
  void delivered(std::int64_t id, std::int64_t event_id, int status);
  void retry_later(std::int64_t id, std::int64_t attempts, TimePoint next,
                   std::optional<int> status, std::string_view error);
  void gave_up(std::int64_t id, std::int64_t event_id, std::optional<int> status,
               std::string_view error);

 private:
  Database& db_;
};

}  // namespace gpq::storage
