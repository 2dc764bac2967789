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

#include "core/parallel_parts.h"
#include "format/csv_field.h"
#include "format/json_writer.h"
#include "format/orbit_fields.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

using namespace format_detail;

// Every row of the catalog comes from the object's nearest set (docs/ORBIT.md).
constexpr SetChoice kChoice = SetChoice::nearest;

// Formats rows one at a time, a long run on several threads: most of the whole catalog's time
// was formatting numbers, and a row's text depends on nothing but the row (and whether it is
// the first).
class TextCatalogStates : public CatalogStateWriter {
 public:
  void rows(std::span<const CatalogStateRow> rows, std::string& out) final {
    constexpr std::size_t kRowsPerThread = 2048;  // fewer are not worth a thread
    const std::size_t parts = part_count(rows.size(), kRowsPerThread);
    std::vector<std::string> texts(parts - 1);  // parts after the first, appended in order
    for_each_part(parts, rows.size(), [&](std::size_t part, std::size_t begin, std::size_t end) {
      std::string& text = part == 0 ? out : texts[part - 1];
      for (std::size_t i = begin; i < end; ++i) {
        row_text(rows[i], first_ && i == 0, text);
      }
    });
    for (const std::string& text : texts) {
      out += text;
    }
    first_ = first_ && rows.empty();
  }

 protected:
  // One row's text; `first`: the first row of the whole answer.
  virtual void row_text(const CatalogStateRow& row, bool first, std::string& out) const = 0;

 private:
  bool first_ = true;
};

class JsonCatalogStates final : public TextCatalogStates {
 public:
  JsonCatalogStates(const CatalogStateQuery& query, const Coverage* coverage)
      : query_(query), coverage_(coverage) {}

  void begin(std::string& out) override { out += "{\"data\":["; }
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
                   "\"states\":{},\"errors\":{}",
                   to_string(kChoice), page.states, page.errors);
    if (coverage_ != nullptr) {
      out += ',';
      append_coverage_json(*coverage_, true, out);
    }
    out += "}}";
  }

 protected:
  void row_text(const CatalogStateRow& row, bool first, std::string& out) const override {
    out += first ? "{" : ",{";
    append_state_json_fields(*row.set, kChoice, query_.frame, row.point, out);
    if (!row.error.empty()) {
      out += ",\"ERROR\":";
      json::append_string(row.error, out);
    }
    out += '}';
  }

 private:
  const CatalogStateQuery& query_;
  const Coverage* coverage_;
};

class CsvCatalogStates final : public TextCatalogStates {
 public:
  explicit CsvCatalogStates(const CatalogStateQuery& query) : frame_(query.frame) {}

  void begin(std::string& out) override {
    append_state_csv_header(frame_, out);
    out += ",ERROR\n";
  }
  void end(const CatalogStatePage&, std::string_view, std::string_view, std::string&) override {}

 protected:
  void row_text(const CatalogStateRow& row, bool /*first*/, std::string& out) const override {
    append_state_csv_row(*row.set, kChoice, frame_, row.point, out);
    out += ',';
    append_csv_field(row.error, out);
    out += '\n';
  }

 private:
  OrbitFrame frame_;
};

class TableCatalogStates final : public CatalogStateWriter {
 public:
  TableCatalogStates(const CatalogStateQuery& query, bool colour)
      : frame_(query.frame), colour_(colour) {}

  void begin(std::string&) override {}
  void rows(std::span<const CatalogStateRow> rows, std::string&) override {
    for (const CatalogStateRow& row : rows) {
      header_ = {"NORAD", "NAME"};
      right_ = {true, false};
      rows_.push_back({std::to_string(row.set->norad_id), row.set->object_name});
      append_point_table(row.point, frame_, header_, rows_.back(), right_);
      header_.emplace_back("SET_AGE_H");
      rows_.back().push_back(fmt::format("{:.2f}", set_age_hours(row.point)));
      right_.push_back(true);
    }
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
                                                              bool colour,
                                                              const Coverage* coverage) {
  switch (format) {
    case Format::json:
      return std::make_unique<JsonCatalogStates>(query, coverage);
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
