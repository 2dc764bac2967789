#include "format/orbit_fields.h"

#include <array>
#include <cmath>
#include <iterator>
#include <span>

#include <fmt/compile.h>
#include <fmt/core.h>
#include <fmt/format.h>

#include "format/csv_field.h"
#include "format/json_writer.h"

namespace gpq::format_detail {
namespace {

constexpr const char* kCartesian[] = {"X", "Y", "Z", "X_DOT", "Y_DOT", "Z_DOT"};
constexpr const char* kGeodetic[] = {"LATITUDE_DEG", "LONGITUDE_DEG", "HEIGHT_KM"};

// The point's numbers and their names in the frame's order (kCartesian or kGeodetic); no
// allocation, as a list of states writes one a row.
struct Coordinates {
  std::array<double, 6> values{};
  std::span<const char* const> names;
};

Coordinates coordinates(const OrbitPoint& p, OrbitFrame frame) {
  if (frame == OrbitFrame::geodetic) {
    return {{p.latitude_deg, p.longitude_deg, p.height_km}, kGeodetic};
  }
  return {{p.position_km[0], p.position_km[1], p.position_km[2], p.velocity_km_s[0],
           p.velocity_km_s[1], p.velocity_km_s[2]},
          kCartesian};
}

void append_int(std::int64_t value, std::string& out) {
  const fmt::format_int text(value);
  out.append(text.data(), text.size());
}

// A CSV number cell: shortest form, empty when not finite (a row without a state).
void append_csv_number(double value, std::string& out) {
  if (std::isfinite(value)) {
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), value == 0 ? 0.0 : value);
  }
}

}  // namespace

double set_age_hours(const OrbitPoint& point) {
  return static_cast<double>(point.epoch.unix_micros() - point.set_epoch.unix_micros()) / 3.6e9;
}

void append_state_json_fields(const ElementSet& set, SetChoice choice, OrbitFrame frame,
                              const OrbitPoint& point, std::string& out) {
  out += "\"NORAD_CAT_ID\":";
  append_int(set.norad_id, out);
  out += ",\"OBJECT_NAME\":";
  json::append_string(set.object_name, out);
  out += ",\"OBJECT_ID\":";
  if (set.object_id.empty()) {
    out += "null";
  } else {
    json::append_string(set.object_id, out);
  }
  out += ",\"REF_FRAME\":\"";
  out += ref_frame_name(frame);
  out += '"';
  if (frame == OrbitFrame::geodetic) {
    out += ",\"ELLIPSOID\":\"WGS-84\"";
  }
  out += ",\"CENTER_NAME\":\"EARTH\",\"TIME_SYSTEM\":\"UTC\",";
  append_point_json_fields(point, frame, out);
  out += ",\"SET_AGE_HOURS\":";
  json::append_number(set_age_hours(point), out);
  out += ",\"SET_CHOICE\":\"";
  out += to_string(choice);
  out += "\",\"DATA_SOURCE\":\"";
  out += to_string(set.source);
  out += '"';
}

void append_state_csv_header(OrbitFrame frame, std::string& out) {
  out += "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,REF_FRAME,";
  append_point_csv_header(frame, out);
  out += ",SET_AGE_HOURS,SET_CHOICE,DATA_SOURCE";
}

void append_state_csv_row(const ElementSet& set, SetChoice choice, OrbitFrame frame,
                          const OrbitPoint& point, std::string& out) {
  append_int(set.norad_id, out);
  out += ',';
  append_csv_field(set.object_name, out);
  out += ',';
  append_csv_field(set.object_id, out);
  out += ',';
  out += ref_frame_name(frame);
  out += ',';
  append_point_csv_row(point, frame, out);
  out += ',';
  fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), set_age_hours(point));
  out += ',';
  out += to_string(choice);
  out += ',';
  out += to_string(set.source);
}

void append_point_json_fields(const OrbitPoint& point, OrbitFrame frame, std::string& out) {
  out += "\"EPOCH\":";
  json::append_time(point.epoch, out);
  const Coordinates c = coordinates(point, frame);
  for (std::size_t i = 0; i < c.names.size(); ++i) {
    out += ',';
    json::append_key(c.names[i], out);
    json::append_number(c.values[i], out);
  }
  out += ",\"SET_EPOCH\":";
  json::append_time(point.set_epoch, out);
}

void append_point_csv_header(OrbitFrame frame, std::string& out) {
  out += "EPOCH";
  for (const char* key : coordinates({}, frame).names) {
    out += ',';
    out += key;
  }
  out += ",SET_EPOCH";
}

void append_point_csv_row(const OrbitPoint& point, OrbitFrame frame, std::string& out) {
  append_iso8601_millis(point.epoch, out);
  const Coordinates c = coordinates(point, frame);
  for (std::size_t i = 0; i < c.names.size(); ++i) {
    out += ',';
    append_csv_number(c.values[i], out);
  }
  out += ',';
  append_iso8601_millis(point.set_epoch, out);
}

void append_point_table(const OrbitPoint& point, OrbitFrame frame, TableRow& header, TableRow& row,
                        std::vector<bool>& right) {
  header.emplace_back("EPOCH");
  row.push_back(format_iso8601_millis(point.epoch));
  right.push_back(false);
  const Coordinates c = coordinates(point, frame);
  const auto& numbers = c.values;
  for (std::size_t i = 0; i < c.names.size(); ++i) {
    header.emplace_back(c.names[i]);
    // Metres and millimetres per second; degrees to about 1 cm on the ground.
    const bool velocity = frame != OrbitFrame::geodetic && i >= 3;
    const bool angle = frame == OrbitFrame::geodetic && i < 2;
    if (!std::isfinite(numbers[i])) {
      row.emplace_back("-");  // a row of the catalog's states without a state
    } else if (velocity) {
      row.push_back(fmt::format("{:.6f}", numbers[i]));
    } else if (angle) {
      row.push_back(fmt::format("{:.7f}", numbers[i]));
    } else {
      row.push_back(fmt::format("{:.3f}", numbers[i]));
    }
    right.push_back(true);
  }
  header.emplace_back("SET_EPOCH");
  row.push_back(format_iso8601_millis(point.set_epoch));
  right.push_back(false);
}

}  // namespace gpq::format_detail
