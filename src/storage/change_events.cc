// change_event, event_mark and the noticer's meta marks (schema_sql.h migration 11).
#include "storage/change_events.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include "storage/database.h"
#include "storage/row_codec.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

constexpr std::string_view kSelectMark =
    "SELECT coalesce((SELECT value FROM meta WHERE key = ?1), 0)";
constexpr std::string_view kSetMark = R"sql(
  INSERT INTO meta (key, value) VALUES (?1, (SELECT value FROM meta WHERE key = 'generation'))
  ON CONFLICT (key) DO UPDATE SET value = excluded.value)sql";
constexpr std::string_view kSelectNewestSets = R"sql(
  SELECT norad_id, source, epoch_us FROM latest WHERE generation > ?1
  ORDER BY norad_id, source)sql";
// A record replaced in the same commit by one with a DECAY date, where the replaced one had
// none (satcat_version keeps what a commit replaced, with that commit's generation).
constexpr std::string_view kSelectCatalogDecays = R"sql(
  SELECT s.norad_id, s.decay_us FROM satcat s
  WHERE s.generation > ?1 AND s.decay_us IS NOT NULL
    AND EXISTS (SELECT 1 FROM satcat_version v
                WHERE v.norad_id = s.norad_id AND v.generation = s.generation
                  AND v.decay_us IS NULL)
  ORDER BY s.norad_id)sql";
constexpr std::string_view kSelectEventMark =
    "SELECT epoch_us FROM event_mark WHERE norad_id = ?1 AND source = ?2";
constexpr std::string_view kUpsertEventMark = R"sql(
  INSERT INTO event_mark (norad_id, source, epoch_us) VALUES (?1, ?2, ?3)
  ON CONFLICT (norad_id, source) DO UPDATE SET epoch_us = excluded.epoch_us)sql";
#define GPQ_EVENT_COLUMNS                                                            \
  "kind, norad_id, source, epoch_us, committed_us, time_us, element, size, sigmas, " \
  "before_epoch_us, before_source, reentry_earliest_us, reentry_latest_us"
constexpr std::string_view kInsertEvent =
    "INSERT INTO change_event (" GPQ_EVENT_COLUMNS
    ", generation) VALUES (?1, ?2, ?3, ?4, ?5, ?6,"
    " ?7, ?8, ?9, ?10, ?11, ?12, ?13, " GPQ_THIS_GENERATION ")";
constexpr std::string_view kPruneEvents = "DELETE FROM change_event WHERE committed_us < ?1";
constexpr std::string_view kSelectEventsAfter =
    "SELECT id, " GPQ_EVENT_COLUMNS " FROM change_event WHERE id > ?1 ORDER BY id LIMIT ?2";
constexpr std::string_view kSelectNewestEvent = "SELECT coalesce(max(id), 0) FROM change_event";
constexpr std::string_view kSelectOldestEvent = "SELECT coalesce(min(id), 0) FROM change_event";

void bind_event(SQLite::Statement& insert, const ChangeEvent& event, TimePoint now) {
  insert.bind(1, static_cast<int>(event.kind));
  insert.bind(2, event.norad_id);
  insert.bind(3, source_code(event.source));
  insert.bind(4, static_cast<std::int64_t>(event.epoch.unix_micros()));
  insert.bind(5, static_cast<std::int64_t>(now.unix_micros()));
  for (int column = 6; column <= 13; ++column) {
    insert.bind(column);
  }
  if (const std::optional<OrbitEvent>& orbit = event.orbit) {
    insert.bind(6, static_cast<std::int64_t>(orbit->time.unix_micros()));
    insert.bind(7, static_cast<int>(orbit->element));
    insert.bind(8, orbit->size);
    insert.bind(9, orbit->sigmas);
    insert.bind(10, static_cast<std::int64_t>(orbit->before.epoch.unix_micros()));
    insert.bind(11, source_code(orbit->before.source));
    bind_optional(insert, 12, orbit->reentry_earliest);
    bind_optional(insert, 13, orbit->reentry_latest);
  }
}

ChangeEvent read_event(SQLite::Statement& query) {
  ChangeEvent event;
  event.id = query.getColumn(0).getInt64();
  event.kind = static_cast<ChangeKind>(query.getColumn(1).getInt());
  event.norad_id = query.getColumn(2).getInt();
  event.source = source_of_code(query.getColumn(3).getInt());
  event.epoch = TimePoint::from_unix_micros(query.getColumn(4).getInt64());
  event.committed = TimePoint::from_unix_micros(query.getColumn(5).getInt64());
  if (const std::optional<TimePoint> time = read_optional_time(query.getColumn(6))) {
    OrbitEvent& orbit = event.orbit.emplace();
    orbit.time = *time;
    orbit.kind = event.kind == ChangeKind::decay ? EventKind::decay : EventKind::manoeuvre;
    orbit.element = static_cast<EventElement>(query.getColumn(7).getInt());
    orbit.size = query.getColumn(8).getDouble();
    orbit.sigmas = query.getColumn(9).getDouble();
    orbit.before.epoch = TimePoint::from_unix_micros(query.getColumn(10).getInt64());
    orbit.before.source = source_of_code(query.getColumn(11).getInt());
    orbit.after.epoch = event.epoch;
    orbit.after.source = event.source;
    orbit.reentry_earliest = read_optional_time(query.getColumn(12));
    orbit.reentry_latest = read_optional_time(query.getColumn(13));
  }
  return event;
}

}  // namespace

