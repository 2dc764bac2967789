// Column encodings of the row form (set_columns.h says how each field becomes an integer).
#include "storage/row_codec.h"

#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include <sqlite3.h>

#include "gpq/error.h"

#include "storage/set_columns.h"

namespace gpq::storage {
namespace {

constexpr int kFirstElementParameter = 5;
constexpr int kFirstElementColumn = 4;

void bind_number(SQLite::Statement& statement, int index, DecimalCodec codec, double value) {
  if (const auto code = codec.encode(value)) {
    statement.bind(index, static_cast<std::int64_t>(*code));
  } else if (std::isnan(value)) {
    statement.bind(index);  // SQLite would turn a NaN into NULL anyway
  } else {
    statement.bind(index, value);
  }
}

double read_number(const SQLite::Column& column, DecimalCodec codec) {
  switch (column.getType()) {
    case SQLITE_INTEGER:
      return codec.decode(column.getInt64());
    case SQLITE_FLOAT:
      return column.getDouble();
    default:
      return std::numeric_limits<double>::quiet_NaN();
  }
}

std::optional<double> read_optional_double(const SQLite::Column& column) {
  if (column.isNull()) {
    return std::nullopt;
  }
  return column.getDouble();
}

int object_type_code(ObjectType type) {
  switch (type) {
    case ObjectType::payload:
      return 0;
    case ObjectType::rocket_body:
      return 1;
    case ObjectType::debris:
      return 2;
    case ObjectType::unknown:
      return 3;
  }
  return 3;
}

std::optional<ObjectType> object_type_from_code(const SQLite::Column& column) {
  if (column.isNull()) {
    return std::nullopt;
  }
  switch (column.getInt()) {
    case 0:
      return ObjectType::payload;
    case 1:
      return ObjectType::rocket_body;
    case 2:
      return ObjectType::debris;
    default:
      return ObjectType::unknown;
  }
}

}  // namespace

void bind_optional(SQLite::Statement& statement, int index, std::optional<TimePoint> time) {
  if (time) {
    statement.bind(index, static_cast<std::int64_t>(time->unix_micros()));
  } else {
    statement.bind(index);
  }
}

void bind_optional(SQLite::Statement& statement, int index, std::optional<double> value) {
  if (value) {
    statement.bind(index, *value);
  } else {
    statement.bind(index);
  }
}

std::optional<TimePoint> read_optional_time(const SQLite::Column& column) {
  if (column.isNull()) {
    return std::nullopt;
  }
  return TimePoint::from_unix_micros(column.getInt64());
}

void bind_optional(SQLite::Statement& statement, int index, std::optional<int> value) {
  if (value) {
    statement.bind(index, *value);
  } else {
    statement.bind(index);
  }
}

DataSource source_of_code(int code) {
  if (code < 0 || code >= kDataSourceCount) {
    fail(Errc::internal,
         "the database is damaged: a set has source code {}, which no source has (restore a "
         "backup or sync into a new file)",
         code);
  }
  return static_cast<DataSource>(code);
}

void bind_set(SQLite::Statement& statement, const ElementSet& set, std::int64_t run_id) {
  bind_set_values(statement, set);
  statement.bind(17, static_cast<std::int64_t>(run_id));
}

void bind_set_values(SQLite::Statement& statement, const ElementSet& set) {
  statement.bind(1, set.norad_id);
  statement.bind(2, static_cast<std::int64_t>(set.epoch.unix_micros()));
  statement.bind(3, source_code(set.source));
  bind_optional(statement, 4, set.creation_date);
  int index = kFirstElementParameter;
  for (const ElementColumn& column : kElementColumns) {
    bind_number(statement, index++, column.codec, set.*column.field);
  }
  statement.bind(14, set.rev_at_epoch);
  if (set.element_set_no == kDefaultElementSetNo) {
    statement.bind(15);
  } else {
    statement.bind(15, set.element_set_no);
  }
  statement.bind(16, class_eph_code(set));
}

bool same_stored_values(const ElementSet& a, const ElementSet& b) noexcept {
  for (const ElementColumn& column : kElementColumns) {
    if (std::bit_cast<std::uint64_t>(a.*column.field) !=
        std::bit_cast<std::uint64_t>(b.*column.field)) {
      return false;
    }
  }
  return a.creation_date == b.creation_date && a.rev_at_epoch == b.rev_at_epoch &&
         a.element_set_no == b.element_set_no && a.classification_type == b.classification_type &&
         a.ephemeris_type == b.ephemeris_type;
}

bool keeps_stored(const ElementSet& stored, const ElementSet& incoming) noexcept {
  return stored.creation_date && incoming.creation_date &&
         *stored.creation_date > *incoming.creation_date;
}

std::int64_t read_set(SQLite::Statement& statement, ElementSet& set) {
  set.norad_id = statement.getColumn(0).getInt();
  set.epoch = TimePoint::from_unix_micros(statement.getColumn(1).getInt64());
  set.source = source_of_code(statement.getColumn(2).getInt());
  set.creation_date = read_optional_time(statement.getColumn(3));
  int index = kFirstElementColumn;
  for (const ElementColumn& column : kElementColumns) {
    set.*column.field = read_number(statement.getColumn(index++), column.codec);
  }
  set.rev_at_epoch = statement.getColumn(13).getInt();
  const SQLite::Column element_set_no = statement.getColumn(14);
  set.element_set_no = element_set_no.isNull() ? kDefaultElementSetNo : element_set_no.getInt();
  apply_class_eph_code(statement.getColumn(15).getInt64(), set);
  return statement.getColumn(16).getInt64();
}

void bind_catalog(SQLite::Statement& statement, const CatalogRecord& record) {
  statement.bind(1, record.norad_id);
  statement.bindNoCopy(2, record.object_name);
  statement.bindNoCopy(3, record.object_id);
  if (record.object_type) {
    statement.bind(4, object_type_code(*record.object_type));
  } else {
    statement.bind(4);
  }
  statement.bindNoCopy(5, record.ops_status_code);
  statement.bindNoCopy(6, record.owner);
  bind_optional(statement, 7, record.launch_date);
  statement.bindNoCopy(8, record.launch_site);
  bind_optional(statement, 9, record.decay_date);
  bind_optional(statement, 10, record.period_minutes);
  bind_optional(statement, 11, record.inclination_deg);
  bind_optional(statement, 12, record.apogee_km);
  bind_optional(statement, 13, record.perigee_km);
  statement.bind(14, record.ops_status_given ? 1 : 0);
}

CatalogRecord read_catalog(SQLite::Statement& statement) {
  CatalogRecord record;
  record.norad_id = statement.getColumn(0).getInt();
  record.object_name = statement.getColumn(1).getString();
  record.object_id = statement.getColumn(2).getString();
  record.object_type = object_type_from_code(statement.getColumn(3));
  record.ops_status_code = statement.getColumn(4).getString();
  record.owner = statement.getColumn(5).getString();
  record.launch_date = read_optional_time(statement.getColumn(6));
  record.launch_site = statement.getColumn(7).getString();
  record.decay_date = read_optional_time(statement.getColumn(8));
  record.period_minutes = read_optional_double(statement.getColumn(9));
  record.inclination_deg = read_optional_double(statement.getColumn(10));
  record.apogee_km = read_optional_double(statement.getColumn(11));
  record.perigee_km = read_optional_double(statement.getColumn(12));
  return record;
}

}  // namespace gpq::storage
