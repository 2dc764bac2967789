// Terminal tables: aligned columns sized to the widest cell, the name column cut
// with an ellipsis so a row fits the terminal.
#include <algorithm>
#include <iterator>

#include <fmt/core.h>

#include "gpq/format.h"

#include "core/printable_text.h"

namespace gpq {
namespace {

constexpr std::string_view kEllipsis = "\u2026";
constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kReset = "\x1b[0m";

// Display width of UTF-8 text (code points; no wide characters in upstream names).
std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string cut(std::string_view text, std::size_t width) {
  if (display_width(text) <= width) {
    return std::string(text);
  }
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size() && shown + 1 < width; ++i) {
    out += text[i];
    if (i + 1 >= text.size() || (static_cast<unsigned char>(text[i + 1]) & 0xC0) != 0x80) {
      ++shown;
    }
  }
  out += kEllipsis;
  return out;
}

constexpr std::size_t kNameColumn = 1;

}  // namespace

void TableWriter::add_set(const ElementSet& set) {
  const DerivedFields d = derive(set);
  rows_.push_back({fmt::format("{}", set.norad_id), printable(set.object_name),
                   format_iso8601_millis(set.epoch), fmt::format("{:.4f}", set.inclination),
                   fmt::format("{:.1f}", d.apogee_km), fmt::format("{:.1f}", d.perigee_km),
                   fmt::format("{:.2f}", d.period_minutes), std::string(to_string(set.source))});
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
  static const std::vector<std::string> kSetHeader = {"NORAD",  "NAME",    "EPOCH",  "INCL",
                                                      "APOGEE", "PERIGEE", "PERIOD", "SOURCE"};
  static const std::vector<std::string> kCatalogHeader = {"NORAD",  "NAME",  "INTLDES", "TYPE",
                                                          "STATUS", "OWNER", "LAUNCH",  "DECAY"};
  const std::vector<std::string>& header = catalog_ ? kCatalogHeader : kSetHeader;
  std::vector<std::size_t> widths(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = header[c].size();
  }
  for (const auto& row : rows_) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      widths[c] = std::max(widths[c], display_width(row[c]));
    }
  }
  // Two blanks between columns, none after the last.
  std::size_t total = 2 * (widths.size() - 1);
  for (const std::size_t w : widths) {
    total += w;
  }
  if (total > static_cast<std::size_t>(width_)) {
    const std::size_t excess = total - static_cast<std::size_t>(width_);
    std::size_t& name = widths[kNameColumn];
    // At least 8 columns for the name, but never wider than it already is.
    name = std::max(std::min<std::size_t>(8, name), name - std::min(excess, name));
  }
  const bool numeric_set_columns = !catalog_;
  const auto emit = [&](const std::vector<std::string>& row) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string cell = c == kNameColumn ? cut(row[c], widths[c]) : row[c];
      const std::size_t pad = widths[c] - std::min(widths[c], display_width(cell));
      const bool right = c == 0 || (numeric_set_columns && c >= 3 && c <= 6);
      if (right) {
        line.append(pad, ' ');
        line += cell;
      } else {
        line += cell;
        line.append(pad, ' ');
      }
      line += c + 1 < row.size() ? "  " : "";
    }
    while (!line.empty() && line.back() == ' ') {
      line.pop_back();
    }
    out += line;
    out += '\n';
  };
  if (colour_) {
    out += kBold;
  }
  emit(header);
  if (colour_) {
    out.insert(out.size() - 1, kReset);  // before the newline
  }
  for (const auto& row : rows_) {
    emit(row);
  }
}

}  // namespace gpq
