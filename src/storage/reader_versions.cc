// Reader: what --as-of reads besides the sets: superseded versions (schema.cc set_version),
// names and catalog records as they were (object_version, satcat_version), the largest lead of an
// epoch over its publication.
#include <string>

#include "storage/database.h"
#include "storage/reader.h"
#include "storage/row_codec.h"
#include "storage/sql.h"

namespace gpq::storage {

void Reader::superseded_versions(std::int32_t norad_id, TimePoint from, TimePoint to,
                                 const SetVisitor& visit) {
  with_database_errors(db_->path(), [&] {
    names_norad_id_ = 0;  // names may have changed since the last call
    StatementInUse in_use(*versions_);
    versions_->bind(1, norad_id);
    versions_->bind(2, static_cast<std::int64_t>(from.unix_micros()));
    versions_->bind(3, static_cast<std::int64_t>(to.unix_micros()));
    ElementSet set;
    while (versions_->executeStep()) {
      read_row(*versions_, set);
      set.published_at = TimePoint::from_unix_micros(versions_->getColumn(17).getInt64());
      visit(set);
    }
  });
}

std::int64_t Reader::total_versions() {
  return count_of(count_versions_);
}

std::optional<std::int64_t> Reader::max_epoch_lead() {
  return with_database_errors(db_->path(), [&]() -> std::optional<std::int64_t> {
    StatementInUse in_use(*max_epoch_lead_);
    if (!max_epoch_lead_->executeStep() || max_epoch_lead_->getColumn(0).isNull()) {
      return std::nullopt;
    }
    return max_epoch_lead_->getColumn(0).getInt64();
  });
}

std::optional<ObjectNames> Reader::object_names_at(std::int32_t norad_id, TimePoint instant) {
  return with_database_errors(db_->path(), [&]() -> std::optional<ObjectNames> {
    StatementInUse in_use(*object_at_);
    object_at_->bind(1, norad_id);
    object_at_->bind(2, static_cast<std::int64_t>(instant.unix_micros()));
    if (!object_at_->executeStep()) {
      return std::nullopt;
    }
    return ObjectNames{object_at_->getColumn(0).getString(), object_at_->getColumn(1).getString()};
  });
}

std::optional<CatalogRecord> Reader::catalog_record_at(std::int32_t norad_id, TimePoint instant) {
  return with_database_errors(db_->path(), [&]() -> std::optional<CatalogRecord> {
    StatementInUse in_use(*catalog_record_at_);
    catalog_record_at_->bind(1, norad_id);
    catalog_record_at_->bind(2, static_cast<std::int64_t>(instant.unix_micros()));
    if (!catalog_record_at_->executeStep()) {
      return std::nullopt;
    }
    return read_catalog(*catalog_record_at_);
  });
}

std::vector<CatalogChange> Reader::catalog_changed_after(TimePoint instant) {
  return with_database_errors(db_->path(), [&] {
    StatementInUse in_use(*catalog_changed_after_);
    catalog_changed_after_->bind(1, static_cast<std::int64_t>(instant.unix_micros()));
    std::vector<CatalogChange> changes;
    while (catalog_changed_after_->executeStep()) {
      changes.push_back({catalog_changed_after_->getColumn(0).getInt(),
                         catalog_changed_after_->getColumn(1).getInt() != 0});
    }
    return changes;
  });
}

}  // namespace gpq::storage
