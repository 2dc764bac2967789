// Reader: the element set reads (newest, windows of history, neighbours of an epoch).
// Every statement is prepared once, bound by index and reset after use.
#include "storage/reader.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "storage/database.h"
#include "storage/row_codec.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// The millisecond an epoch prints as; the same arithmetic as sql.h's GPQ_MILLIS.
std::int64_t millis(std::int64_t epoch_us) {
  return (epoch_us + 10'000'000'000'000'500) / 1000;
}

int filter_code(SourceFilter source) {
  switch (source) {
    case SourceFilter::spacetrack:
      return kSpacetrackCode;
    case SourceFilter::celestrak:
      return kCelestrakCode;
    case SourceFilter::all:
      return -1;
  }
  return -1;
}

// Of two newest sets of one object, the one the merged view shows.
bool newer_in_merge(const ElementSet& candidate, const ElementSet& current) {
  const std::int64_t a = millis(candidate.epoch.unix_micros());
  const std::int64_t b = millis(current.epoch.unix_micros());
  return a > b || (a == b && candidate.source == DataSource::spacetrack);
}

bool passes(const ElementSet& set, SourceFilter source) {
  return source == SourceFilter::all ||
         (source == SourceFilter::spacetrack) == (set.source == DataSource::spacetrack);
}

}  // namespace

Reader::Reader(const std::filesystem::path& path) try
    : db_(Database::open(path, Database::Mode::read_only)),
      latest_(db_->connection(), sql::kSelectLatest),
      all_latest_(db_->connection(), sql::kSelectAllLatest),
      latest_sources_(db_->connection(), sql::kSelectLatestSources),
      history_(db_->connection(), sql::kSelectHistory),
      count_history_(db_->connection(), sql::kCountHistory),
      history_epochs_(db_->connection(), sql::kSelectHistoryEpochs),
      object_years_(db_->connection(), sql::kSelectObjectYears),
      at_or_before_(db_->connection(), sql::kSelectAtOrBefore),
      after_(db_->connection(), sql::kSelectAfter),
      object_(db_->connection(), sql::kSelectObject),
      all_objects_(db_->connection(), sql::kSelectAllObjects),
      run_start_(db_->connection(), sql::kSelectRunStart),
      catalog_record_(db_->connection(), sql::kSelectCatalogRecord),
      all_catalog_(db_->connection(), sql::kSelectAllCatalog),
      group_sync_(db_->connection(), sql::kSelectGroupSync),
      group_members_(db_->connection(), sql::kSelectGroupMembers),
      count_objects_(db_->connection(), sql::kCountObjects),
      set_count_(db_->connection(), sql::kSelectSetCount),
      generation_(*db_) {
} catch (const SQLite::Exception& error) {
  throw_database_error(path, error);
}

Reader::~Reader() = default;

TimePoint Reader::run_start(std::int64_t run_id) {
  if (const auto found = run_starts_.find(run_id); found != run_starts_.end()) {
    return found->second;
  }
  Bound bound(*run_start_);
  run_start_->bind(1, static_cast<std::int64_t>(run_id));
  // A set written outside any recorded run reads as collected at the unix epoch.
  const TimePoint start = run_start_->executeStep()
                              ? TimePoint::from_unix_micros(run_start_->getColumn(0).getInt64())
                              : TimePoint();
  run_starts_.emplace(run_id, start);
  return start;
}

void Reader::fill_names(std::int32_t norad_id, ElementSet& set) {
  if (norad_id != names_norad_id_) {
    Bound bound(*object_);
    object_->bind(1, norad_id);
    names_object_name_.clear();
    names_object_id_.clear();
    if (object_->executeStep()) {
      names_object_name_ = object_->getColumn(0).getString();
      names_object_id_ = object_->getColumn(1).getString();
    }
    names_norad_id_ = norad_id;
  }
  set.object_name = names_object_name_;
  set.object_id = names_object_id_;
}

void Reader::read_row(SQLite::Statement& query, ElementSet& set) {
  const std::int64_t run_id = read_set(query, set);
  set.collected_at = run_start(run_id);
  fill_names(set.norad_id, set);
}

