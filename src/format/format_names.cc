// Format names, content types and Accept media types: the rows of GPQ_FORMATS.
#include <cstddef>

#include "gpq/format.h"

#include "core/text.h"

namespace gpq {
namespace {

struct FormatRow {
  Format format;
  std::string_view name;
  std::string_view alias;
  std::string_view content_type;
  std::string_view accepted;  // media types, space-separated
};

constexpr FormatRow kFormats[] = {
#define GPQ_FORMAT_ROW(format, name, alias, type, accepted) \
  {Format::format, name, alias, type, accepted},
    GPQ_FORMATS(GPQ_FORMAT_ROW)
#undef GPQ_FORMAT_ROW
};

const FormatRow& row(Format format) noexcept {
  return kFormats[static_cast<std::size_t>(format)];
}

}  // namespace

std::string_view to_string(Format format) noexcept {
  return row(format).name;
}

std::optional<Format> parse_format(std::string_view text) noexcept {
  for (const FormatRow& format : kFormats) {
    if (iequals(text, format.name) || (!format.alias.empty() && iequals(text, format.alias))) {
      return format.format;
    }
  }
  return std::nullopt;
}

std::string_view content_type(Format format) noexcept {
  return row(format).content_type;
}

std::optional<Format> format_of_media_type(std::string_view media_type) noexcept {
  for (const FormatRow& format : kFormats) {
    std::string_view rest = format.accepted;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      if (iequals(media_type, rest.substr(0, space))) {
        return format.format;
      }
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
  }
  return std::nullopt;
}

}  // namespace gpq
