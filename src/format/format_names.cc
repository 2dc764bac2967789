// Format names and content types.
#include "core/text.h"
#include "gpq/format.h"

namespace gpq {

std::string_view to_string(Format format) noexcept {
  switch (format) {
    case Format::json:
      return "json";
    case Format::tle:
      return "tle";
    case Format::two_le:
      return "2le";
    case Format::xml:
      return "xml";
    case Format::kvn:
      return "kvn";
    case Format::csv:
      return "csv";
    case Format::table:
      return "table";
    case Format::oem:
      return "oem";
  }
  return "json";
}

std::optional<Format> parse_format(std::string_view text) noexcept {
  for (const Format format : {Format::json, Format::tle, Format::two_le, Format::xml, Format::kvn,
                              Format::csv, Format::table, Format::oem}) {
    if (iequals(text, to_string(format))) {
      return format;
    }
  }
  if (iequals(text, "3le")) {
    return Format::tle;
  }
  return std::nullopt;
}

std::string_view content_type(Format format) noexcept {
  switch (format) {
    case Format::json:
      return "application/json; charset=utf-8";
    case Format::tle:
    case Format::two_le:
    case Format::kvn:
    case Format::table:
    case Format::oem:
      return "text/plain; charset=utf-8";
    case Format::xml:
      return "application/xml; charset=utf-8";
    case Format::csv:
      return "text/csv; charset=utf-8";
  }
  return "application/json; charset=utf-8";
}

}  // namespace gpq
