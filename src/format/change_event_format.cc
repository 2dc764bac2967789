#include "gpq/change_event_format.h"

#include <iterator>

#include <fmt/core.h>

#include "gpq/event_format.h"
#include "gpq/format.h"

#include "format/json_writer.h"

namespace gpq {

void write_change_event_json(const ChangeEvent& event, const ChangeContext& context,
                             std::string& out) {
  fmt::format_to(std::back_inserter(out), "{{\"id\":{},\"event\":\"{}\",\"norad_id\":{},", event.id,
                 to_string(event.kind), event.norad_id);
  out += "\"object_name\":";
  if (context.object_name.empty()) {
    out += "null";
  } else {
    json::append_string(context.object_name, out);
  }
  const bool from_catalog = event.kind == ChangeKind::decay && !event.orbit;
  out += ",\"basis\":";
  out += from_catalog ? "\"satcat\"" : "\"sets\"";
  fmt::format_to(std::back_inserter(out), ",\"source\":\"{}\",\"epoch\":", to_string(event.source));
  json::append_time(event.epoch, out);
  out += ",\"committed\":";
  json::append_time(event.committed, out);
  out += ",\"data\":";
  if (event.orbit) {
    write_orbit_event_json(*event.orbit, out);
  } else if (from_catalog && context.record != nullptr) {
    write_catalog_record_json(*context.record, out);
  } else if (!from_catalog && context.set != nullptr) {
    write_set(Format::json, *context.set, out);
  } else {
    out += "null";
  }
  out += '}';
}

}  // namespace gpq
