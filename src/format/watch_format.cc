#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/watch.h"

#include "core/printable_text.h"
#include "format/json_writer.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

std::string follows(const ChangeFilter& filter) {
  std::string text;
  for (const std::int32_t id : filter.norad_ids) {
    text += text.empty() ? "" : ",";
    text += std::to_string(id);
  }
  if (!filter.group.empty()) {
    text += (text.empty() ? "group " : " group ") + filter.group;
  }
  return text.empty() ? "all" : text;
}

std::string kinds(const ChangeFilter& filter) {
  std::string text;
  for (int k = 0; k < kChangeKindCount; ++k) {
    if (filter.kinds != 0 && filter.admits_kind(static_cast<ChangeKind>(k))) {
      text += text.empty() ? "" : ",";
      text += to_string(static_cast<ChangeKind>(k));
    }
  }
  return text.empty() ? "all" : text;
}

std::string last_try(const Watch& watch) {
  if (!watch.last_error.empty()) {
    return printable(watch.last_error);
  }
  return watch.last_status ? "HTTP " + std::to_string(*watch.last_status) : "-";
}

void write_table(const std::vector<Watch>& watches, std::string& out) {
  std::vector<format_detail::TableRow> rows;
  for (const Watch& watch : watches) {
    rows.push_back({std::to_string(watch.id), printable(watch.url), follows(watch.filter),
                    kinds(watch.filter), std::to_string(watch.delivered_through),
                    std::to_string(watch.delivered), std::to_string(watch.failed),
                    watch.attempts > 0 ? format_iso8601_millis(watch.next_attempt) : "-",
                    last_try(watch)});
  }
  format_detail::append_plain_table(
      {"ID", "URL", "OBJECTS", "EVENTS", "THROUGH", "DELIVERED", "FAILED", "RETRY AT", "LAST"},
      rows, {true, false, false, false, true, true, true, false, false}, false, out);
}

void write_json(const std::vector<Watch>& watches, std::string& out) {
  auto to = std::back_inserter(out);
  out += "{\"watches\":[";
  for (std::size_t i = 0; i < watches.size(); ++i) {
    const Watch& watch = watches[i];
    fmt::format_to(to, "{}{{\"id\":{},\"url\":", i == 0 ? "" : ",", watch.id);
    json::append_string(watch.url, out);
    out += ",\"norad_ids\":[";
    for (std::size_t k = 0; k < watch.filter.norad_ids.size(); ++k) {
      fmt::format_to(to, "{}{}", k == 0 ? "" : ",", watch.filter.norad_ids[k]);
    }
    out += "],\"group\":";
    if (watch.filter.group.empty()) {
      out += "null";
    } else {
      json::append_string(watch.filter.group, out);
    }
    out += ",\"events\":";
    json::append_string(kinds(watch.filter), out);
    fmt::format_to(to, ",\"allow_private\":{},\"created\":", watch.allow_private);
    json::append_time(watch.created, out);
    fmt::format_to(to,
                   ",\"delivered_through\":{},\"delivered\":{},\"failed\":{},\"attempts\":{},"
                   "\"next_attempt\":",
                   watch.delivered_through, watch.delivered, watch.failed, watch.attempts);
    if (watch.attempts > 0) {
      json::append_time(watch.next_attempt, out);
    } else {
      out += "null";
    }
    out += ",\"last_status\":";
    out += watch.last_status ? std::to_string(*watch.last_status) : "null";
    out += ",\"last_error\":";
    if (watch.last_error.empty()) {
      out += "null";
    } else {
      json::append_string(watch.last_error, out);
    }
    out += '}';
  }
  out += "]}\n";
}

}  // namespace

void write_watch_listing(Format format, const std::vector<Watch>& watches, std::string& out) {
  switch (format) {
    case Format::json:
      write_json(watches, out);
      return;
    case Format::table:
      write_table(watches, out);
      return;
    default:
      fail(Errc::bad_request, "gpq watch list writes table or json, not {}", to_string(format));
  }
}

}  // namespace gpq
