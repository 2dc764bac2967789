#include "storage/set_versions.h"

#include <algorithm>
#include <string>
#include <utility>

#include "storage/row_codec.h"
#include "storage/sql.h"

namespace gpq::storage {

SetVersions::SetVersions(SQLite::Database& connection)
    : run_publication_(connection, std::string(sql::kSelectRunPublication)),
      insert_(connection, std::string(sql::kInsertVersion)),
      forget_(connection, std::string(sql::kForgetVersion)) {}

std::int64_t SetVersions::published_us(const ElementSet& set, std::int64_t run_id) {
  return set.creation_date ? set.creation_date->unix_micros() : run_published_us(run_id);
}

std::int64_t SetVersions::run_published_us(std::int64_t run_id) {
  if (const auto found = run_publications_.find(run_id); found != run_publications_.end()) {
    return found->second;
  }
  run_publication_.tryReset();
  run_publication_.bind(1, static_cast<std::int64_t>(run_id));
  // A set written outside any recorded run was published at the unix epoch, as it reads
  // collected then.
  const std::int64_t published =
      run_publication_.executeStep() ? run_publication_.getColumn(0).getInt64() : 0;
  run_publication_.tryReset();
  run_publications_.emplace(run_id, published);
  return published;
}

bool SetVersions::stored_answers(const StoredSet& stored, const ElementSet& incoming,
                                 std::int64_t run_id) {
  if (keeps_stored(stored.set, incoming)) {
    return true;
  }
  if (stored.set.creation_date || incoming.creation_date) {
    return false;
  }
  return published_us(stored.set, stored.run_id) > published_us(incoming, run_id);
}

void SetVersions::note_epoch_lead(const ElementSet& set, std::int64_t run_id) {
  const std::int64_t lead = set.epoch.unix_micros() - published_us(set, run_id);
  max_epoch_lead_ = std::max(max_epoch_lead_.value_or(lead), lead);
}

std::optional<std::int64_t> SetVersions::take_max_epoch_lead() {
  return std::exchange(max_epoch_lead_, std::nullopt);
}

void SetVersions::keep(const ElementSet& set, std::int64_t run_id) {
  note_epoch_lead(set, run_id);
  const std::int64_t published = published_us(set, run_id);
  insert_.tryReset();
  bind_set(insert_, set, run_id);
  insert_.bind(18, static_cast<std::int64_t>(published));
  insert_.exec();
  insert_.tryReset();
}

void SetVersions::forget(const ElementSet& set) {
  forget_.tryReset();
  bind_set_values(forget_, set);
  forget_.exec();
  forget_.tryReset();
}

}  // namespace gpq::storage
