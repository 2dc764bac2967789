// An object's events in json, csv and table (gpq/event_format.h); field names in
// docs/EVENTS.md. One flat row an event, so that csv and json carry the same columns.
#include "gpq/event_format.h"

#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"

#include "format/json_writer.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

using namespace format_detail;

constexpr std::string_view kCsvHeader =
    "TIME,KIND,ELEMENT,SIZE,UNIT,SIGMAS,BEFORE_EPOCH,BEFORE_SOURCE,BEFORE_ELEMENT_SET_NO,"
    "AFTER_EPOCH,AFTER_SOURCE,AFTER_ELEMENT_SET_NO,REENTRY_EARLIEST,REENTRY_LATEST";

std::string upper(std::string_view name) {
  std::string text(name);
  for (char& c : text) {
    c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  }
  return text;
}

void set_ref_json(std::string_view side, const SetRef& ref, std::string& out) {
  fmt::format_to(std::back_inserter(out), ",\"{}_EPOCH\":", side);
  json::append_time(ref.epoch, out);
  fmt::format_to(std::back_inserter(out), ",\"{}_SOURCE\":\"{}\",\"{}_ELEMENT_SET_NO\":{}", side,
                 to_string(ref.source), side, ref.element_set_no);
}

}  // namespace

void write_orbit_event_json(const OrbitEvent& event, std::string& out) {
  out += "{\"TIME\":";
  json::append_time(event.time, out);
  fmt::format_to(std::back_inserter(out),
                 ",\"KIND\":\"{}\",\"ELEMENT\":\"{}\",\"SIZE\":", upper(to_string(event.kind)),
                 upper(to_string(event.element)));
  json::append_number(event.size, out);
  fmt::format_to(std::back_inserter(out), ",\"UNIT\":\"{}\",\"SIGMAS\":", unit_of(event.element));
  json::append_number(event.sigmas, out);
  set_ref_json("BEFORE", event.before, out);
  set_ref_json("AFTER", event.after, out);
  out += ",\"REENTRY_EARLIEST\":";
  json::append_optional_time(event.reentry_earliest, out);
  out += ",\"REENTRY_LATEST\":";
  json::append_optional_time(event.reentry_latest, out);
  out += '}';
}

namespace {

void events_json(const EventList& list, std::string& out) {
  out += "{\"data\":[";
  for (std::size_t k = 0; k < list.events.size(); ++k) {
    out += k == 0 ? "" : ",";
    write_orbit_event_json(list.events[k], out);
  }
  fmt::format_to(std::back_inserter(out),
                 "],\"meta\":{{\"norad_id\":{},\"object_name\":", list.norad_id);
  json::append_string(list.object_name, out);
  out += ",\"start\":";
  json::append_optional_time(list.query.start, out);
  out += ",\"end\":";
  json::append_optional_time(list.query.end, out);
  fmt::format_to(std::back_inserter(out), ",\"sets\":{},\"distinct_sets\":{},\"noise\":{{",
                 list.sets, list.distinct);
  out += "\"semi_major_axis_km\":";
  json::append_number(list.noise.semi_major_axis_km, out);
  out += ",\"inclination_deg\":";
  json::append_number(list.noise.inclination_deg, out);
  out += ",\"eccentricity\":";
  json::append_number(list.noise.eccentricity, out);
  out += "},\"median_interval_days\":";
  json::append_number(list.noise.median_interval_days, out);
  fmt::format_to(std::back_inserter(out), ",\"events\":{}}}}}", list.events.size());
}

std::string optional_time(const std::optional<TimePoint>& t) {
  return t ? format_iso8601_millis(*t) : std::string();
}

void events_csv(const EventList& list, std::string& out) {
  out += kCsvHeader;
  out += '\n';
  for (const OrbitEvent& event : list.events) {
    fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                   format_iso8601_millis(event.time), upper(to_string(event.kind)),
                   upper(to_string(event.element)), event.size, unit_of(event.element),
                   event.sigmas, format_iso8601_millis(event.before.epoch),
                   to_string(event.before.source), event.before.element_set_no,
                   format_iso8601_millis(event.after.epoch), to_string(event.after.source),
                   event.after.element_set_no, optional_time(event.reentry_earliest),
                   optional_time(event.reentry_latest));
  }
}

std::string size_text(const OrbitEvent& event) {
  const std::string_view unit = unit_of(event.element);
  const std::string number = event.element == EventElement::eccentricity
                                 ? fmt::format("{:+.6f}", event.size)
                                 : fmt::format("{:+.3f}", event.size);
  return unit.empty() ? number : fmt::format("{} {}", number, unit);
}

void events_table(const EventList& list, bool colour, std::string& out) {
  const TableRow header = {"TIME",   "KIND",   "ELEMENT", "SIZE",
                           "SIGMAS", "BEFORE", "AFTER",   "REENTRY"};
  std::vector<TableRow> rows;
  for (const OrbitEvent& event : list.events) {
    std::string reentry = "-";
    if (event.reentry_earliest && event.reentry_latest) {
      reentry = format_iso8601_millis(*event.reentry_earliest).substr(0, 16) + " .. " +
                format_iso8601_millis(*event.reentry_latest).substr(0, 16);
    }
    rows.push_back({format_iso8601_millis(event.time).substr(0, 19),
                    std::string(to_string(event.kind)), std::string(to_string(event.element)),
                    size_text(event),
                    event.kind == EventKind::manoeuvre ? fmt::format("{:.1f}", event.sigmas) : "-",
                    format_iso8601_millis(event.before.epoch).substr(0, 19),
                    format_iso8601_millis(event.after.epoch).substr(0, 19), reentry});
  }
  append_plain_table(header, rows, {false, false, false, true, true, false, false, false}, colour,
                     out);
  if (list.events.empty()) {
    fmt::format_to(std::back_inserter(out), "no events in {} sets\n", list.distinct);
  }
}

}  // namespace

void write_events(Format format, const EventList& events, std::string& out, bool colour) {
  switch (format) {
    case Format::json:
      events_json(events, out);
      return;
    case Format::csv:
      events_csv(events, out);
      return;
    case Format::table:
      events_table(events, colour, out);
      return;
    default:
      break;
  }
  fail(Errc::internal, "no events writer for format {}", to_string(format));
}

}  // namespace gpq
