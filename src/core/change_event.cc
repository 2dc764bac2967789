// Names of the change kinds (gpq/change_event.h), spelled as the enumerators are.
#include "gpq/change_event.h"

#include <array>

namespace gpq {
namespace {

constexpr std::array<std::string_view, kChangeKindCount> kKinds = {
#define GPQ_CHANGE_KIND_NAME(name) #name,
    GPQ_CHANGE_KINDS(GPQ_CHANGE_KIND_NAME)
#undef GPQ_CHANGE_KIND_NAME
};

}  // namespace

std::string_view to_string(ChangeKind kind) noexcept {
  return kKinds[static_cast<std::size_t>(kind)];
}

std::optional<ChangeKind> parse_change_kind(std::string_view text) noexcept {
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    if (kKinds[i] == text) {
      return static_cast<ChangeKind>(i);
    }
  }
  return std::nullopt;
}

std::string change_kind_names() {
  std::string names;
  for (const std::string_view kind : kKinds) {
    names += names.empty() ? "" : ", ";
    names += kind;
  }
  return names;
}

}  // namespace gpq
