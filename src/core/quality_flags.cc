// The names of the quality flags: the rows of GPQ_QUALITY_FLAGS.
#include <array>
#include <cstddef>

#include "gpq/set_quality.h"

#include "core/text.h"

namespace gpq {
namespace {

constexpr std::array kFlags = {
#define GPQ_QUALITY_FLAG_ROW(name) QualityFlag::name,
    GPQ_QUALITY_FLAGS(GPQ_QUALITY_FLAG_ROW)
#undef GPQ_QUALITY_FLAG_ROW
};

constexpr std::array<std::string_view, kFlags.size()> kNames = {
#define GPQ_QUALITY_FLAG_NAME(name) #name,
    GPQ_QUALITY_FLAGS(GPQ_QUALITY_FLAG_NAME)
#undef GPQ_QUALITY_FLAG_NAME
};

}  // namespace

std::string_view to_string(QualityFlag flag) noexcept {
  return kNames[static_cast<std::size_t>(flag)];
}

std::optional<QualityFlag> parse_quality_flag(std::string_view text) noexcept {
  for (const QualityFlag flag : kFlags) {
    if (iequals(text, to_string(flag))) {
      return flag;
    }
  }
  return std::nullopt;
}

std::string QualityFlags::joined(std::string_view separator) const {
  std::string text;
  for (const QualityFlag flag : kFlags) {
    if (has(flag)) {
      text += text.empty() ? "" : separator;
      text += to_string(flag);
    }
  }
  return text;
}

void QualityFlags::append_json(std::string& out) const {
  out += '[';
  bool first = true;
  for (const QualityFlag flag : kFlags) {
    if (has(flag)) {
      out += first ? "\"" : ",\"";
      out += to_string(flag);  // names are plain ASCII words: nothing to escape
      out += '"';
      first = false;
    }
  }
  out += ']';
}

}  // namespace gpq
