// The JSON element-set record: the fields of docs/API.md "Element-set record", in its order.
#include "format/json_writer.h"
#include "format/set_writers.h"

namespace gpq::format_detail {

void json_set(const ElementSet& set, std::string& out, const QualityFlags* quality) {
  using json::append_key;
  using json::append_number;
  const DerivedFields derived = derive(set);
  out += '{';
  append_key("OBJECT_NAME", out);
  json::append_string(set.object_name, out);
  out += ',';
  append_key("OBJECT_ID", out);
  if (set.object_id.empty()) {
    out += "null";
  } else {
    json::append_string(set.object_id, out);
  }
  fmt::format_to(std::back_inserter(out), ",\"NORAD_CAT_ID\":{},\"EPOCH\":", set.norad_id);
  json::append_time(set.epoch, out);
  const std::pair<std::string_view, double> elements[] = {
      {",\"MEAN_MOTION\":", set.mean_motion},
      {",\"ECCENTRICITY\":", set.eccentricity},
      {",\"INCLINATION\":", set.inclination},
      {",\"RA_OF_ASC_NODE\":", set.ra_of_asc_node},
      {",\"ARG_OF_PERICENTER\":", set.arg_of_pericenter},
      {",\"MEAN_ANOMALY\":", set.mean_anomaly},
      {",\"BSTAR\":", set.bstar},
      {",\"MEAN_MOTION_DOT\":", set.mean_motion_dot},
      {",\"MEAN_MOTION_DDOT\":", set.mean_motion_ddot},
  };
  for (const auto& [key, value] : elements) {
    out += key;
    append_number(value, out);
  }
  fmt::format_to(std::back_inserter(out),
                 ",\"REV_AT_EPOCH\":{},\"CLASSIFICATION_TYPE\":", set.rev_at_epoch);
  json::append_string(std::string_view(&set.classification_type, 1), out);
  fmt::format_to(std::back_inserter(out), ",\"ELEMENT_SET_NO\":{}", set.element_set_no);
  const std::pair<std::string_view, double> derived_fields[] = {
      {",\"PERIOD_MINUTES\":", derived.period_minutes},
      {",\"APOGEE_KM\":", derived.apogee_km},
      {",\"PERIGEE_KM\":", derived.perigee_km},
      {",\"SEMI_MAJOR_AXIS_KM\":", derived.semi_major_axis_km},
  };
  for (const auto& [key, value] : derived_fields) {
    out += key;
    json::append_fixed3(value, out);
  }
  out += ",\"DATA_SOURCE\":\"";
  out += to_string(set.source);
  out += "\",\"CREATION_DATE\":";
  json::append_optional_time(set.creation_date, out);
  out += ",\"_collected_at\":";
  json::append_time(set.collected_at, out);
  if (quality != nullptr) {
    out += ",\"_quality\":";
    quality->append_json(out);
  }
  out += '}';
}

}  // namespace gpq::format_detail
