// The catalog's states in json, csv and table (gpq/orbit_format.h): each row the state `gpq
// state` writes, so that a row and the object's own state are the same text.
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/format.h"
#include "gpq/orbit_format.h"

#include "format/csv_field.h"
#include "format/json_writer.h"
#include "format/orbit_fields.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

using namespace format_detail;

// Every row of the catalog comes from the object's nearest set (docs/ORBIT.md).
constexpr SetChoice kChoice = SetChoice::nearest;

class JsonCatalogStates final : public CatalogStateWriter {
 public:
  explicit JsonCatalogStates(const CatalogStateQuery& query) : query_(query) {}

  void begin(std::string& out) override { out += "{\"data\":["; }
  void row(const CatalogStateRow& row, std::string& out) override {
    out += first_ ? "{" : ",{";
    first_ = false;
    append_state_json_fields(*row.set, kChoice, query_.frame, row.point, out);
    if (!row.error.empty()) {
      out += ",\"ERROR\":";
      json::append_string(row.error, out);
    }
    out += '}';
  }
  void end(const CatalogStatePage& page, std::string_view next, std::string_view prev,
           std::string& out) override {
    out += "],";
    write_pagination_member(page.page, next, prev, out);
    out += ",\"meta\":{\"epoch\":";
    json::append_time(query_.epoch, out);
    out += ",\"frame\":";
    json::append_string(to_string(query_.frame), out);
    out += ",\"ref_frame\":";
    json::append_string(ref_frame_name(query_.frame), out);
    fmt::format_to(std::back_inserter(out),
                   ",\"center_name\":\"EARTH\",\"time_system\":\"UTC\",\"set_choice\":\"{}\","
                   "\"states\":{},\"errors\":{}}}}}",
                   to_string(kChoice), page.states, page.errors);
  }

 private:
  const CatalogStateQuery& query_;
  bool first_ = true;
};

class CsvCatalogStates final : public CatalogStateWriter {
 public:
  explicit CsvCatalogStates(const CatalogStateQuery& query) : frame_(query.frame) {}

  void begin(std::string& out) override {
    append_state_csv_header(frame_, out);
    out += ",ERROR\n";
  }
  void row(const CatalogStateRow& row, std::string& out) override {
    append_state_csv_row(*row.set, kChoice, frame_, row.point, out);
    out += ',';
    append_csv_field(row.error, out);
    out += '\n';
  }
  void end(const CatalogStatePage&, std::string_view, std::string_view, std::string&) override {}

 private:
  OrbitFrame frame_;
};

class TableCatalogStates final : public CatalogStateWriter {
 public:
  TableCatalogStates(const CatalogStateQuery& query, bool colour)
      : frame_(query.frame), colour_(colour) {}

  void begin(std::string&) override {}
  void row(const CatalogStateRow& row, std::string&) override {
    header_ = {"NORAD", "NAME"};
    right_ = {true, false};
    rows_.push_back({std::to_string(row.set->norad_id), row.set->object_name});
    append_point_table(row.point, frame_, header_, rows_.back(), right_);
    header_.emplace_back("SET_AGE_H");
    rows_.back().push_back(fmt::format("{:.2f}", set_age_hours(row.point)));
    right_.push_back(true);
  }
  void end(const CatalogStatePage&, std::string_view, std::string_view, std::string& out) override {
    if (!rows_.empty()) {
      append_plain_table(header_, rows_, right_, colour_, out);
    }
  }

 private:
  OrbitFrame frame_;
  bool colour_;
  TableRow header_;
  std::vector<bool> right_;
  std::vector<TableRow> rows_;
};

}  // namespace

std::unique_ptr<CatalogStateWriter> make_catalog_state_writer(Format format,
                                                              const CatalogStateQuery& query,
                                                              bool colour) {
  switch (format) {
    case Format::json:
      return std::make_unique<JsonCatalogStates>(query);
    case Format::csv:
      return std::make_unique<CsvCatalogStates>(query);
    case Format::table:
      return std::make_unique<TableCatalogStates>(query, colour);
    default:
      break;
  }
  fail(Errc::internal, "no catalog state writer for format {}", to_string(format));
}

}  // namespace gpq
