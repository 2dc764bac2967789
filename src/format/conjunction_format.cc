// Conjunctions in json, csv and table (gpq/conjunction_format.h); CDM in cdm_format.cc.
#include "gpq/conjunction_format.h"

#include <iterator>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "gpq/error.h"

#include "format/csv_field.h"
#include "format/json_writer.h"
#include "format/plain_table.h"
#include "format/set_writers.h"

namespace gpq {
namespace {

using namespace format_detail;

void append_object_json(const ConjunctionObject& object, std::string& out) {
  fmt::format_to(std::back_inserter(out),
                 "{{\"NORAD_CAT_ID\":{},\"OBJECT_NAME\":", object.norad_id);
  json::append_string(object.object_name, out);
  out += ",\"OBJECT_ID\":";
  json::append_string(object.object_id, out);
  out += ",\"SET_EPOCH\":";
  json::append_time(object.set_epoch, out);
  out += ",\"DATA_SOURCE\":";
  json::append_string(to_string(object.source), out);
  fmt::format_to(std::back_inserter(out), ",\"DAYS_SINCE_EPOCH\":{:.3f}}}",
                 object.days_since_epoch);
}

void append_event_json(const ConjunctionEvent& event, std::string& out) {
  out += "{\"TCA\":";
  json::append_time(event.tca, out);
  fmt::format_to(
      std::back_inserter(out),
      ",\"MISS_DISTANCE_M\":{:.3f},\"RELATIVE_SPEED_KM_S\":{:.6f},\"MISS_RADIAL_M\":{:.3f},"
      "\"MISS_IN_TRACK_M\":{:.3f},\"MISS_CROSS_TRACK_M\":{:.3f},\"MAX_PROBABILITY\":{:.4e},"
      "\"DILUTION_THRESHOLD_KM\":{:.4f},\"PRIMARY\":",
      event.miss_m, event.relative_speed_km_s, event.miss_rtn_m[0], event.miss_rtn_m[1],
      event.miss_rtn_m[2], event.max_probability, event.dilution_threshold_km);
  append_object_json(event.primary, out);
  out += ",\"SECONDARY\":";
  append_object_json(event.secondary, out);
  out += '}';
}

void append_primaries_json(const ConjunctionPrimaries& primaries, std::string& out) {
  out += "{\"norad_ids\":[";
  for (std::size_t i = 0; i < primaries.norad_ids.size(); ++i) {
    fmt::format_to(std::back_inserter(out), "{}{}", i == 0 ? "" : ",", primaries.norad_ids[i]);
  }
  out += "],\"group\":";
  if (primaries.group) {
    json::append_string(*primaries.group, out);
  } else {
    out += "null";
  }
  out += ",\"object_type\":";
  if (primaries.object_type) {
    json::append_string(to_string(*primaries.object_type), out);
  } else {
    out += "null";
  }
  out += '}';
}

void write_json(const ConjunctionQuery& query, const ConjunctionPage& page,
                std::span<const ConjunctionEvent> events, const PageUrls& links,
                const Coverage* coverage, std::string& out) {
  out += "{\"data\":[";
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (i > 0) {
      out += ',';
    }
    append_event_json(events[i], out);
  }
  out += "],";
  write_pagination_member(page.page, links.next, links.prev, out);
  out += ",\"meta\":{\"from\":";
  json::append_time(page.from, out);
  out += ",\"to\":";
  json::append_time(page.to, out);
  fmt::format_to(std::back_inserter(out),
                 ",\"threshold_km\":{},\"hard_body_radius_m\":{},\"sort\":\"{}\","
                 "\"exclude_same_constellation\":{},\"set_rule\":\"{}\",\"primaries\":",
                 query.threshold_km, query.hard_body_radius_m, to_string(query.sort),
                 query.exclude_same_constellation, query.follow_archive ? "archive" : "snapshot");
  append_primaries_json(query.primaries, out);
  const ConjunctionCounts& c = page.counts;
  fmt::format_to(std::back_inserter(out),
                 ",\"objects\":{{\"members\":{},\"screened\":{},\"sets\":{},\"primaries\":{},"
                 "\"left_out_stale\":{},\"left_out_not_sgp4\":{},\"failed_in_window\":{}}},"
                 "\"approaches\":{}",
                 c.objects, c.screened, c.sets, c.primaries, c.stale, c.not_sgp4, c.failed,
                 c.approaches);
  if (coverage != nullptr) {
    out += ',';
    append_coverage_json(*coverage, true, out);
  }
  out += "}}";
}

void append_object_csv(const ConjunctionObject& object, std::string& out) {
  fmt::format_to(std::back_inserter(out), ",{},", object.norad_id);
  append_csv_field(object.object_name, out);
  out += ',';
  append_csv_field(object.object_id, out);
  out += ',';
  append_iso8601_millis(object.set_epoch, out);
  fmt::format_to(std::back_inserter(out), ",{},{:.3f}", to_string(object.source),
                 object.days_since_epoch);
}

void write_csv(std::span<const ConjunctionEvent> events, std::string& out) {
  out +=
      "TCA,MISS_DISTANCE_M,RELATIVE_SPEED_KM_S,MISS_RADIAL_M,MISS_IN_TRACK_M,MISS_CROSS_TRACK_M,"
      "MAX_PROBABILITY,DILUTION_THRESHOLD_KM";
  for (const std::string_view side : {"PRIMARY", "SECONDARY"}) {
    fmt::format_to(std::back_inserter(out),
                   ",{0}_NORAD_CAT_ID,{0}_OBJECT_NAME,{0}_OBJECT_ID,{0}_SET_EPOCH,{0}_DATA_SOURCE,"
                   "{0}_DAYS_SINCE_EPOCH",
                   side);
  }
  out += '\n';
  for (const ConjunctionEvent& event : events) {
    append_iso8601_millis(event.tca, out);
    fmt::format_to(std::back_inserter(out), ",{:.3f},{:.6f},{:.3f},{:.3f},{:.3f},{:.4e},{:.4f}",
                   event.miss_m, event.relative_speed_km_s, event.miss_rtn_m[0],
                   event.miss_rtn_m[1], event.miss_rtn_m[2], event.max_probability,
                   event.dilution_threshold_km);
    append_object_csv(event.primary, out);
    append_object_csv(event.secondary, out);
    out += '\n';
  }
}

void write_table(std::span<const ConjunctionEvent> events, const AnswerStyle& style,
                 std::string& out) {
  const TableRow header = {"TCA",   "MISS_M",    "SPEED_KM_S", "PRIMARY",
                           "DSE_1", "SECONDARY", "DSE_2",      "MAX_PROB"};
  const std::vector<bool> right = {false, true, true, false, true, false, true, true};
  std::vector<TableRow> rows;
  rows.reserve(events.size());
  const auto object = [](const ConjunctionObject& o) {
    return fmt::format("{} {}", o.norad_id, o.object_name);
  };
  for (const ConjunctionEvent& event : events) {
    rows.push_back({format_iso8601_millis(event.tca), fmt::format("{:.1f}", event.miss_m),
                    fmt::format("{:.3f}", event.relative_speed_km_s), object(event.primary),
                    fmt::format("{:.2f}", event.primary.days_since_epoch), object(event.secondary),
                    fmt::format("{:.2f}", event.secondary.days_since_epoch),
                    fmt::format("{:.3e}", event.max_probability)});
  }
  if (!rows.empty()) {
    append_plain_table(header, rows, right, style.table_colour, out);
  }
}

}  // namespace

void write_conjunctions(Format format, const ConjunctionQuery& query, const ConjunctionPage& page,
                        std::span<const ConjunctionEvent> events, const PageUrls& links,
                        const AnswerStyle& style, std::string& out) {
  switch (format) {
    case Format::json:
      write_json(query, page, events, links, style.coverage ? &*style.coverage : nullptr, out);
      if (style.newline_after_json) {
        out += '\n';
      }
      return;
    case Format::csv:
      write_csv(events, out);
      return;
    case Format::table:
      write_table(events, style, out);
      return;
    case Format::kvn:
    case Format::xml: {
      const bool xml = format == Format::xml;
      if (xml) {
        format_detail::xml_begin(out);
      }
      for (std::size_t i = 0; i < events.size(); ++i) {
        if (i > 0 && !xml) {
          out += '\n';
        }
        write_cdm(events[i], query, xml, out);
      }
      if (xml) {
        format_detail::xml_end(out);
      }
      return;
    }
    default:
      fail(Errc::internal, "conjunctions are not written as {}", to_string(format));
  }
}

}  // namespace gpq
