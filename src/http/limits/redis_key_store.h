// API keys kept in a shared Redis, for a fleet: `gpq keys --redis URL` writes them and every
// `gpq serve --redis URL` reads them. Only hashes are stored, as in the database.
//
// Keys (one hash tag, so the whole key list sits in one Redis Cluster slot):
//   gpq:{keys}:next      the last id given
//   gpq:{keys}:ids       set of every id
//   gpq:{keys}:<id>      hash: label, hash (32 bytes), created_us, revoked_us
//   gpq:{keys}:version   moves at every create and revoke (KeySource::version)
#pragma once

#include "gpq/key_service.h"

#include "http/limits/key_source.h"
#include "http/limits/redis_connection.h"
#include "http/limits/redis_script.h"

namespace gpq::http {

// Throws Error{internal} naming Redis when it does not answer.
class RedisKeyStore final : public KeyStore, public KeySource {
 public:
  // `pool` must outlive this object.
  explicit RedisKeyStore(RedisPool& pool);

  std::int64_t add(std::span<const unsigned char> hash, std::string_view label, KeyScope scope,
                   TimePoint created) override;
  bool revoke(std::int64_t id, TimePoint when) override;
  std::vector<ApiKeyInfo> list(std::string_view month) const override;
  std::vector<ActiveKey> active() override;
  std::int64_t version() override;

  // KeyStore's const active(), for the same list.
  std::vector<ActiveKey> active() const override;

 private:
  struct Row {
    ApiKeyInfo info;
    std::vector<unsigned char> hash;
  };
  std::vector<Row> rows() const;

  RedisPool& pool_;
  mutable RedisScript add_;
  mutable RedisScript revoke_;
  mutable RedisScript rows_;
};

}  // namespace gpq::http
