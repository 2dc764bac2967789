#include "gpq/key_format.h"

#include <iterator>

#include <fmt/core.h>

#include "core/printable_text.h"
#include "format/csv_field.h"
#include "format/json_writer.h"

namespace gpq {
namespace {

std::string revoked_text(const ApiKeyInfo& key) {
  return key.revoked ? format_iso8601_millis(*key.revoked) : std::string();
}

void write_table(const KeyListing& listing, std::string& out) {
  auto row = std::back_inserter(out);
  fmt::format_to(row, "{:>4}  {:<24}  {:<11}  {:<24}  {:<24}  {}\n", "ID", "LABEL", "SCOPE",
                 "CREATED", "REVOKED", "REQUESTS " + listing.month);
  for (const ApiKeyInfo& key : listing.keys) {
    // printable(): a label stored by an older gpq, or written to Redis by hand, may hold a
    // line break.
    fmt::format_to(row, "{:>4}  {:<24}  {:<11}  {:<24}  {:<24}  {}\n", key.id, printable(key.label),
                   key_scope_name(key.scope), format_iso8601_millis(key.created),
                   key.revoked ? revoked_text(key) : "-", key.used_this_month);
  }
}

void write_json(const KeyListing& listing, std::string& out) {
  out += "{\"month\":";
  json::append_string(listing.month, out);
  out += ",\"keys\":[";
  for (std::size_t i = 0; i < listing.keys.size(); ++i) {
    const ApiKeyInfo& key = listing.keys[i];
    out += i == 0 ? "{" : ",{";
    fmt::format_to(std::back_inserter(out), "\"id\":{},\"label\":", key.id);
    json::append_string(key.label, out);
    out += ",\"scope\":";
    json::append_string(key_scope_name(key.scope), out);
    out += ",\"created\":";
    json::append_time(key.created, out);
    out += ",\"revoked\":";
    json::append_optional_time(key.revoked, out);
    fmt::format_to(std::back_inserter(out), ",\"requests_this_month\":{}}}", key.used_this_month);
  }
  out += "]}\n";
}

void write_csv(const KeyListing& listing, std::string& out) {
  out += "ID,LABEL,SCOPE,CREATED,REVOKED,MONTH,REQUESTS_THIS_MONTH\n";
  for (const ApiKeyInfo& key : listing.keys) {
    out += std::to_string(key.id);
    out += ',';
    format_detail::append_csv_field(key.label, out);
    fmt::format_to(std::back_inserter(out), ",{},{},{},{},{}\n", key_scope_name(key.scope),
                   format_iso8601_millis(key.created), revoked_text(key), listing.month,
                   key.used_this_month);
  }
}

}  // namespace

void write_key_listing(Format format, const KeyListing& listing, std::string& out) {
  switch (format) {
    case Format::json:
      write_json(listing, out);
      return;
    case Format::csv:
      write_csv(listing, out);
      return;
    default:
      write_table(listing, out);
      return;
  }
}

}  // namespace gpq
