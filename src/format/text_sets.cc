// TLE/2LE and CSV lines for element sets.
#include <iterator>

#include <fmt/core.h>

#include "gpq/tle.h"

#include "core/printable_text.h"
#include "format/csv_field.h"
#include "format/set_writers.h"

namespace gpq::format_detail {

void tle_set(const ElementSet& set, bool with_name, TleLayout layout, std::string& out) {
  // Throws, for what TLE cannot carry, before anything is written.
  const TleLines lines = format_tle_lines(set, layout);
  if (with_name) {
    // The name line is the one free text of the format: it never holds a line break.
    if (set.object_name.empty()) {
      fmt::format_to(std::back_inserter(out), "{:05}", set.norad_id);
    } else {
      append_printable(set.object_name, out);
    }
    out += '\n';
  }
  out += lines.line1;
  out += '\n';
  out += lines.line2;
  out += '\n';
}

void csv_header(std::string& out, bool with_quality) {
  out +=
      "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
      "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
      "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT,PERIOD_MINUTES,"
      "APOGEE_KM,PERIGEE_KM,SEMI_MAJOR_AXIS_KM,DATA_SOURCE,CREATION_DATE,_collected_at";
  out += with_quality ? ",_quality\n" : "\n";
}

void csv_set(const ElementSet& set, std::string& out, const QualityFlags* quality) {
  const DerivedFields d = derive(set);
  append_csv_field(set.object_name, out);
  out += ',';
  append_csv_field(set.object_id, out);
  fmt::format_to(std::back_inserter(out), ",{},{:.8f},{},{},{},{},{},{},",
                 format_iso8601_micros(set.epoch), set.mean_motion, set.eccentricity,
                 set.inclination, set.ra_of_asc_node, set.arg_of_pericenter, set.mean_anomaly,
                 static_cast<int>(set.ephemeris_type));
  append_csv_field(set.classification_type, out);
  fmt::format_to(std::back_inserter(out), ",{},{},{},{},{},{},{:.3f},{:.3f},{:.3f},{:.3f},{},",
                 set.norad_id, set.element_set_no, set.rev_at_epoch, set.bstar, set.mean_motion_dot,
                 set.mean_motion_ddot, d.period_minutes, d.apogee_km, d.perigee_km,
                 d.semi_major_axis_km, to_string(set.source));
  if (set.creation_date) {
    out += format_iso8601_millis(*set.creation_date);
  }
  out += ',';
  out += format_iso8601_millis(set.collected_at);
  if (quality != nullptr) {
    out += ',';
    out += quality->joined(" ");  // plain words and spaces: no quoting
  }
  out += '\n';
}

}  // namespace gpq::format_detail
