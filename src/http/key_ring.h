// The active API keys of a running server, replaced as a whole when the database's list
// changes (`gpq keys create/revoke` take effect within a second, without a restart). The
// list comes from KeyStore::active() (gpq/key_service.h); keys are hashed as KeyService
// stores them (keys/key_material.h).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "gpq/key_service.h"

namespace gpq::http {

class KeyRing {
 public:
  void replace(std::vector<ActiveKey> keys);

  // The id of the key whose hash matches the presented key's hash. Every stored hash is
  // compared, in constant time each, so that the answer's timing says nothing of which
  // stored key came close.
  std::optional<std::int64_t> find(std::string_view presented) const;

  std::size_t size() const;

 private:
  using Keys = std::vector<ActiveKey>;
  std::shared_ptr<const Keys> current() const;

  mutable std::mutex mutex_;  // guards keys_ (the pointer, not what it points to)
  std::shared_ptr<const Keys> keys_ = std::make_shared<const Keys>();
};

}  // namespace gpq::http
