// Names of the event kinds and elements (gpq/event_query.h), as the writers print them: the
// rows' names, spelled as the enumerators are.
#include "gpq/event_query.h"

namespace gpq {
namespace {

constexpr std::string_view kKinds[] = {
#define GPQ_EVENT_KIND_NAME(name) #name,
    GPQ_EVENT_KINDS(GPQ_EVENT_KIND_NAME)
#undef GPQ_EVENT_KIND_NAME
};

struct ElementRow {
  std::string_view name;
  std::string_view unit;
};

constexpr ElementRow kElements[] = {
#define GPQ_EVENT_ELEMENT_ROW(name, unit) {#name, unit},
    GPQ_EVENT_ELEMENTS(GPQ_EVENT_ELEMENT_ROW)
#undef GPQ_EVENT_ELEMENT_ROW
};

}  // namespace

std::string_view to_string(EventKind kind) noexcept {
  return kKinds[static_cast<std::size_t>(kind)];
}

std::string_view to_string(EventElement element) noexcept {
  return kElements[static_cast<std::size_t>(element)].name;
}

std::string_view unit_of(EventElement element) noexcept {
  return kElements[static_cast<std::size_t>(element)].unit;
}

}  // namespace gpq
