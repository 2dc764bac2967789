// The active API keys of a running server, replaced as a whole when their source's list
// changes: at the first request that presents a key the ring does not know (so a key made
// with `gpq keys create` works at once) and from the key watch (so a revoked key stops within
// its interval). Keys are hashed as KeyService stores them (keys/key_material.h).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "gpq/key_service.h"

#include "http/limits/key_source.h"

namespace gpq::http {

// A presented key the ring knows: its id, and what it may read.
struct KeyMatch {
  std::int64_t id = 0;
  KeyScope scope = KeyScope::api;
};

class KeyRing {
 public:
  // `source` must outlive the ring.
  explicit KeyRing(KeySource& source) : source_(source) {}

  // Loads the source's keys when its version moved since the last load; true when it did.
  // Thread-safe; one load at a time. Throws as the source does.
  bool refresh();

  // The id of the key whose hash matches the presented key's hash. Every stored hash is
  // compared, in constant time each, so that the answer's timing says nothing of which
  // stored key came close.
  std::optional<KeyMatch> find(std::string_view presented) const;

  // As find(), but on a miss the ring refreshes first (a cheap version check when nothing
  // changed). A source that fails counts as unchanged.
  std::optional<KeyMatch> find_or_refresh(std::string_view presented);

  std::size_t size() const;

 private:
  using Keys = std::vector<ActiveKey>;
  std::shared_ptr<const Keys> current() const;

  KeySource& source_;
  std::mutex refresh_mutex_;  // one load at a time; guards loaded_version_
  std::optional<std::int64_t> loaded_version_;
  mutable std::mutex mutex_;  // guards keys_ (the pointer, not what it points to)
  std::shared_ptr<const Keys> keys_ = std::make_shared<const Keys>();
};

}  // namespace gpq::http
