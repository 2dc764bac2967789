// CatalogRecord: one SATCAT entry, with the field set of docs/API.md "Catalog record".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/time.h"

namespace gpq {

enum class ObjectType : std::uint8_t { payload, rocket_body, debris, unknown };

// SATCAT spelling: PAYLOAD, ROCKET BODY, DEBRIS, UNKNOWN.
std::string_view to_string(ObjectType type) noexcept;
// Accepts PAYLOAD, ROCKET_BODY, ROCKET BODY, DEBRIS, UNKNOWN and CelesTrak's PAY, R/B, DEB,
// UNK, any case. std::nullopt otherwise.
std::optional<ObjectType> parse_object_type(std::string_view text) noexcept;

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
