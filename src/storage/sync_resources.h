// What a sync remembers of each upstream resource between runs (sync_resource table).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gpq/time.h"

namespace gpq::storage {

class Database;

struct ResourceState {
  std::string name;                  // "celestrak GROUP=stations", ...
  std::optional<TimePoint> checked;  // last time the upstream answered 200 or "not modified"
  std::string etag;                  // validators to send back (empty: none)
  std::string last_modified;
  std::optional<TimePoint> cursor;  // history walks: everything up to here is in
};

// Each call is one short statement. Not thread-safe. Throws Error{internal}.
class SyncResources {
 public:
  explicit SyncResources(Database& db) : db_(db) {}

  // A fresh state (only the name) when the resource was never synced.
  ResourceState get(std::string_view name) const;
  void put(const ResourceState& state);

 private:
  Database& db_;
};

}  // namespace gpq::storage
