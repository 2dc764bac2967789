// States and passes in json, csv and table (gpq/orbit_format.h); the field names are those of
// docs/ORBIT.md, CCSDS OEM's for the state vector.
#include "gpq/orbit_format.h"

#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"

#include "format/json_writer.h"
#include "format/orbit_fields.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

using namespace format_detail;

void state_json(const StateAnswer& answer, std::string& out) {
  out += '{';
  append_state_json_fields(answer.set, answer.choice, answer.frame, answer.point, out);
  out += '}';
}

void state_csv(const StateAnswer& answer, std::string& out) {
  append_state_csv_header(answer.frame, out);
  out += '\n';
  append_state_csv_row(answer.set, answer.choice, answer.frame, answer.point, out);
  out += '\n';
}

void optional_time_csv(const std::optional<TimePoint>& t, std::string& out) {
  if (t) {
    out += format_iso8601_millis(*t);
  }
}

void append_optional_angle(bool present, double value, std::string& out) {
  if (present) {
    json::append_number(value, out);
  } else {
    out += "null";
  }
}

void passes_json(const PassList& list, std::string& out) {
  out += "{\"data\":[";
  bool first = true;
  for (const Pass& pass : list.passes) {
    out += first ? "{" : ",{";
    first = false;
    out += "\"RISE_TIME\":";
    json::append_optional_time(pass.rise, out);
    out += ",\"RISE_AZIMUTH_DEG\":";
    append_optional_angle(pass.rise.has_value(), pass.rise_azimuth_deg, out);
    out += ",\"CULMINATION_TIME\":";
    json::append_time(pass.culmination, out);
    out += ",\"CULMINATION_AZIMUTH_DEG\":";
    json::append_number(pass.culmination_azimuth_deg, out);
    out += ",\"CULMINATION_ELEVATION_DEG\":";
    json::append_number(pass.culmination_elevation_deg, out);
    out += ",\"CULMINATION_RANGE_KM\":";
    json::append_number(pass.culmination_range_km, out);
    out += ",\"SET_TIME\":";
    json::append_optional_time(pass.set, out);
    out += ",\"SET_AZIMUTH_DEG\":";
    append_optional_angle(pass.set.has_value(), pass.set_azimuth_deg, out);
    out += ",\"SET_EPOCH\":";
    json::append_time(pass.set_epoch, out);
    out += '}';
  }
  const PassQuery& q = list.query;
  fmt::format_to(std::back_inserter(out),
                 "],\"meta\":{{\"norad_id\":{},\"object_name\":", list.norad_id);
  json::append_string(list.object_name, out);
  out += ",\"latitude_deg\":";
  json::append_number(q.site.latitude_deg, out);
  out += ",\"longitude_deg\":";
  json::append_number(q.site.longitude_deg, out);
  out += ",\"altitude_m\":";
  json::append_number(q.site.altitude_m, out);
  out += ",\"start\":";
  json::append_time(q.start, out);
  out += ",\"end\":";
  json::append_time(q.end, out);
  out += ",\"min_elevation_deg\":";
  json::append_number(q.min_elevation_deg, out);
  fmt::format_to(std::back_inserter(out), ",\"passes\":{}}}}}", list.passes.size());
}

void passes_csv(const PassList& list, std::string& out) {
  out +=
      "RISE_TIME,RISE_AZIMUTH_DEG,CULMINATION_TIME,CULMINATION_AZIMUTH_DEG,"
      "CULMINATION_ELEVATION_DEG,CULMINATION_RANGE_KM,SET_TIME,SET_AZIMUTH_DEG,SET_EPOCH\n";
  for (const Pass& pass : list.passes) {
    optional_time_csv(pass.rise, out);
    out += ',';
    if (pass.rise) {
      fmt::format_to(std::back_inserter(out), "{}", pass.rise_azimuth_deg);
    }
    fmt::format_to(std::back_inserter(out), ",{},{},{},{},",
                   format_iso8601_millis(pass.culmination), pass.culmination_azimuth_deg,
                   pass.culmination_elevation_deg, pass.culmination_range_km);
    optional_time_csv(pass.set, out);
    out += ',';
    if (pass.set) {
      fmt::format_to(std::back_inserter(out), "{}", pass.set_azimuth_deg);
    }
    out += ',';
    out += format_iso8601_millis(pass.set_epoch);
    out += '\n';
  }
}

void passes_table(const PassList& list, bool colour, std::string& out) {
  const TableRow header = {"RISE", "AZ", "CULMINATION", "AZ", "EL", "RANGE_KM", "SET", "AZ"};
  std::vector<TableRow> rows;
  const auto time = [](const std::optional<TimePoint>& t) {
    return t ? format_iso8601_millis(*t) : std::string("-");
  };
  const auto angle = [](bool shown, double value) {
    return shown ? fmt::format("{:.1f}", value) : std::string("-");
  };
  for (const Pass& pass : list.passes) {
    rows.push_back({time(pass.rise), angle(pass.rise.has_value(), pass.rise_azimuth_deg),
                    format_iso8601_millis(pass.culmination),
                    angle(true, pass.culmination_azimuth_deg),
                    angle(true, pass.culmination_elevation_deg),
                    fmt::format("{:.1f}", pass.culmination_range_km), time(pass.set),
                    angle(pass.set.has_value(), pass.set_azimuth_deg)});
  }
  append_plain_table(header, rows, {false, true, false, true, true, true, false, true}, colour,
                     out);
}

}  // namespace

void write_state(Format format, const StateAnswer& answer, std::string& out, int /*width*/,
                 bool colour) {
  switch (format) {
    case Format::json:
      state_json(answer, out);
      return;
    case Format::csv:
      state_csv(answer, out);
      return;
    case Format::table: {
      TableRow header;
      TableRow row;
      std::vector<bool> right;
      append_point_table(answer.point, answer.frame, header, row, right);
      header.insert(header.end(), {"FRAME", "SET_AGE_H"});
      row.insert(row.end(), {std::string(ref_frame_name(answer.frame)),
                             fmt::format("{:.2f}", set_age_hours(answer.point))});
      right.insert(right.end(), {false, true});
      append_plain_table(header, {row}, right, colour, out);
      return;
    }
    default:
      break;
  }
  fail(Errc::internal, "no state writer for format {}", to_string(format));
}

void write_passes(Format format, const PassList& passes, std::string& out, int /*width*/,
                  bool colour) {
  switch (format) {
    case Format::json:
      passes_json(passes, out);
      return;
    case Format::csv:
      passes_csv(passes, out);
      return;
    case Format::table:
      passes_table(passes, colour, out);
      return;
    default:
      break;
  }
  fail(Errc::internal, "no passes writer for format {}", to_string(format));
}

}  // namespace gpq
