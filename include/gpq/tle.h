// Two-line element sets: the parser and the writer, which give a line back byte for byte,
// checksum included, in the layout its source wrote it (or in CelesTrak's canonical one).
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

// The ways a source lays out TLE lines other than CelesTrak's canonical layout, as bits of
// ElementSet::tle_layout (0: canonical). Space-Track writes them (docs/tle.md has real lines).
// The more frequent a layout, the lower its bit: SQLite stores 0 and 1 in no bytes, 2..127 in
// one, so Space-Track's usual layout (1) costs nothing and the others at most one byte.
// Second derivative zero written ` 00000-0` (canonical ` 00000+0`).
inline constexpr std::uint16_t kTleNddotZeroMinus = 1;
// BSTAR zero written ` 00000-0`.
inline constexpr std::uint16_t kTleBstarZeroMinus = 2;
// International designator left blank, whatever OBJECT_ID the object has (canonical: the
// designator of OBJECT_ID, blank only when that is unknown).
inline constexpr std::uint16_t kTleBlankDesignator = 4;
// Catalog numbers below 10000 blank-padded (`    5`, canonical `00005`).
inline constexpr std::uint16_t kTleBlankPaddedCatalog = 8;
// `+` before a second derivative or BSTAR that is not negative (canonical: a blank).
inline constexpr std::uint16_t kTlePlusExponentFields = 16;
// `+` before a first derivative that is not negative.
inline constexpr std::uint16_t kTlePlusFirstDerivative = 32;
// Line 2's angles, mean motion and revolution number zero-padded (`039.0531`, `07.81913690`,
// `00306`; canonical pads with blanks), each but those with a kTleBlank* bit below.
inline constexpr std::uint16_t kTleZeroPaddedLine2 = 64;
// First derivative zero written `-.00000000` (canonical ` .00000000`).
inline constexpr std::uint16_t kTleNdotZeroMinus = 128;
// Ephemeris type 0 written as a blank (canonical `0`).
inline constexpr std::uint16_t kTleBlankEphemerisType = 256;
// With kTleZeroPaddedLine2, the line 2 fields padded with blanks all the same (` 51.6416`
// beside `051.2345`): one bit per field, so that sets stored with bit 64 alone keep their
// meaning.
inline constexpr std::uint16_t kTleBlankInclination = 512;
inline constexpr std::uint16_t kTleBlankNode = 1024;
inline constexpr std::uint16_t kTleBlankArgOfPerigee = 2048;
inline constexpr std::uint16_t kTleBlankMeanAnomaly = 4096;
inline constexpr std::uint16_t kTleBlankMeanMotion = 8192;
inline constexpr std::uint16_t kTleBlankRevolution = 16384;
// Line 2's catalog number below 10000 padded the other way from line 1's (`1    16U` with
// `2 00016`, or `1 00016U` with `2    16`).
inline constexpr std::uint16_t kTleOtherPaddedLine2Catalog = 32768;
inline constexpr std::uint16_t kTleLayoutBits = 65535;  // every bit above

// The kTle* bits that describe how two valid TLE lines are laid out; 0 when they are
// canonical or shorter than 69 columns. Looks at the text only.
std::uint16_t tle_layout_of(std::string_view line1, std::string_view line2) noexcept;

// Parses line 1 and line 2 (each at least 69 columns; anything after column 69 is ignored)
// into `out` (name and source untouched), with their layout in `out.tle_layout`. A line 1 of
// 70 columns whose BSTAR exponent took two digits (`-66000-10`) is read as such when column
// 70 is the checksum of columns 1-69 (core/tle_wide_line.h). On failure
// returns false and sets `error` to the reason ("line 2: bad checksum, expected 5, found '7'").
bool parse_tle(std::string_view line1, std::string_view line2, ElementSet& out, std::string& error);

// The years a TLE's two-digit epoch year names (57..99 -> 19xx, 00..56 -> 20xx).
inline constexpr int kFirstTleYear = 1957;
inline constexpr int kLastTleYear = 2056;

// Why `set` cannot be written as TLE lines, in words for the user, or std::nullopt: a catalog
// number above 339999 (Alpha-5's last, `Z9999`), a classification other than U, C or S, an
// epoch outside kFirstTleYear..kLastTleYear, or a MEAN_MOTION_DOT of magnitude 1 or more. The
// writers refuse these rather than write a line that reads back as another value.
std::optional<std::string> tle_output_problem(const ElementSet& set);

// Which layout the writers give a set: the one its source used (ElementSet::tle_layout, the
// default), or CelesTrak's canonical one whatever the source.
enum class TleLayout : std::uint8_t { source, canonical };

// The two 69-column lines of `set`, numbers above 99999 in Alpha-5. Throws Error{bad_request}
// with tle_output_problem().
std::string format_tle_line1(const ElementSet& set, TleLayout layout = TleLayout::source);
std::string format_tle_line2(const ElementSet& set, TleLayout layout = TleLayout::source);

// Both lines, checked once: what the TLE writers use.
struct TleLines {
  std::string line1;
  std::string line2;
};
TleLines format_tle_lines(const ElementSet& set, TleLayout layout = TleLayout::source);

}  // namespace gpq
