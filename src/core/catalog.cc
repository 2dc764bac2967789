// Object-type spellings, from the rows of GPQ_OBJECT_TYPES: SATCAT words out, every upstream
// spelling in.
#include "gpq/catalog.h"

#include <array>
#include <vector>

#include "core/text.h"

namespace gpq {
namespace {

struct ObjectTypeRow {
  ObjectType type;
  std::string_view satcat;
  std::string_view parameter;
  std::array<std::string_view, 2> others;  // unused places empty
};

constexpr ObjectTypeRow kRows[] = {
#define GPQ_OBJECT_TYPE_ROW(name, satcat, parameter, ...) \
  {ObjectType::name, satcat, parameter, {__VA_ARGS__}},
    GPQ_OBJECT_TYPES(GPQ_OBJECT_TYPE_ROW)
#undef GPQ_OBJECT_TYPE_ROW
};

}  // namespace

std::string_view to_string(ObjectType type) noexcept {
  return kRows[static_cast<std::size_t>(type)].satcat;
}

std::optional<ObjectType> parse_object_type(std::string_view text) noexcept {
  text = trim(text);
  for (const ObjectTypeRow& row : kRows) {
    if (iequals(text, row.satcat) || iequals(text, row.parameter)) {
      return row.type;
    }
    for (const std::string_view other : row.others) {
      if (!other.empty() && iequals(text, other)) {
        return row.type;
      }
    }
  }
  return std::nullopt;
}

std::string object_type_names() {
  std::vector<std::string_view> names;
  for (const ObjectTypeRow& row : kRows) {
    names.push_back(row.parameter);
  }
  return either_of(names);
}

}  // namespace gpq