std::int64_t ChangeEventLog::through(std::string_view mark) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(kSelectMark));
    query.bind(1, std::string(mark));
    query.executeStep();
    return query.getColumn(0).getInt64();
  });
}

std::vector<NewestSet> ChangeEventLog::newest_sets_after(std::int64_t generation) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(kSelectNewestSets));
    query.bind(1, generation);
    std::vector<NewestSet> sets;
    while (query.executeStep()) {
      sets.push_back({query.getColumn(0).getInt(), source_of_code(query.getColumn(1).getInt()),
                      query.getColumn(2).getInt64()});
    }
    return sets;
  });
}

std::vector<CatalogDecay> ChangeEventLog::catalog_decays_after(std::int64_t generation) const {
  return with_database_errors(db_.path(), [&] {
    SQLite::Statement query(db_.connection(), std::string(kSelectCatalogDecays));
    query.bind(1, generation);
    std::vector<CatalogDecay> decays;
    while (query.executeStep()) {
      decays.push_back({query.getColumn(0).getInt(), query.getColumn(1).getInt64()});
    }
    return decays;
  });
}

std::optional<std::int64_t> ChangeEventLog::mark(std::int32_t norad_id, DataSource source) const {
  return with_database_errors(db_.path(), [&]() -> std::optional<std::int64_t> {
    SQLite::Statement query(db_.connection(), std::string(kSelectEventMark));
    query.bind(1, norad_id);
    query.bind(2, source_code(source));
    if (!query.executeStep()) {
      return std::nullopt;
    }
    return query.getColumn(0).getInt64();
  });
}

void ChangeEventLog::record(std::span<const ChangeEvent> events, std::span<const NewestSet> marks,
                            std::string_view mark, TimePoint now, TimePoint keep_from) {
  with_database_errors(db_.path(), [&] {
    SQLite::Transaction transaction(db_.connection(), SQLite::TransactionBehavior::IMMEDIATE);
    if (!events.empty()) {
      db_.connection().exec(std::string(sql::kBumpGeneration));
      SQLite::Statement insert(db_.connection(), std::string(kInsertEvent));
      for (const ChangeEvent& event : events) {
        insert.reset();
        bind_event(insert, event, now);
        insert.exec();
      }
    }
    SQLite::Statement upsert(db_.connection(), std::string(kUpsertEventMark));
    for (const NewestSet& set : marks) {
      upsert.reset();
      upsert.bind(1, set.norad_id);
      upsert.bind(2, source_code(set.source));
      upsert.bind(3, static_cast<std::int64_t>(set.epoch_us));
      upsert.exec();
    }
    SQLite::Statement set_mark(db_.connection(), std::string(kSetMark));
    set_mark.bind(1, std::string(mark));
    set_mark.exec();
    SQLite::Statement prune(db_.connection(), std::string(kPruneEvents));
    prune.bind(1, static_cast<std::int64_t>(keep_from.unix_micros()));
    prune.exec();
    transaction.commit();
  });
}

void ChangeEventLog::prune(TimePoint keep_from) {
  with_database_errors(db_.path(), [&] {
    SQLite::Statement prune(db_.connection(), std::string(kPruneEvents));
    prune.bind(1, static_cast<std::int64_t>(keep_from.unix_micros()));
    prune.exec();
  });
}

ChangeEventReader::ChangeEventReader(const std::filesystem::path& path)
    : db_(Database::open(path, Database::Mode::read_only)) {}

ChangeEventReader::~ChangeEventReader() = default;

std::vector<ChangeEvent> ChangeEventReader::after(std::int64_t after, std::size_t limit) {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(kSelectEventsAfter));
    query.bind(1, after);
    query.bind(2, static_cast<std::int64_t>(limit));
    std::vector<ChangeEvent> events;
    while (query.executeStep()) {
      events.push_back(read_event(query));
    }
    return events;
  });
}

std::int64_t ChangeEventReader::newest_id() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(kSelectNewestEvent));
    query.executeStep();
    return query.getColumn(0).getInt64();
  });
}

std::int64_t ChangeEventReader::oldest_id() {
  return with_database_errors(db_->path(), [&] {
    SQLite::Statement query(db_->connection(), std::string(kSelectOldestEvent));
    query.executeStep();
    return query.getColumn(0).getInt64();
  });
}

}  // namespace gpq::storage
