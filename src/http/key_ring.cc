#include "http/key_ring.h"

#include "keys/key_material.h"

namespace gpq::http {

void KeyRing::replace(std::vector<ActiveKey> keys) {
  auto fresh = std::make_shared<const Keys>(std::move(keys));
  const std::lock_guard lock(mutex_);
  keys_ = std::move(fresh);
}

std::shared_ptr<const KeyRing::Keys> KeyRing::current() const {
  const std::lock_guard lock(mutex_);
  return keys_;
}

std::optional<std::int64_t> KeyRing::find(std::string_view presented) const {
  if (presented.empty()) {
    return std::nullopt;
  }
  const KeyHash hash = keys::hash_api_key(presented);
  std::optional<std::int64_t> found;
  for (const ActiveKey& key : *current()) {
    if (keys::same_hash(hash, key.hash)) {
      found = key.id;
    }
  }
  return found;
}

std::size_t KeyRing::size() const { return current()->size(); }

}  // namespace gpq::http
