#include "gpq/series_format.h"

#include <iterator>

#include <fmt/compile.h>
#include <fmt/core.h>

#include "format/json_writer.h"

namespace gpq {
namespace {

// One column: `"NAME":[v,v,...]`, each value from `value(set)`.
template <typename Value>
void column(std::string_view name, std::span<const ElementSet> sets, Value value,
            std::string& out) {
  out += '"';
  out += name;
  out += "\":[";
  for (std::size_t k = 0; k < sets.size(); ++k) {
    if (k > 0) {
      out += ',';
    }
    value(sets[k], out);
  }
  out += ']';
}

void number(double value, std::string& out) {
  json::append_number(value, out);
}

}  // namespace

void write_series_json(std::int32_t norad_id, std::span<const ElementSet> sets, std::string& out) {
  out.reserve(out.size() + sets.size() * 220);
  out += "{\"data\":{";
  column(
      "EPOCH_UNIX", sets,
      [](const ElementSet& s, std::string& o) {
        fmt::format_to(std::back_inserter(o), FMT_COMPILE("{:.3f}"),
                       static_cast<double>(s.epoch.unix_micros()) / 1e6);
      },
      out);
  out += ',';
  column(
      "DATA_SOURCE", sets,
      [](const ElementSet& s, std::string& o) {
        o += s.source == DataSource::spacetrack ? "\"spacetrack\"" : "\"celestrak\"";
      },
      out);
  out += ',';
  column(
      "ELEMENT_SET_NO", sets,
      [](const ElementSet& s, std::string& o) {
        fmt::format_to(std::back_inserter(o), FMT_COMPILE("{}"), s.element_set_no);
      },
      out);
  const auto field = [&](std::string_view name, double (*value)(const ElementSet&)) {
    out += ',';
    column(
        name, sets, [value](const ElementSet& s, std::string& o) { number(value(s), o); }, out);
  };
  field("MEAN_MOTION", [](const ElementSet& s) { return s.mean_motion; });
  field("ECCENTRICITY", [](const ElementSet& s) { return s.eccentricity; });
  field("INCLINATION", [](const ElementSet& s) { return s.inclination; });
  field("RA_OF_ASC_NODE", [](const ElementSet& s) { return s.ra_of_asc_node; });
  field("BSTAR", [](const ElementSet& s) { return s.bstar; });
  field("SEMIMAJOR_AXIS", [](const ElementSet& s) { return derive(s).semi_major_axis_km; });
  field("PERIGEE", [](const ElementSet& s) { return derive(s).perigee_km; });
  field("APOGEE", [](const ElementSet& s) { return derive(s).apogee_km; });
  fmt::format_to(std::back_inserter(out),
                 "}},\"meta\":{{\"norad_id\":{},\"object_name\":", norad_id);
  json::append_string(sets.empty() ? std::string_view() : sets.back().object_name, out);
  fmt::format_to(std::back_inserter(out), ",\"points\":{}}}}}", sets.size());
}

}  // namespace gpq
