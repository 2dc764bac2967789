// Two-line element sets: the parser and the writer, which round-trip every
// canonical line byte for byte, checksum included.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/element_set.h"

namespace gpq {

// Sum of digits plus one per '-' over columns 1-68, mod 10.
int tle_checksum(std::string_view line) noexcept;

// Catalog number field (columns 3-7): digits (zero- or blank-padded) or Alpha-5 (`A0245`).
std::optional<std::int32_t> parse_tle_catalog_number(std::string_view field) noexcept;
// `25544` -> "25544", `5` -> "00005", `100245` -> "A0245". std::nullopt above 339999.
std::optional<std::string> format_tle_catalog_number(std::int32_t norad_id);

// Parses line 1 and line 2 (each at least 69 columns; anything after column 69 is ignored)
// into `out` (name and source untouched). On failure returns false and sets `error` to the
// reason ("line 2: bad checksum, expected 5, found '7'").
bool parse_tle(std::string_view line1, std::string_view line2, ElementSet& out,
               std::string& error);

// The years a TLE's two-digit epoch year names (57..99 -> 19xx, 00..56 -> 20xx).
inline constexpr int kFirstTleYear = 1957;
inline constexpr int kLastTleYear = 2056;

// Why `set` cannot be written as TLE lines, in words for the user, or std::nullopt: a catalog
// number above 99999, a classification other than U, C or S, an epoch outside
// kFirstTleYear..kLastTleYear, or a MEAN_MOTION_DOT of magnitude 1 or more. The writers
// refuse these rather than write a line that reads back as another value.
std::optional<std::string> tle_output_problem(const ElementSet& set);

// The two 69-column lines of `set`. Throws Error{bad_request} with tle_output_problem().
std::string format_tle_line1(const ElementSet& set);
std::string format_tle_line2(const ElementSet& set);

// Both lines, checked once: what the TLE writers use.
struct TleLines {
  std::string line1;
  std::string line2;
};
TleLines format_tle_lines(const ElementSet& set);

}  // namespace gpq