Reader::SourceParams Reader::source_params(std::int32_t norad_id, SourceFilter source) {
  if (source != SourceFilter::all) {
    return {filter_code(source), 0};
  }
  Bound bound(*latest_sources_);
  latest_sources_->bind(1, norad_id);
  int sources = 0;
  while (latest_sources_->executeStep()) {
    ++sources;
  }
  return {-1, sources > 1 ? 1 : 0};
}

std::optional<ElementSet> Reader::latest_set(std::int32_t norad_id, SourceFilter source) {
  return guarded(db_->path(), [&]() -> std::optional<ElementSet> {
    names_norad_id_ = 0;  // names may have changed since the last call
    Bound bound(*latest_);
    latest_->bind(1, norad_id);
    std::optional<ElementSet> best;
    while (latest_->executeStep()) {  // at most one row per source
      ElementSet row;
      read_row(*latest_, row);
      if (passes(row, source) && (!best || newer_in_merge(row, *best))) {
        best = std::move(row);
      }
    }
    return best;
  });
}

void Reader::for_each_latest(SourceFilter source, const SetVisitor& visit) {
  guarded(db_->path(), [&] {
    names_norad_id_ = 0;
    Bound bound(*all_latest_);
    Bound objects(*all_objects_);
    // Both statements run in NORAD order: a merge join instead of a lookup per object.
    bool object_row = all_objects_->executeStep();
    const auto names_of = [&](ElementSet& set) {
      while (object_row && all_objects_->getColumn(0).getInt() < set.norad_id) {
        object_row = all_objects_->executeStep();
      }
      const bool found = object_row && all_objects_->getColumn(0).getInt() == set.norad_id;
      set.object_name = found ? all_objects_->getColumn(1).getString() : std::string();
      set.object_id = found ? all_objects_->getColumn(2).getString() : std::string();
    };
    // GCC 12 warns falsely about an std::optional<ElementSet> here.
    ElementSet pending;
    bool has_pending = false;
    const auto emit = [&] {
      if (has_pending) {
        names_of(pending);
        visit(pending);
        has_pending = false;
      }
    };
    ElementSet row;
    while (all_latest_->executeStep()) {
      row.collected_at = run_start(read_set(*all_latest_, row));
      if (!passes(row, source)) {
        continue;
      }
      if (has_pending && pending.norad_id != row.norad_id) {
        emit();
      }
      if (!has_pending || newer_in_merge(row, pending)) {
        std::swap(pending, row);
        has_pending = true;
      }
    }
    emit();
  });
}

std::optional<ElementSet> Reader::one_set(SQLite::Statement& query, std::int32_t norad_id,
                                          TimePoint epoch, SourceParams params) {
  return guarded(db_->path(), [&]() -> std::optional<ElementSet> {
    Bound bound(query);
    query.bind(1, norad_id);
    query.bind(2, static_cast<std::int64_t>(epoch.unix_micros()));
    query.bind(4, params.source_code);
    query.bind(5, params.merge);
    if (!query.executeStep()) {
      return std::nullopt;
    }
    ElementSet set;
    read_row(query, set);
    return set;
  });
}

std::optional<ElementSet> Reader::set_at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                   SourceFilter source) {
  names_norad_id_ = 0;
  const SourceParams params = guarded(db_->path(), [&] { return source_params(norad_id, source); });
  return one_set(*at_or_before_, norad_id, epoch, params);
}

std::optional<ElementSet> Reader::set_after(std::int32_t norad_id, TimePoint epoch,
                                            SourceFilter source) {
  names_norad_id_ = 0;
  const SourceParams params = guarded(db_->path(), [&] { return source_params(norad_id, source); });
  return one_set(*after_, norad_id, epoch, params);
}

std::pair<std::optional<ElementSet>, std::optional<ElementSet>> Reader::neighbours(
    std::int32_t norad_id, TimePoint epoch, SourceFilter source) {
  names_norad_id_ = 0;
  const SourceParams params = guarded(db_->path(), [&] { return source_params(norad_id, source); });
  return {one_set(*at_or_before_, norad_id, epoch, params), one_set(*after_, norad_id, epoch, params)};
}

