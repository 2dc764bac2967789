// CatalogRecord: one SATCAT entry, with the field set of docs/API.md "Catalog record".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/time.h"

namespace gpq {

// Every object type, one row each: the enumerator, the SATCAT's spelling (what records
// print), the spelling of the `object_type` parameter, and the other spellings upstreams use
// (CelesTrak's abbreviations). The enum, the names and the parser are all made from it.
#define GPQ_OBJECT_TYPES(ROW)                           \
  ROW(payload, "PAYLOAD", "PAYLOAD", "PAY")             \
  ROW(rocket_body, "ROCKET BODY", "ROCKET_BODY", "R/B") \
  ROW(debris, "DEBRIS", "DEBRIS", "DEB")                \
  ROW(unknown, "UNKNOWN", "UNKNOWN", "UNK", "TBA")

enum class ObjectType : std::uint8_t {
#define GPQ_OBJECT_TYPE_ENUMERATOR(name, satcat, parameter, ...) name,
  GPQ_OBJECT_TYPES(GPQ_OBJECT_TYPE_ENUMERATOR)
#undef GPQ_OBJECT_TYPE_ENUMERATOR
};

// SATCAT spelling: PAYLOAD, ROCKET BODY, DEBRIS, UNKNOWN.
std::string_view to_string(ObjectType type) noexcept;
// Any spelling of a row (SATCAT's, the parameter's, an upstream's), any case. std::nullopt
// otherwise.
std::optional<ObjectType> parse_object_type(std::string_view text) noexcept;
// The parameter's spellings for help and messages: "PAYLOAD, ROCKET_BODY, DEBRIS or UNKNOWN".
std::string object_type_names();

struct CatalogRecord {
  std::int32_t norad_id = 0;
  std::string object_name;
  std::string object_id;  // international designator; empty when unknown
  std::optional<ObjectType> object_type;
  std::string ops_status_code;  // empty = none assigned
  // false: the source has no OPS_STATUS_CODE (Space-Track, for an object not decayed), so a
  // stored record keeps the one it has (docs/STORAGE.md, "Catalog fields and their sources").
  bool ops_status_given = true;
  std::string owner;
  std::optional<TimePoint> launch_date;  // midnight UTC of the day
  std::string launch_site;
  std::optional<TimePoint> decay_date;  // midnight UTC of the day
  std::optional<double> period_minutes;
  std::optional<double> inclination_deg;
  std::optional<double> apogee_km;
  std::optional<double> perigee_km;
};

}  // namespace gpq
