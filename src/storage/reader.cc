// Reader: the newest sets (rows of `latest`) and the neighbours of an epoch (decoded from
// blocks); windows of history are in reader_history.cc.
// Every statement is prepared once, bound by index and reset after use.
#include "storage/reader.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "storage/database.h"
#include "storage/row_codec.h"
#include "storage/set_blocks.h"
#include "storage/set_cursor.h"
#include "storage/sql.h"

namespace gpq::storage {
namespace {

// Of two newest sets of one object, the one the merged view shows.
bool newer_in_merge(const ElementSet& candidate, const ElementSet& current) {
  const std::int64_t a = printed_millis(candidate.epoch.unix_micros());
  const std::int64_t b = printed_millis(current.epoch.unix_micros());
  return a > b || (a == b && outranks(candidate.source, current.source));
}

bool passes(const ElementSet& set, SourceFilter source) {
  return source == SourceFilter::all || only(set.source) == source;
}

}  // namespace

Reader::Reader(const std::filesystem::path& path) try
    : db_(Database::open(path, Database::Mode::read_only)),
      latest_(db_->connection(), sql::kSelectLatest),
      all_latest_(db_->connection(), sql::kSelectAllLatest),
      latest_sources_(db_->connection(), sql::kSelectLatestSources),
      object_years_(db_->connection(), sql::kSelectObjectYears),
      block_at_or_before_(db_->connection(), sql::kSelectBlockAtOrBefore),
      block_after_(db_->connection(), sql::kSelectBlockAfter),
      object_(db_->connection(), sql::kSelectObject),
      all_objects_(db_->connection(), sql::kSelectAllObjects),
      run_times_(db_->connection(), sql::kSelectRunTimes),
      catalog_record_(db_->connection(), sql::kSelectCatalogRecord),
      all_catalog_(db_->connection(), sql::kSelectAllCatalog),
      group_sync_(db_->connection(), sql::kSelectGroupSync),
      group_members_(db_->connection(), sql::kSelectGroupMembers),
      count_objects_(db_->connection(), sql::kCountObjects),
      set_count_(db_->connection(), sql::kSelectSetCount),
      versions_(db_->connection(), sql::kSelectVersions),
      count_versions_(db_->connection(), sql::kCountVersions),
      max_epoch_lead_(db_->connection(), sql::kSelectMaxEpochLead),
      object_at_(db_->connection(), sql::kSelectObjectAt),
      catalog_record_at_(db_->connection(), sql::kSelectCatalogRecordAt),
      catalog_changed_after_(db_->connection(), sql::kSelectCatalogChangedAfter),
      generation_(*db_) {
  for (int code = 0; code < kDataSourceCount; ++code) {
    source_blocks_.emplace_back(db_->connection(), sql::kSelectBlocks);
  }
} catch (const SQLite::Exception& error) {
  throw_database_error(path, error);
}

Reader::~Reader() = default;

void Reader::stamp(std::int64_t run_id, ElementSet& set) {
  auto found = run_times_by_id_.find(run_id);
  if (found == run_times_by_id_.end()) {
    StatementInUse in_use(*run_times_);
    run_times_->bind(1, static_cast<std::int64_t>(run_id));
    // A set written outside any recorded run reads as collected and published at the unix
    // epoch.
    RunTimes times;
    if (run_times_->executeStep()) {
      times.started = TimePoint::from_unix_micros(run_times_->getColumn(0).getInt64());
      times.published = TimePoint::from_unix_micros(run_times_->getColumn(1).getInt64());
    }
    found = run_times_by_id_.emplace(run_id, times).first;
  }
  set.collected_at = found->second.started;
  set.published_at = set.creation_date.value_or(found->second.published);
}

void Reader::fill_names(std::int32_t norad_id, ElementSet& set) {
  if (norad_id != names_norad_id_) {
    StatementInUse in_use(*object_);
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
  stamp(read_set(query, set), set);
  fill_names(set.norad_id, set);
}

int Reader::Plan::count() const {
  return static_cast<int>(std::count(reads.begin(), reads.end(), true));
}

Reader::Plan Reader::plan(std::int32_t norad_id, SourceFilter source) {
  Plan plan;
  if (const std::optional<DataSource> one = only_source(source)) {
    plan.reads[source_code(*one)] = true;
    return plan;
  }
  StatementInUse in_use(*latest_sources_);
  latest_sources_->bind(1, norad_id);
  while (latest_sources_->executeStep()) {
    plan.reads[source_code(source_of_code(latest_sources_->getColumn(0).getInt()))] = true;
  }
  return plan;
}

ElementSet Reader::complete(const StoredSet& stored) {
  ElementSet set = stored.set;
  stamp(stored.run_id, set);
  fill_names(set.norad_id, set);
  return set;
}

std::optional<ElementSet> Reader::latest_set(std::int32_t norad_id, SourceFilter source) {
  return with_database_errors(db_->path(), [&]() -> std::optional<ElementSet> {
    names_norad_id_ = 0;  // names may have changed since the last call
    StatementInUse in_use(*latest_);
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
  with_database_errors(db_->path(), [&] {
    names_norad_id_ = 0;
    StatementInUse in_use(*all_latest_);
    StatementInUse objects(*all_objects_);
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
      stamp(read_set(*all_latest_, row), row);
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

std::optional<StoredSet> Reader::last_at_or_before(std::int32_t norad_id, int source_code,
                                                   std::int64_t epoch_us) {
  StatementInUse in_use(*block_at_or_before_);
  block_at_or_before_->bind(1, norad_id);
  block_at_or_before_->bind(2, source_code);
  block_at_or_before_->bind(3, static_cast<std::int64_t>(epoch_us));
  if (!block_at_or_before_->executeStep()) {
    return std::nullopt;
  }
  decoded_.clear();
  decode_block_row(read_block_row(*block_at_or_before_), norad_id, source_code, decoded_,
                   db_->path());
  // The block starts at or before the epoch, so one of its sets qualifies.
  const auto after = std::upper_bound(
      decoded_.begin(), decoded_.end(), epoch_us,
      [](std::int64_t us, const StoredSet& s) { return us < s.set.epoch.unix_micros(); });
  return after == decoded_.begin() ? std::nullopt : std::optional(*std::prev(after));
}

std::optional<StoredSet> Reader::first_after(std::int32_t norad_id, int source_code,
                                             std::int64_t epoch_us) {
  const auto first_later = [&]() -> std::optional<StoredSet> {
    const auto found = std::upper_bound(
        decoded_.begin(), decoded_.end(), epoch_us,
        [](std::int64_t us, const StoredSet& s) { return us < s.set.epoch.unix_micros(); });
    return found == decoded_.end() ? std::nullopt : std::optional(*found);
  };
  decoded_.clear();
  {
    StatementInUse in_use(*block_at_or_before_);
    block_at_or_before_->bind(1, norad_id);
    block_at_or_before_->bind(2, source_code);
    block_at_or_before_->bind(3, static_cast<std::int64_t>(epoch_us));
    if (block_at_or_before_->executeStep()) {
      const BlockRow row = read_block_row(*block_at_or_before_);
      if (row.last_epoch_us > epoch_us) {
        decode_block_row(row, norad_id, source_code, decoded_, db_->path());
        return first_later();
      }
    }
  }
  StatementInUse in_use(*block_after_);
  block_after_->bind(1, norad_id);
  block_after_->bind(2, source_code);
  block_after_->bind(3, static_cast<std::int64_t>(epoch_us));
  if (!block_after_->executeStep()) {
    return std::nullopt;
  }
  decode_block_row(read_block_row(*block_after_), norad_id, source_code, decoded_, db_->path());
  return first_later();
}

bool Reader::outranked(std::int32_t norad_id, const StoredSet& set, const Plan& plan) {
  // The last set of each outranking source at or before the end of this printed millisecond.
  const std::int64_t millis = printed_millis(set.set.epoch.unix_micros());
  for (int code = 0; code < source_code(set.set.source); ++code) {
    if (!plan.reads[code]) {
      continue;
    }
    const auto candidate = last_at_or_before(norad_id, code, last_micros_of(millis));
    if (candidate && printed_millis(candidate->set.epoch.unix_micros()) == millis) {
      return true;
    }
  }
  return false;
}

std::optional<StoredSet> Reader::nearest_of_source(std::int32_t norad_id, int source_code,
                                                   std::int64_t epoch_us, Side side) {
  return side == Side::at_or_before ? last_at_or_before(norad_id, source_code, epoch_us)
                                    : first_after(norad_id, source_code, epoch_us);
}

std::optional<ElementSet> Reader::merged_neighbour(std::int32_t norad_id, TimePoint epoch,
                                                   const Plan& plan, Side side) {
  const bool before = side == Side::at_or_before;
  const bool merge = plan.count() > 1;
  std::optional<StoredSet> best;
  for (int code = 0; code < kDataSourceCount; ++code) {
    if (!plan.reads[code]) {
      continue;
    }
    std::optional<StoredSet> found = nearest_of_source(norad_id, code, epoch.unix_micros(), side);
    while (merge && found && outranked(norad_id, *found, plan)) {
      const std::int64_t passed_us = found->set.epoch.unix_micros();
      found = nearest_of_source(norad_id, code, before ? passed_us - 1 : passed_us, side);
    }
    // No two sources share an epoch here (an outranked set was passed over above), and on a
    // tie the source read first, the more authoritative, stays.
    if (found && (!best || (before ? found->set.epoch > best->set.epoch
                                   : found->set.epoch < best->set.epoch))) {
      best = std::move(found);
    }
  }
  return best ? std::optional(complete(*best)) : std::nullopt;
}

std::optional<ElementSet> Reader::set_at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                   SourceFilter source) {
  names_norad_id_ = 0;
  return with_database_errors(db_->path(), [&] {
    return merged_neighbour(norad_id, epoch, plan(norad_id, source), Side::at_or_before);
  });
}

std::optional<ElementSet> Reader::set_after(std::int32_t norad_id, TimePoint epoch,
                                            SourceFilter source) {
  names_norad_id_ = 0;
  return with_database_errors(db_->path(), [&] {
    return merged_neighbour(norad_id, epoch, plan(norad_id, source), Side::after);
  });
}

Reader::ReadTransaction::ReadTransaction(Reader& reader) : reader_(reader) {
  with_database_errors(reader_.db_->path(),
                       [&] { reader_.db_->connection().exec(std::string(sql::kBeginRead)); });
}

Reader::ReadTransaction::~ReadTransaction() {
  // Nothing was written: ending it cannot fail in a way worth reporting from a destructor.
  reader_.db_->connection().tryExec(std::string(sql::kEndRead));
}

std::pair<std::optional<ElementSet>, std::optional<ElementSet>> Reader::neighbours(
    std::int32_t norad_id, TimePoint epoch, SourceFilter source) {
  names_norad_id_ = 0;
  return with_database_errors(db_->path(), [&] {
    const Plan p = plan(norad_id, source);
    return std::pair(merged_neighbour(norad_id, epoch, p, Side::at_or_before),
                     merged_neighbour(norad_id, epoch, p, Side::after));
  });
}

}  // namespace gpq::storage
