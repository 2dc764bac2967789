// Object-type spellings: SATCAT words out, every upstream spelling in.
#include "gpq/catalog.h"

#include "core/text.h"

namespace gpq {

std::string_view to_string(ObjectType type) noexcept {
  switch (type) {
    case ObjectType::payload:
      return "PAYLOAD";
    case ObjectType::rocket_body:
      return "ROCKET BODY";
    case ObjectType::debris:
      return "DEBRIS";
    case ObjectType::unknown:
      return "UNKNOWN";
  }
  return "UNKNOWN";
}

std::optional<ObjectType> parse_object_type(std::string_view text) noexcept {
  text = trim(text);
  if (iequals(text, "PAYLOAD") || iequals(text, "PAY")) {
    return ObjectType::payload;
  }
  if (iequals(text, "ROCKET BODY") || iequals(text, "ROCKET_BODY") || iequals(text, "R/B")) {
    return ObjectType::rocket_body;
  }
  if (iequals(text, "DEBRIS") || iequals(text, "DEB")) {
    return ObjectType::debris;
  }
  if (iequals(text, "UNKNOWN") || iequals(text, "UNK") || iequals(text, "TBA")) {
    return ObjectType::unknown;
  }
  return std::nullopt;
}

}  // namespace gpq
