// An answer's coverage (`include=coverage`) in the three places it is written: JSON's member,
// the X-Coverage header, and a line for people.
#include <iterator>

#include <fmt/format.h>

#include "gpq/format.h"

#include "format/json_writer.h"

namespace gpq {

void append_coverage_json(const Coverage& coverage, bool with_syncs, std::string& out) {
  out += "\"coverage\":{\"at\":";
  json::append_time(coverage.instant, out);
  fmt::format_to(std::back_inserter(out),
                 ",\"on_orbit\":{},\"with_set_within_1d\":{},\"with_set_within_3d\":{},"
                 "\"with_set_within_30d\":{}",
                 coverage.on_orbit, coverage.within_1_day, coverage.within_3_days,
                 coverage.within_30_days);
  if (with_syncs) {
    out += ",\"last_sync\":{";
    for (const SourceCollected& sync : coverage.last_syncs) {
      out += &sync == coverage.last_syncs.data() ? "" : ",";
      json::append_string(sync.source, out);
      out += ':';
      json::append_time(sync.collected_at, out);
    }
    out += '}';
  }
  out += '}';
}

// Parameters of one header value (RFC 9110 style), in the JSON member's names.
std::string coverage_header_value(const Coverage& coverage) {
  std::string value = fmt::format(
      "at={}; on_orbit={}; with_set_within_1d={}; with_set_within_3d={}; with_set_within_30d={}",
      format_iso8601_millis(coverage.instant), coverage.on_orbit, coverage.within_1_day,
      coverage.within_3_days, coverage.within_30_days);
  for (const SourceCollected& sync : coverage.last_syncs) {
    fmt::format_to(std::back_inserter(value), "; last_sync_{}={}", sync.source,
                   format_iso8601_millis(sync.collected_at));
  }
  return value;
}

std::string coverage_line(const Coverage& coverage) {
  std::string line = fmt::format(
      "{} objects in orbit (SATCAT); a set within 1 day: {}, 3 days: {}, 30 days: {}",
      coverage.on_orbit, coverage.within_1_day, coverage.within_3_days, coverage.within_30_days);
  for (const SourceCollected& sync : coverage.last_syncs) {
    fmt::format_to(std::back_inserter(line), "{} {} {}",
                   &sync == coverage.last_syncs.data() ? "; last sync:" : ",", sync.source,
                   format_iso8601_millis(sync.collected_at));
  }
  return line;
}

}  // namespace gpq
