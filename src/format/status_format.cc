// The service status as JSON (GET /status) and as text (`gpq status`), and the error body.
#include <iterator>

#include <fmt/core.h>

#include "gpq/format.h"

#include "format/json_writer.h"

namespace gpq {
namespace {

std::string_view health(const ServiceStatus& status) {
  return status.degraded ? "degraded" : "ok";
}

std::string optional_time_text(const std::optional<TimePoint>& t) {
  return t ? format_iso8601_millis(*t) : std::string("never");
}

// A pause that is over is no news.
std::optional<TimePoint> pause_of(const ServiceStatus& status, const SourceSync& source) {
  if (source.paused_until && *source.paused_until > status.generated_at) {
    return source.paused_until;
  }
  return std::nullopt;
}

// The short reason of a failed run; a run recorded before reasons were kept has only its
// whole text, which may hold an upstream's answer.
std::string_view reason_of(const SourceSync& source) {
  return source.last_reason.empty() ? std::string_view("see gpq status") : source.last_reason;
}

}  // namespace

// 1.32 GB, 850 MB, 12 kB: decimal units, three significant figures at most.
std::string human_bytes(std::int64_t bytes) {
  constexpr std::string_view kUnits[] = {"bytes", "kB", "MB", "GB", "TB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1000 && unit + 1 < std::size(kUnits)) {
    value /= 1000;
    ++unit;
  }
  return unit == 0 ? fmt::format("{} bytes", bytes)
                   : fmt::format("{:.{}f} {}", value,
                                 value < 10    ? 2
                                 : value < 100 ? 1
                                               : 0,
                                 kUnits[unit]);
}

void write_status_json(const ServiceStatus& status, std::string_view version, std::string& out,
                       SyncErrors errors) {
  out += "{\"status\":";
  json::append_string(health(status), out);
  out += ",\"version\":";
  json::append_string(version, out);
  out += ",\"generated_at\":";
  json::append_time(status.generated_at, out);
  fmt::format_to(std::back_inserter(out),
                 ",\"catalog_objects\":{},\"element_sets\":{},\"objects_with_sets\":{}"
                 ",\"superseded_versions\":{}",
                 status.catalog_objects, status.element_sets, status.objects_with_sets,
                 status.superseded_versions);
  out += ",\"earliest_epoch\":";
  json::append_optional_time(status.earliest_epoch, out);
  out += ",\"latest_epoch\":";
  json::append_optional_time(status.latest_epoch, out);
  fmt::format_to(std::back_inserter(out), ",\"database_bytes\":{}", status.database_bytes);
  out += ',';
  append_coverage_json(status.coverage, false, out);
  out += ",\"last_successful_sync\":";
  json::append_optional_time(status.last_success, out);
  out += ",\"degraded_after_hours\":";
  out += std::to_string(kDegradedAfterHours);
  out += ",\"last_sync\":{";
  bool first = true;
  for (const SourceSync& source : status.sources) {
    if (!first) {
      out += ',';
    }
    first = false;
    json::append_string(source.source, out);
    out += ":{\"started_at\":";
    json::append_time(source.last_run_started, out);
    out += ",\"finished_at\":";
    json::append_optional_time(source.last_run_ended, out);
    out += ",\"outcome\":";
    json::append_string(source.last_outcome, out);
    out += ",\"error\":";
    if (source.last_error.empty()) {
      out += "null";
    } else {
      json::append_string(errors == SyncErrors::full ? source.last_error : reason_of(source), out);
    }
    fmt::format_to(std::back_inserter(out),
                   ",\"sets_added\":{},\"last_success\":", source.last_sets_added);
    json::append_optional_time(source.last_success, out);
    out += ",\"paused_until\":";
    json::append_optional_time(pause_of(status, source), out);
    out += '}';
  }
  out += "}}";
}

void write_status_text(const ServiceStatus& status, std::string_view version, std::string& out,
                       bool colour) {
  auto line = std::back_inserter(out);
  if (colour) {
    fmt::format_to(line, "status             {}{}\x1b[0m\n",
                   status.degraded ? "\x1b[31m" : "\x1b[32m", health(status));
  } else {
    fmt::format_to(line, "status             {}\n", health(status));
  }
  fmt::format_to(line, "version            {}\n", version);
  fmt::format_to(line, "catalog objects    {}\n", status.catalog_objects);
  fmt::format_to(line, "element sets       {}\n", status.element_sets);
  fmt::format_to(line, "objects with sets  {}\n", status.objects_with_sets);
  fmt::format_to(line, "superseded         {} versions\n", status.superseded_versions);
  fmt::format_to(line, "coverage           {}\n", coverage_line(status.coverage));
  if (status.earliest_epoch && status.latest_epoch) {
    fmt::format_to(line, "epochs             {} to {}\n",
                   format_iso8601_millis(*status.earliest_epoch),
                   format_iso8601_millis(*status.latest_epoch));
  } else {
    fmt::format_to(line, "epochs             none\n");
  }
  fmt::format_to(line, "size on disk       {}\n", human_bytes(status.database_bytes));
  fmt::format_to(line, "last success       {}\n", optional_time_text(status.last_success));
  for (const SourceSync& source : status.sources) {
    fmt::format_to(
        line, "{:<18} {} at {}, {} sets added{}{}\n", source.source, source.last_outcome,
        optional_time_text(source.last_run_ended ? source.last_run_ended : source.last_run_started),
        source.last_sets_added, source.last_error.empty() ? "" : " (" + source.last_error + ")",
        pause_of(status, source) ? "; paused until " + format_iso8601_millis(*source.paused_until)
                                 : "");
  }
}

void write_error_json(int status, std::string_view error, std::string_view message,
                      std::string& out) {
  out += "{\"error\":";
  json::append_string(error, out);
  out += ",\"message\":";
  json::append_string(message, out);
  fmt::format_to(std::back_inserter(out), ",\"status\":{}}}", status);
}

}  // namespace gpq
