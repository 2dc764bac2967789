// Where a running server's keys come from: the database (SqliteKeySource) or a shared Redis
// (RedisKeyStore). The ring (key_ring.h) asks for the list again only when version() moved,
// so that a key created anywhere works at its first request, and the key watch
// (key_watch.h) polls version() so that a revoked key stops within its interval.
#pragma once

#include <cstdint>
#include <vector>

#include "gpq/key_service.h"

namespace gpq::http {

class KeySource {
 public:
  virtual ~KeySource() = default;
  // A number that moves whenever keys are created or revoked (it may move for other reasons
  // too). Cheap. Thread-safe. Throws Error or RedisUnavailable when the store fails.
  virtual std::int64_t version() = 0;
  // The keys not revoked. Thread-safe. Throws as version().
  virtual std::vector<ActiveKey> active() = 0;
};

}  // namespace gpq::http
