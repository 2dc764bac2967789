#include "format/orbit_fields.h"

#include <iterator>

#include <fmt/core.h>

#include "format/json_writer.h"

namespace gpq::format_detail {
namespace {

constexpr const char* kCartesian[] = {"X", "Y", "Z", "X_DOT", "Y_DOT", "Z_DOT"};
constexpr const char* kGeodetic[] = {"LATITUDE_DEG", "LONGITUDE_DEG", "HEIGHT_KM"};

// The point's numbers in the order of kCartesian or kGeodetic.
std::vector<double> values(const OrbitPoint& p, OrbitFrame frame) {
  if (frame == OrbitFrame::geodetic) {
    return {p.latitude_deg, p.longitude_deg, p.height_km};
  }
  return {p.position_km[0],   p.position_km[1],   p.position_km[2],
          p.velocity_km_s[0], p.velocity_km_s[1], p.velocity_km_s[2]};
}

std::vector<const char*> names(OrbitFrame frame) {
  if (frame == OrbitFrame::geodetic) {
    return {std::begin(kGeodetic), std::end(kGeodetic)};
  }
  return {std::begin(kCartesian), std::end(kCartesian)};
}

}  // namespace

void append_point_json_fields(const OrbitPoint& point, OrbitFrame frame, std::string& out) {
  out += "\"EPOCH\":";
  json::append_time(point.epoch, out);
  const std::vector<double> numbers = values(point, frame);
  const std::vector<const char*> keys = names(frame);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    out += ',';
    json::append_key(keys[i], out);
    json::append_number(numbers[i], out);
  }
  out += ",\"SET_EPOCH\":";
  json::append_time(point.set_epoch, out);
}

void append_point_csv_header(OrbitFrame frame, std::string& out) {
  out += "EPOCH";
  for (const char* key : names(frame)) {
    out += ',';
    out += key;
  }
  out += ",SET_EPOCH";
}

void append_point_csv_row(const OrbitPoint& point, OrbitFrame frame, std::string& out) {
  out += format_iso8601_millis(point.epoch);
  for (const double value : values(point, frame)) {
    fmt::format_to(std::back_inserter(out), ",{}", value == 0 ? 0.0 : value);
  }
  out += ',';
  out += format_iso8601_millis(point.set_epoch);
}

void append_point_table(const OrbitPoint& point, OrbitFrame frame, TableRow& header, TableRow& row,
                        std::vector<bool>& right) {
  header.emplace_back("EPOCH");
  row.push_back(format_iso8601_millis(point.epoch));
  right.push_back(false);
  const std::vector<double> numbers = values(point, frame);
  const std::vector<const char*> keys = names(frame);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    header.emplace_back(keys[i]);
    // Metres and millimetres per second; degrees to about 1 cm on the ground.
    const bool velocity = frame != OrbitFrame::geodetic && i >= 3;
    const bool angle = frame == OrbitFrame::geodetic && i < 2;
    if (velocity) {
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
