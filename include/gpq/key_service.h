// The API keys `gpq serve` accepts: the one home of the rules for making, listing and
// revoking them, used by `gpq keys` and read by the server through the same KeyStore.
//
// Where each piece lives: the rules here (core, fmt only); the rows behind KeyStore in
// storage (storage/api_keys.h); the secret itself - random bytes, SHA-256, constant-time
// comparison - behind KeyMinter in src/keys (gpq_keys, the only piece that links OpenSSL),
// which `gpq-net` and the server link and `gpq` does not.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/time.h"

namespace gpq {

using KeyHash = std::array<unsigned char, 32>;

// What a key may read: the public API, or only the change stream replicas pull
// (docs/REPLICAS.md). Neither reads what the other does.
#define GPQ_KEY_SCOPES(ROW) ROW(api, "api") ROW(replication, "replication")

enum class KeyScope : std::uint8_t {
#define GPQ_KEY_SCOPE_ENUMERATOR(name, text) name,
  GPQ_KEY_SCOPES(GPQ_KEY_SCOPE_ENUMERATOR)
#undef GPQ_KEY_SCOPE_ENUMERATOR
};
std::string_view key_scope_name(KeyScope scope) noexcept;
// A row's name, as written; std::nullopt for anything else.
std::optional<KeyScope> parse_key_scope(std::string_view name) noexcept;
// Every scope's name, in the table's order: for the CLI's choice of --scope.
std::vector<std::string_view> key_scope_names();

struct ApiKeyInfo {
  std::int64_t id = 0;
  std::string label;
  TimePoint created;
  std::optional<TimePoint> revoked;
  std::int64_t used_this_month = 0;  // of the month given to KeyStore::list()
  KeyScope scope = KeyScope::api;
};

struct ActiveKey {
  std::int64_t id = 0;
  std::vector<unsigned char> hash;
  KeyScope scope = KeyScope::api;
};

// The stored keys (only their hashes). Throws Error{internal} when the store fails.
class KeyStore {
 public:
  virtual ~KeyStore() = default;
  // Stores a new key's hash; returns its id.
  virtual std::int64_t add(std::span<const unsigned char> hash, std::string_view label,
                           KeyScope scope, TimePoint created) = 0;
  // False when no key has this id. Revoking a revoked key keeps the first time.
  virtual bool revoke(std::int64_t id, TimePoint when) = 0;
  // Every key, oldest first, with its use in `month` ("YYYY-MM").
  virtual std::vector<ApiKeyInfo> list(std::string_view month) const = 0;
  // The keys not revoked.
  virtual std::vector<ActiveKey> active() const = 0;
};

// Makes new keys and hashes presented ones.
class KeyMinter {
 public:
  virtual ~KeyMinter() = default;
  // A new secret key. Throws Error{internal} when the random source fails.
  virtual std::string generate() const = 0;
  virtual KeyHash hash(std::string_view key) const = 0;
};

struct NewKey {
  std::string key;  // shown once; only its hash is stored
  std::int64_t id = 0;
};

struct KeyListing {
  std::string month;  // the month `used_this_month` counts
  std::vector<ApiKeyInfo> keys;
};

class KeyService {
 public:
  // Both must outlive the service.
  KeyService(KeyStore& store, const KeyMinter& minter) : store_(store), minter_(minter) {}

  // Throws Error{bad_request} when the label is longer than 200 characters.
  NewKey create(std::string_view label, KeyScope scope, TimePoint now);
  // Every key, with its use in the month of `now`.
  KeyListing list(TimePoint now) const;
  // Throws Error{not_found} when no key has `id`.
  void revoke(std::int64_t id, TimePoint now);

 private:
  KeyStore& store_;
  const KeyMinter& minter_;
};

}  // namespace gpq
