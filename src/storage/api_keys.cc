// api_key and api_usage rows in and out.
#include "storage/api_keys.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include "storage/database.h"
#include "storage/sql.h"

namespace gpq::storage {

std::int64_t ApiKeys::add(std::span<const unsigned char> hash, std::string_view label,
                          KeyScope scope, TimePoint created) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement insert(db_.connection(), std::string(sql::kInsertApiKey));
    insert.bind(1, std::string(label));
    insert.bind(2, hash.data(), static_cast<int>(hash.size()));
    insert.bind(3, static_cast<std::int64_t>(created.unix_micros()));
    insert.bind(4, std::string(key_scope_name(scope)));
    insert.exec();
    return static_cast<std::int64_t>(db_.connection().getLastInsertRowid());
  });
}

bool ApiKeys::revoke(std::int64_t id, TimePoint when) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(sql::kRevokeApiKey));
    update.bind(1, static_cast<std::int64_t>(id));
    update.bind(2, static_cast<std::int64_t>(when.unix_micros()));
    return update.exec() == 1;
  });
}

std::vector<ApiKeyInfo> ApiKeys::list(std::string_view month) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectApiKeys));
    query.bind(1, std::string(month));
    std::vector<ApiKeyInfo> keys;
    while (query.executeStep()) {
      ApiKeyInfo& key = keys.emplace_back();
      key.id = query.getColumn(0).getInt64();
      key.label = query.getColumn(1).getString();
      key.created = TimePoint::from_unix_micros(query.getColumn(2).getInt64());
      if (!query.getColumn(3).isNull()) {
        key.revoked = TimePoint::from_unix_micros(query.getColumn(3).getInt64());
      }
      key.used_this_month = query.getColumn(4).getInt64();
      key.scope = parse_key_scope(query.getColumn(5).getString()).value_or(KeyScope::api);
    }
    return keys;
  });
}

std::vector<ActiveKey> ApiKeys::active() const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectActiveKeyHashes));
    std::vector<ActiveKey> keys;
    while (query.executeStep()) {
      ActiveKey& key = keys.emplace_back();
      key.id = query.getColumn(0).getInt64();
      const SQLite::Column hash = query.getColumn(1);
      const auto* bytes = static_cast<const unsigned char*>(hash.getBlob());
      key.hash.assign(bytes, bytes + hash.getBytes());
      key.scope = parse_key_scope(query.getColumn(2).getString()).value_or(KeyScope::api);
    }
    return keys;
  });
}

std::int64_t ApiKeys::change_counter() const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kDataVersion));
    query.executeStep();
    return static_cast<std::int64_t>(query.getColumn(0).getInt64());
  });
}

std::unordered_map<std::int64_t, std::int64_t> ApiKeys::usage(std::string_view month) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(sql::kSelectUsage));
    query.bind(1, std::string(month));
    std::unordered_map<std::int64_t, std::int64_t> counts;
    while (query.executeStep()) {
      counts[query.getColumn(0).getInt64()] = query.getColumn(1).getInt64();
    }
    return counts;
  });
}

void ApiKeys::add_usage(std::string_view month,
                        std::span<const std::pair<std::int64_t, std::int64_t>> counts) {
  if (counts.empty()) {
    return;
  }
  with_database_errors(db_.path(), [&] {
    SQLite::Transaction transaction(db_.connection(), SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement upsert(db_.connection(), std::string(sql::kAddUsage));
    for (const auto& [key_id, count] : counts) {
      upsert.reset();
      upsert.bind(1, static_cast<std::int64_t>(key_id));
      upsert.bind(2, std::string(month));
      upsert.bind(3, static_cast<std::int64_t>(count));
      upsert.exec();
    }
    transaction.commit();
  });
}

}  // namespace gpq::storage
