#include "core/header_list.h"

#include <cstdlib>
#include <string>

#include "core/text.h"

namespace gpq {
namespace {

// Cuts `text` at the first `separator`: returns the part before it and leaves the rest.
std::string_view next_part(std::string_view& text, char separator) {
  const std::size_t at = text.find(separator);
  const std::string_view part = text.substr(0, at);
  text = at == std::string_view::npos ? std::string_view() : text.substr(at + 1);
  return part;
}

// The q-value among `;`-separated parameters; atof, as before, reads "0.5", " 1" and "1e-1"
// alike and anything else as 0 (refused).
double quality_of(std::string_view parameters) {
  while (!parameters.empty()) {
    const std::string_view parameter = trim(next_part(parameters, ';'));
    if (parameter.starts_with("q=")) {
      return std::atof(std::string(parameter.substr(2)).c_str());
    }
  }
  return 1;
}

}  // namespace

std::vector<HeaderListItem> parse_header_list(std::string_view header) {
  std::vector<HeaderListItem> items;
  while (!header.empty()) {
    const std::string_view text = trim(next_part(header, ','));
    if (text.empty()) {
      continue;
    }
    std::string_view parameters = text;
    const std::string_view value = trim(next_part(parameters, ';'));
    items.push_back({text, value, quality_of(parameters)});
  }
  return items;
}

}  // namespace gpq
