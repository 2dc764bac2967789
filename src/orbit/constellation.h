// Which constellation an object belongs to, for the screening's intra-fleet rule
// (docs/CONJUNCTIONS.md, "Constellations"): the name before a final number ("STARLINK-1130",
// "ONEWEB-0012", "IRIDIUM 106" -> STARLINK, ONEWEB, IRIDIUM), when at least
// kMinConstellationSize of the objects screened share it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpq/element_set.h"

namespace gpq::orbit {

inline constexpr int kMinConstellationSize = 10;

// "STARLINK-1130" -> "STARLINK"; none for a name that does not end in a number after a blank
// or a hyphen ("ISS (ZARYA)", "COSMOS 2251 DEB", "FALCON 9 R/B").
std::optional<std::string_view> constellation_name(std::string_view object_name);

class ConstellationNames {
 public:
  explicit ConstellationNames(std::span<const ElementSet* const> sets);
  // A number shared by the members of one constellation; -1 for an object in none.
  std::int32_t of(const ElementSet& set) const;

 private:
  std::map<std::string, std::int32_t, std::less<>> numbers_;
};

}  // namespace gpq::orbit
