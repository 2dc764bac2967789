#include "http/limits/key_ring.h"

#include <exception>

#include "keys/key_material.h"

namespace gpq::http {

bool KeyRing::refresh() {
  const std::lock_guard refreshing(refresh_mutex_);
  // The version first: a change while the list is read moves it again, and the next refresh
  // loads once more.
  const std::int64_t version = source_.version();
  if (loaded_version_ == version) {
    return false;
  }
  auto fresh = std::make_shared<const Keys>(source_.active());
  {
    const std::lock_guard lock(mutex_);
    keys_ = std::move(fresh);
  }
  loaded_version_ = version;
  return true;
}

std::shared_ptr<const KeyRing::Keys> KeyRing::current() const {
  const std::lock_guard lock(mutex_);
  return keys_;
}

std::optional<KeyMatch> KeyRing::find(std::string_view presented) const {
  if (presented.empty()) {
    return std::nullopt;
  }
  const KeyHash hash = keys::hash_api_key(presented);
  std::optional<KeyMatch> found;
  for (const ActiveKey& key : *current()) {
    if (keys::same_hash(hash, key.hash)) {
      found = KeyMatch{key.id, key.scope};
    }
  }
  return found;
}

std::optional<KeyMatch> KeyRing::find_or_refresh(std::string_view presented) {
  std::optional<KeyMatch> found = find(presented);
  if (found || presented.empty()) {
    return found;
  }
  try {
    refresh();
  } catch (const std::exception&) {
    // The watch reports the failure; this request is refused as unknown.
  }
  // Again even when this refresh loaded nothing: the watch may have loaded the key between
  // the miss and the refresh.
  return find(presented);
}

std::size_t KeyRing::size() const {
  return current()->size();
}

}  // namespace gpq::http
