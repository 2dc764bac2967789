#include "http/limits/redis_key_store.h"

#include <algorithm>

#include "gpq/error.h"

#include "http/limits/redis_limits.h"

namespace gpq::http {
namespace {

constexpr std::string_view kNext = "gpq:{keys}:next";
constexpr std::string_view kIds = "gpq:{keys}:ids";
constexpr std::string_view kRecordPrefix = "gpq:{keys}:";
constexpr std::string_view kVersion = "gpq:{keys}:version";

// KEYS: next, record prefix, ids, version. ARGV: label, hash, created_us, scope. Returns the
// id.
constexpr std::string_view kAddScript = R"lua(
local id = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2] .. id, 'label', ARGV[1], 'hash', ARGV[2], 'created_us', ARGV[3],
           'scope', ARGV[4])
redis.call('SADD', KEYS[3], id)
redis.call('INCR', KEYS[4])
return id
)lua";

// KEYS: record prefix, version. ARGV: id, revoked_us. 0 when no key has the id; revoking a
// revoked key keeps the first time.
constexpr std::string_view kRevokeScript = R"lua(
local key = KEYS[1] .. ARGV[1]
if redis.call('EXISTS', key) == 0 then return 0 end
if redis.call('HEXISTS', key, 'revoked_us') == 0 then
  redis.call('HSET', key, 'revoked_us', ARGV[2])
  redis.call('INCR', KEYS[2])
end
return 1
)lua";

// KEYS: ids, record prefix. Every key as {id, label, hash, created_us, revoked_us or '',
// scope} (a key stored before scopes existed reads the public API).
constexpr std::string_view kRowsScript = R"lua(
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local f = redis.call('HMGET', KEYS[2] .. id, 'label', 'hash', 'created_us', 'revoked_us',
                       'scope')
  out[#out + 1] = {id, f[1] or '', f[2] or '', f[3] or '0', f[4] or '', f[5] or 'api'}
end
return out
)lua";

template <typename Body>
auto guarded_redis(Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const RedisUnavailable& error) {
    fail(Errc::internal, "the key store does not answer: {}", error.what());
  }
}

}  // namespace

RedisKeyStore::RedisKeyStore(RedisPool& pool)
    : pool_(pool),
      add_(std::string(kAddScript)),
      revoke_(std::string(kRevokeScript)),
      rows_(std::string(kRowsScript)) {}

std::int64_t RedisKeyStore::add(std::span<const unsigned char> hash, std::string_view label,
                                KeyScope scope, TimePoint created) {
  const std::string_view hash_bytes(reinterpret_cast<const char*>(hash.data()), hash.size());
  const std::string created_us = std::to_string(created.unix_micros());
  return guarded_redis([&] {
    return pool_.with([&](RedisConnection& connection) {
      return static_cast<std::int64_t>(
          add_.run(connection, {kNext, kRecordPrefix, kIds, kVersion},
                   {label, hash_bytes, created_us, key_scope_name(scope)})
              .integer);
    });
  });
}

bool RedisKeyStore::revoke(std::int64_t id, TimePoint when) {
  const std::string id_text = std::to_string(id);
  const std::string when_us = std::to_string(when.unix_micros());
  return guarded_redis([&] {
    return pool_.with([&](RedisConnection& connection) {
      return revoke_.run(connection, {kRecordPrefix, kVersion}, {id_text, when_us}).integer == 1;
    });
  });
}

std::vector<RedisKeyStore::Row> RedisKeyStore::rows() const {
  return guarded_redis([&] {
    return pool_.with([&](RedisConnection& connection) {
      const RedisReply reply = rows_.run(connection, {kIds, kRecordPrefix}, {});
      std::vector<Row> rows;
      for (const RedisReply& item : reply.elements) {
        if (item.elements.size() != 6) {
          continue;
        }
        Row& row = rows.emplace_back();
        row.info.id = std::stoll(item.elements[0].text);
        row.info.label = item.elements[1].text;
        row.hash.assign(item.elements[2].text.begin(), item.elements[2].text.end());
        row.info.created = TimePoint::from_unix_micros(std::stoll(item.elements[3].text));
        if (!item.elements[4].text.empty()) {
          row.info.revoked = TimePoint::from_unix_micros(std::stoll(item.elements[4].text));
        }
        // An unknown scope (a newer gpq's) grants nothing this one knows of.
        const std::optional<KeyScope> scope = parse_key_scope(item.elements[5].text);
        if (!scope) {
          rows.pop_back();
          continue;
        }
        row.info.scope = *scope;
      }
      std::sort(rows.begin(), rows.end(),
                [](const Row& a, const Row& b) { return a.info.id < b.info.id; });
      return rows;
    });
  });
}

std::vector<ApiKeyInfo> RedisKeyStore::list(std::string_view month) const {
  std::vector<ApiKeyInfo> keys;
  for (Row& row : rows()) {
    keys.push_back(std::move(row.info));
  }
  guarded_redis([&] {
    pool_.with([&](RedisConnection& connection) {
      for (ApiKeyInfo& key : keys) {
        key.used_this_month = RedisLimits::usage(connection, key.id, month);
      }
      return 0;
    });
  });
  return keys;
}

std::vector<ActiveKey> RedisKeyStore::active() const {
  std::vector<ActiveKey> keys;
  for (Row& row : rows()) {
    if (!row.info.revoked) {
      keys.push_back({row.info.id, std::move(row.hash), row.info.scope});
    }
  }
  return keys;
}

std::vector<ActiveKey> RedisKeyStore::active() {
  return static_cast<const RedisKeyStore&>(*this).active();
}

std::int64_t RedisKeyStore::version() {
  return guarded_redis([&] {
    return pool_.with([&](RedisConnection& connection) {
      const RedisReply reply = connection.checked({"GET", kVersion});
      return reply.type == RedisReply::Type::text ? std::stoll(reply.text) : std::int64_t{0};
    });
  });
}

}  // namespace gpq::http
