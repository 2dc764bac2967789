#include "orbit/constellation.h"

#include <cctype>

namespace gpq::orbit {

std::optional<std::string_view> constellation_name(std::string_view object_name) {
  std::size_t digits = object_name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(object_name[digits - 1])) != 0) {
    --digits;
  }
  if (digits == object_name.size() || digits < 2) {
    return std::nullopt;
  }
  const char separator = object_name[digits - 1];
  if (separator != '-' && separator != ' ') {
    return std::nullopt;
  }
  const std::string_view name = object_name.substr(0, digits - 1);
  if (name.empty() || std::isalpha(static_cast<unsigned char>(name.front())) == 0) {
    return std::nullopt;
  }
  return name;
}

ConstellationNames::ConstellationNames(std::span<const ElementSet* const> sets) {
  std::map<std::string, int, std::less<>> sizes;
  for (const ElementSet* set : sets) {
    if (const auto name = constellation_name(set->object_name)) {
      ++sizes[std::string(*name)];
    }
  }
  for (const auto& [name, size] : sizes) {
    if (size >= kMinConstellationSize) {
      numbers_.emplace(name, static_cast<std::int32_t>(numbers_.size()));
    }
  }
}

std::int32_t ConstellationNames::of(const ElementSet& set) const {
  const auto name = constellation_name(set.object_name);
  if (!name) {
    return -1;
  }
  const auto found = numbers_.find(*name);
  return found == numbers_.end() ? -1 : found->second;
}

}  // namespace gpq::orbit
