#include "storage/watches.h"

#include <SQLiteCpp/Statement.h>

#include "storage/database.h"
#include "storage/row_codec.h"

namespace gpq::storage {
namespace {

constexpr std::string_view kInsertWatch = R"sql(
  INSERT INTO watch (url, norad_ids, group_name, kinds, secret, allow_private, created_us,
                     delivered_through)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT coalesce(max(id), 0) FROM change_event)))sql";
constexpr std::string_view kSelectWatches = R"sql(
  SELECT id, url, norad_ids, group_name, kinds, secret, allow_private, created_us,
         delivered_through, attempts, next_attempt_us, delivered, failed, last_status, last_error
  FROM watch ORDER BY id)sql";
constexpr std::string_view kDeleteWatch = "DELETE FROM watch WHERE id = ?1";
constexpr std::string_view kPassed =
    "UPDATE watch SET delivered_through = max(delivered_through, ?2) WHERE id = ?1";
constexpr std::string_view kDelivered = R"sql(
  UPDATE watch SET delivered_through = ?2, delivered = delivered + 1, attempts = 0,
                   next_attempt_us = 0, last_status = ?3, last_error = NULL
  WHERE id = ?1)sql";
constexpr std::string_view kRetryLater = R"sql(
  UPDATE watch SET attempts = ?2, next_attempt_us = ?3, last_status = ?4, last_error = ?5
  WHERE id = ?1)sql";
constexpr std::string_view kGaveUp = R"sql(
  UPDATE watch SET delivered_through = ?2, failed = failed + 1, attempts = 0,
                   next_attempt_us = 0, last_status = ?3, last_error = ?4
  WHERE id = ?1)sql";

std::string id_list(const std::vector<std::int32_t>& ids) {
  std::string text;
  for (const std::int32_t id : ids) {
    text += text.empty() ? "" : ",";
    text += std::to_string(id);
  }
  return text;
}

std::vector<std::int32_t> ids_of(std::string_view text) {
  std::vector<std::int32_t> ids;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    ids.push_back(std::stoi(std::string(text.substr(0, comma))));
    text.remove_prefix(comma == std::string_view::npos ? text.size() : comma + 1);
  }
  return ids;
}

}  // namespace

std::int64_t Watches::add(const Watch& watch) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement insert(db_.connection(), std::string(kInsertWatch));
    insert.bind(1, watch.url);
    insert.bind(2, id_list(watch.filter.norad_ids));
    insert.bind(3, watch.filter.group);
    insert.bind(4, static_cast<int>(watch.filter.kinds));
    insert.bind(5, watch.secret);
    insert.bind(6, watch.allow_private ? 1 : 0);
    insert.bind(7, static_cast<std::int64_t>(watch.created.unix_micros()));
    insert.exec();
    return db_.connection().getLastInsertRowid();
  });
}

std::vector<Watch> Watches::list() const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(kSelectWatches));
    std::vector<Watch> watches;
    while (query.executeStep()) {
      Watch& watch = watches.emplace_back();
      watch.id = query.getColumn(0).getInt64();
      watch.url = query.getColumn(1).getString();
      watch.filter.norad_ids = ids_of(query.getColumn(2).getString());
      watch.filter.group = query.getColumn(3).getString();
      watch.filter.kinds = static_cast<std::uint8_t>(query.getColumn(4).getInt());
      watch.secret = query.getColumn(5).getString();
      watch.allow_private = query.getColumn(6).getInt() != 0;
      watch.created = TimePoint::from_unix_micros(query.getColumn(7).getInt64());
      watch.delivered_through = query.getColumn(8).getInt64();
      watch.attempts = query.getColumn(9).getInt64();
      watch.next_attempt = TimePoint::from_unix_micros(query.getColumn(10).getInt64());
      watch.delivered = query.getColumn(11).getInt64();
      watch.failed = query.getColumn(12).getInt64();
      if (!query.getColumn(13).isNull()) {
        watch.last_status = query.getColumn(13).getInt();
      }
      watch.last_error = query.getColumn(14).getString();
    }
    return watches;
  });
}

bool Watches::remove(std::int64_t id) {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement remove(db_.connection(), std::string(kDeleteWatch));
    remove.bind(1, id);
    return remove.exec() > 0;
  });
}

void Watches::passed(std::int64_t id, std::int64_t through) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(kPassed));
    update.bind(1, id);
    update.bind(2, through);
    update.exec();
  });
}

void Watches::delivered(std::int64_t id, std::int64_t event_id, int status) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(kDelivered));
    update.bind(1, id);
    update.bind(2, event_id);
    update.bind(3, status);
    update.exec();
  });
}

void Watches::retry_later(std::int64_t id, std::int64_t attempts, TimePoint next,
                          std::optional<int> status, std::string_view error) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(kRetryLater));
    update.bind(1, id);
    update.bind(2, attempts);
    update.bind(3, static_cast<std::int64_t>(next.unix_micros()));
    bind_optional(update, 4, status);
    update.bind(5, std::string(error));
    update.exec();
  });
}

void Watches::gave_up(std::int64_t id, std::int64_t event_id, std::optional<int> status,
                      std::string_view error) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement update(db_.connection(), std::string(kGaveUp));
    update.bind(1, id);
    update.bind(2, event_id);
    bind_optional(update, 3, status);
    update.bind(4, std::string(error));
    update.exec();
  });
}

}  // namespace gpq::storage
