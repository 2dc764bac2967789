// ElementSet and CatalogRecord to and from their stored columns: the compact encodings of
// schema.cc (decimal codes, 0/NULL for common values) live here and only here.
#pragma once

#include <cstdint>
#include <optional>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

namespace gpq::storage {

// A source's stored code is its row in GPQ_DATA_SOURCES: the more authoritative source sorts
// first, so ORDER BY source puts the set the merged view shows first.
constexpr int source_code(DataSource source) noexcept {
  return static_cast<int>(source);
}
// The source of a stored code; a code no row has is a damaged file (Error{internal}).
DataSource source_of_code(int code);

// Binds ?1..?17 of sql::kUpsertLatest for `set`, written by run `run_id`.
// Allocates nothing.
// A value, or NULL for none (a time as unix microseconds).
void bind_optional(SQLite::Statement& statement, int index, std::optional<TimePoint> time);
void bind_optional(SQLite::Statement& statement, int index, std::optional<double> value);
void bind_optional(SQLite::Statement& statement, int index, std::optional<int> value);
// A time stored as unix microseconds, none for NULL.
std::optional<TimePoint> read_optional_time(const SQLite::Column& column);

void bind_set(SQLite::Statement& statement, const ElementSet& set, std::int64_t run_id);
// ?1..?16 alone: the set's identity and values, for statements that do not store its run.
void bind_set_values(SQLite::Statement& statement, const ElementSet& set);

// True when the two sets store the same values (names, source, epoch, collected_at and TLE
// layout aside): writing one over the other would change nothing. A stored set keeps the
// layout of its first import (docs/tle.md), so a repeat never changes it.
bool same_stored_values(const ElementSet& a, const ElementSet& b) noexcept;

// True when `stored` stays although `incoming` has the same identity: both carry a
// CREATION_DATE and the stored one is later (docs/DECISIONS.md "Element sets").
bool keeps_stored(const ElementSet& stored, const ElementSet& incoming) noexcept;

// Reads the GPQ_SET_COLUMNS of the current row (from column 0) into `set`, all but
// object_name, object_id and collected_at; returns the run id (0 when none is stored).
std::int64_t read_set(SQLite::Statement& statement, ElementSet& set);

// ?1..?13 of sql::kUpsertCatalog.
void bind_catalog(SQLite::Statement& statement, const CatalogRecord& record);
// The GPQ_CATALOG_COLUMNS of the current row.
CatalogRecord read_catalog(SQLite::Statement& statement);

}  // namespace gpq::storage
