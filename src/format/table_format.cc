// Terminal tables of sets and catalog records: plain_table's columns, the name column cut
// with an ellipsis so a row fits the terminal.
#include <fmt/core.h>

#include "gpq/format.h"

#include "core/printable_text.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

constexpr std::size_t kNameColumn = 1;

}  // namespace

void TableWriter::add_set(const ElementSet& set, const QualityFlags* quality) {
  const DerivedFields d = derive(set);
  rows_.push_back({fmt::format("{}", set.norad_id), printable(set.object_name),
                   format_iso8601_millis(set.epoch), fmt::format("{:.4f}", set.inclination),
                   fmt::format("{:.1f}", d.apogee_km), fmt::format("{:.1f}", d.perigee_km),
                   fmt::format("{:.2f}", d.period_minutes), std::string(to_string(set.source))});
  if (quality != nullptr) {
    quality_ = true;
    rows_.back().push_back(quality->joined(" "));
  }
}

void TableWriter::add_catalog(const CatalogRecord& r) {
  catalog_ = true;
  rows_.push_back({fmt::format("{}", r.norad_id), printable(r.object_name), printable(r.object_id),
                   r.object_type ? std::string(to_string(*r.object_type)) : std::string(),
                   printable(r.ops_status_code), printable(r.owner),
                   r.launch_date ? format_date(*r.launch_date) : "",
                   r.decay_date ? format_date(*r.decay_date) : ""});
}

void TableWriter::write(std::string& out) const {
  static const format_detail::TableRow kSetHeader = {"NORAD",  "NAME",    "EPOCH",  "INCL",
                                                     "APOGEE", "PERIGEE", "PERIOD", "SOURCE"};
  static const format_detail::TableRow kCatalogHeader = {"NORAD",  "NAME",  "INTLDES", "TYPE",
                                                         "STATUS", "OWNER", "LAUNCH",  "DECAY"};
  // The NORAD id right-aligned, and for sets the inclination, apogee, perigee and period.
  static const std::vector<bool> kSetRight = {true, false, false, true, true, true, true, false};
  static const std::vector<bool> kCatalogRight = {true,  false, false, false,
                                                  false, false, false, false};
  if (quality_) {
    format_detail::TableRow header = kSetHeader;
    header.emplace_back("QUALITY");
    std::vector<bool> right = kSetRight;
    right.push_back(false);
    std::vector<format_detail::TableRow> rows = rows_;
    for (format_detail::TableRow& row : rows) {
      row.resize(header.size());
    }
    format_detail::append_plain_table(
        header, rows, right, colour_, out,
        format_detail::FitColumn{kNameColumn, static_cast<std::size_t>(width_)});
    return;
  }
  format_detail::append_plain_table(
      catalog_ ? kCatalogHeader : kSetHeader, rows_, catalog_ ? kCatalogRight : kSetRight, colour_,
      out, format_detail::FitColumn{kNameColumn, static_cast<std::size_t>(width_)});
}

}  // namespace gpq