void Reader::bind_window(SQLite::Statement& query, std::int32_t norad_id, TimePoint from,
                         TimePoint to, SourceFilter source) {
  bind_window(query, norad_id, from, to, source_params(norad_id, source));
}

void Reader::bind_window(SQLite::Statement& query, std::int32_t norad_id, TimePoint from,
                         TimePoint to, SourceParams params) {
  query.bind(1, norad_id);
  query.bind(2, static_cast<std::int64_t>(from.unix_micros()));
  query.bind(3, static_cast<std::int64_t>(to.unix_micros()));
  query.bind(4, params.source_code);
  query.bind(5, params.merge);
}

void Reader::history(std::int32_t norad_id, TimePoint from, TimePoint to, SourceFilter source,
                     Window window, const SetVisitor& visit) {
  guarded(db_->path(), [&] {
    names_norad_id_ = 0;
    Bound bound(*history_);
    bind_window(*history_, norad_id, from, to, source);
    history_->bind(6, static_cast<std::int64_t>(window.limit < 0 ? -1 : window.limit));
    history_->bind(7, static_cast<std::int64_t>(std::max<std::int64_t>(window.offset, 0)));
    ElementSet set;
    while (history_->executeStep()) {
      read_row(*history_, set);
      visit(set);
    }
  });
}

std::int64_t Reader::count_history(std::int32_t norad_id, TimePoint from, TimePoint to,
                                   SourceFilter source) {
  return guarded(db_->path(), [&] {
    Bound bound(*count_history_);
    bind_window(*count_history_, norad_id, from, to, source);
    count_history_->executeStep();
    return static_cast<std::int64_t>(count_history_->getColumn(0).getInt64());
  });
}

SetStats Reader::history_stats(std::int32_t norad_id, TimePoint from, TimePoint to,
                               SourceFilter source) {
  return guarded(db_->path(), [&] {
    const SourceParams params = source_params(norad_id, source);
    // The summary counts every stored set; under the merge some are hidden, so it answers
    // only for one source, and only for a window that holds all of the object's sets.
    if (params.merge == 0) {
      const SetStats all = year_summary(norad_id, params.source_code);
      if (all.count == 0 || (from <= *all.earliest && *all.latest <= to)) {
        return all;
      }
    }
    Bound bound(*history_epochs_);
    bind_window(*history_epochs_, norad_id, from, to, params);
    SetStats stats;
    std::int64_t next_year_us = std::numeric_limits<std::int64_t>::min();
    while (history_epochs_->executeStep()) {
      const auto epoch = TimePoint::from_unix_micros(history_epochs_->getColumn(0).getInt64());
      if (!stats.earliest) {
        stats.earliest = epoch;
      }
      stats.latest = epoch;
      ++stats.count;
      if (epoch.unix_micros() >= next_year_us) {  // ascending: each new year starts here
        ++stats.distinct_years;
        next_year_us = from_civil({to_civil(epoch).year + 1, 1, 1}).unix_micros();
      }
    }
    return stats;
  });
}

SetStats Reader::year_summary(std::int32_t norad_id, int source_code) {
  Bound bound(*object_years_);
  object_years_->bind(1, norad_id);
  SetStats stats;
  std::vector<int> years;
  while (object_years_->executeStep()) {
    if (source_code >= 0 && object_years_->getColumn(0).getInt() != source_code) {
      continue;
    }
    years.push_back(object_years_->getColumn(1).getInt());
    stats.count += object_years_->getColumn(2).getInt64();
    const auto first = TimePoint::from_unix_micros(object_years_->getColumn(3).getInt64());
    const auto last = TimePoint::from_unix_micros(object_years_->getColumn(4).getInt64());
    stats.earliest = stats.earliest ? std::min(*stats.earliest, first) : first;
    stats.latest = stats.latest ? std::max(*stats.latest, last) : last;
  }
  std::sort(years.begin(), years.end());
  stats.distinct_years =
      static_cast<std::int64_t>(std::unique(years.begin(), years.end()) - years.begin());
  return stats;
}

}  // namespace gpq::storage
