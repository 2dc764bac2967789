// Every TLE pair of the real data parsed with gpq::parse_tle and written again with the
// writer. In the source's layout (ElementSet::tle_layout) the 69 columns of every pair must
// come back byte for byte. In the canonical layout they must too, unless a field of the source
// line is in a layout CelesTrak never writes: such a field is normalised to the canonical
// layout (and its reason counted); the normalised source must then equal the written line.
// The counts are pinned: docs/tle.md quotes them.
#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "support/temp_dir.h"
#include "sync/input.h"

namespace gpq {
namespace {

namespace fs = std::filesystem;

enum class Kind {
  exact,             // no other layout allowed
  catalog,           // blank padding allowed
  first_derivative,  // '+' allowed
  exponent,          // '+' allowed, zero in other spellings
  ephemeris,         // blank allowed
  counter,           // zero padding allowed (element set number, revolution number)
  decimal,           // zero padding allowed (angles, mean motion)
};

struct Field {
  int first;  // 1-based columns, inclusive
  int last;
  Kind kind;
  const char* what;
};

constexpr Field kLine1[] = {
    {1, 2, Kind::exact, "line number"},
    {3, 7, Kind::catalog, "catalog number"},
    {8, 33, Kind::exact, "classification, international designator, epoch"},
    {34, 43, Kind::first_derivative, "first derivative"},
    {44, 44, Kind::exact, "blank"},
    {45, 52, Kind::exponent, "second derivative"},
    {53, 53, Kind::exact, "blank"},
    {54, 61, Kind::exponent, "BSTAR"},
    {62, 62, Kind::exact, "blank"},
    {63, 63, Kind::ephemeris, "ephemeris type"},
    {64, 64, Kind::exact, "blank"},
    {65, 68, Kind::counter, "element set number"},
};

constexpr Field kLine2[] = {
    {1, 2, Kind::exact, "line number"},
    {3, 7, Kind::catalog, "catalog number"},
    {8, 8, Kind::exact, "blank"},
    {9, 16, Kind::decimal, "angle"},
    {17, 17, Kind::exact, "blank"},
    {18, 25, Kind::decimal, "angle"},
    {26, 34, Kind::exact, "eccentricity"},
    {35, 42, Kind::decimal, "angle"},
    {43, 43, Kind::exact, "blank"},
    {44, 51, Kind::decimal, "angle"},
    {52, 52, Kind::exact, "blank"},
    {53, 63, Kind::decimal, "mean motion"},
    {64, 68, Kind::counter, "revolution number"},
};

// Leading zeros of a right-aligned number turned into blanks (`039.0531` -> ` 39.0531`,
// `00306` -> `  306`); the digit before '.' or the last digit stays.
std::string unpad_zeros(std::string text) {
  for (std::size_t i = 0; i + 1 < text.size() && (text[i] == '0' || text[i] == ' '); ++i) {
    if (text[i + 1] == '.') {
      break;
    }
    text[i] = ' ';
  }
  return text;
}

// The source field in the canonical layout; `reasons` gets why it had to change.
std::string normalise(const Field& field, std::string text, std::set<std::string>& reasons) {
  const std::string original = text;
  const auto note = [&](const std::string& reason) {
    if (text != original) {
      reasons.insert(reason);
    }
  };
  switch (field.kind) {
    case Kind::exact:
      break;
    case Kind::catalog:
      std::replace(text.begin(), text.end(), ' ', '0');
      note("catalog number blank-padded, CelesTrak zero-pads");
      break;
    case Kind::first_derivative:
      if (text[0] == '+') {
        text[0] = ' ';
      }
      note("`+` sign in column 34, 45 or 54, CelesTrak writes a blank");
      if (text == "-.00000000") {
        text = " .00000000";
        reasons.insert("first derivative zero written `-.00000000`, CelesTrak writes ` .00000000`");
      }
      break;
    case Kind::exponent:
      if (text[0] == '+') {
        text[0] = ' ';
      }
      note("`+` sign in column 34, 45 or 54, CelesTrak writes a blank");
      if (text.substr(1, 5) == "00000" && text != " 00000+0") {
        reasons.insert(fmt::format("zero written `{}`, CelesTrak writes ` 00000+0`", text));
        text = " 00000+0";
      }
      break;
    case Kind::ephemeris:
      if (text == " ") {
        text = "0";
      }
      note("blank ephemeris type, CelesTrak writes `0`");
      break;
    case Kind::counter:
      text = unpad_zeros(text);
      note(fmt::format("zero-padded {}", field.what));
      break;
    case Kind::decimal:
      text = unpad_zeros(text);
      note(fmt::format("zero-padded {}", field.what));
      break;
  }
  return text;
}

// Why `source` (69 columns) differs from `written`; empty when nothing explains it.
std::set<std::string> explain(std::string_view source, std::string_view written) {
  const bool first = source[0] == '1';
  std::set<std::string> reasons;
  std::string normalised;
  for (const Field& field :
       first ? std::span<const Field>(kLine1) : std::span<const Field>(kLine2)) {
    normalised += normalise(
        field,
        std::string(source.substr(static_cast<std::size_t>(field.first - 1),
                                  static_cast<std::size_t>(field.last - field.first + 1))),
        reasons);
  }
  // The checksum follows the other columns ('-' counts 1, '+' and blanks 0).
  if (normalised != written.substr(0, 68) || reasons.empty()) {
    return {};
  }
  return reasons;
}

// The kTle* bits by name, for the report and the pinned counts.
const std::pair<std::uint8_t, const char*> kLayoutBits[] = {
    {kTleNddotZeroMinus, "second derivative zero ` 00000-0`"},
    {kTleBstarZeroMinus, "BSTAR zero ` 00000-0`"},
    {kTleBlankDesignator, "international designator blank"},
    {kTleBlankPaddedCatalog, "catalog number blank-padded"},
    {kTlePlusExponentFields, "`+` before second derivative and BSTAR"},
    {kTleZeroPaddedLine2, "line 2 zero-padded"},
    {kTleNdotZeroMinus, "first derivative zero `-.00000000`"},
    {kTlePlusFirstDerivative, "`+` before first derivative"},
    {kTleBlankEphemerisType, "blank ephemeris type"},
};

struct Tally {
  std::int64_t pairs = 0;
  std::int64_t identical_pairs = 0;  // in the canonical layout
  std::int64_t lone_line1 = 0;
  std::map<std::string, std::int64_t> pairs_per_file;
  std::map<std::string, std::int64_t> changed_pairs_per_file;  // in the canonical layout
  std::map<std::string, std::int64_t> reasons;                 // source lines per reason
  std::map<std::string, std::string> examples;  // the first source line of each reason
  std::map<std::string, std::int64_t> pairs_per_bit;
  std::map<int, std::int64_t> pairs_per_layout;  // by ElementSet::tle_layout
  std::vector<std::string> unparsed;             // "file:line: error"
  std::vector<std::string> unexplained;
  std::vector<std::string> not_reproduced;  // in the source's layout
  std::vector<std::string> widened;         // 70-column line 1s read (docs/tle.md)

  void check(std::string_view line1, std::string_view line2, const std::string& file,
             const std::string& where) {
    ++pairs;
    ++pairs_per_file[file];
    ElementSet set;
    std::string error;
    if (!parse_tle(line1, line2, set, error)) {
      unparsed.push_back(fmt::format("{}: {}", where, error));
      return;
    }
    if (line1.size() == 70) {
      // BSTAR's exponent took two digits: written in 69 columns, the value read back equal.
      ElementSet again;
      const TleLines own = format_tle_lines(set);
      const bool same = parse_tle(own.line1, own.line2, again, error) && again.bstar == set.bstar;
      widened.push_back(fmt::format("{}{}", where, same ? "" : " (written back differently)"));
      return;
    }
    const std::string_view source[2] = {line1.substr(0, 69), line2.substr(0, 69)};
    const TleLines own = format_tle_lines(set);
    if (own.line1 != source[0] || own.line2 != source[1]) {
      not_reproduced.push_back(
          fmt::format("{} (layout {})\n  source  {}\n          {}\n  written {}\n          {}",
                      where, set.tle_layout, source[0], source[1], own.line1, own.line2));
    }
    ++pairs_per_layout[set.tle_layout];
    for (const auto& [bit, name] : kLayoutBits) {
      pairs_per_bit[name] += (set.tle_layout & bit) != 0 ? 1 : 0;
    }
    const TleLines canonical = format_tle_lines(set, TleLayout::canonical);
    const std::string written[2] = {canonical.line1, canonical.line2};
    bool same = true;
    for (int i = 0; i < 2; ++i) {
      if (source[i] == written[i]) {
        continue;
      }
      same = false;
      const std::set<std::string> why = explain(source[i], written[i]);
      if (why.empty()) {
        unexplained.push_back(
            fmt::format("{}\n  source  {}\n  written {}", where, source[i], written[i]));
      }
      for (const std::string& reason : why) {
        if (++reasons[reason] == 1) {
          examples[reason] = fmt::format("{}: {}", where, source[i]);
        }
      }
    }
    identical_pairs += same ? 1 : 0;
    changed_pairs_per_file[file] += same ? 0 : 1;
  }
};

void scan_text(const fs::path& path, Tally& tally) {
  const std::string file = path.filename().string();
  const auto in = sync::open_file(path);
  sync::LineReader lines(*in);
  std::string_view line;
  std::string previous;
  while (lines.next(line)) {
    const bool is_line2 = line.starts_with("2 ");
    if (previous.starts_with("1 ")) {
      if (is_line2) {
        tally.check(previous, line, file, fmt::format("{}:{}", file, lines.line_number() - 1));
      } else {
        ++tally.lone_line1;
      }
    }
    previous.assign(line);
  }
  tally.lone_line1 += previous.starts_with("1 ") ? 1 : 0;
}

// The string value after `key` from `from` on, and where it ends; npos when there is none.
std::pair<std::string_view, std::size_t> string_after(std::string_view body, std::string_view key,
                                                      std::size_t from) {
  const std::size_t at = body.find(key, from);
  if (at == std::string_view::npos) {
    return {{}, std::string_view::npos};
  }
  const std::size_t open = body.find('"', body.find(':', at + key.size()));
  const std::size_t close = body.find('"', open + 1);
  return {body.substr(open + 1, close - open - 1), close + 1};
}

// The TLE_LINE1/TLE_LINE2 strings of the reduced Space-Track JSON, by plain string search.
void scan_json(const fs::path& path, Tally& tally) {
  const std::string file = path.filename().string();
  const auto in = sync::open_file(path);
  std::string body;
  char buffer[1 << 16];
  while (const std::size_t got = in->read(buffer, sizeof buffer)) {
    body.append(buffer, got);
  }
  std::size_t from = 0;
  for (int record = 1;; ++record) {
    const auto [line1, after1] = string_after(body, "\"TLE_LINE1\"", from);
    if (after1 == std::string_view::npos) {
      break;
    }
    const auto [line2, after2] = string_after(body, "\"TLE_LINE2\"", after1);
    ASSERT_NE(after2, std::string_view::npos) << file << " record " << record;
    tally.check(line1, line2, file, fmt::format("{} record {}", file, record));
    from = after2;
  }
}

std::vector<fs::path> files_in(const fs::path& dir,
                               const std::function<bool(const std::string&)>& take) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() && take(entry.path().filename().string())) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// README.md of the data set: records per file.
const std::map<std::string, std::int64_t> kPairsPerFile = {
    {"celestrak_geo_2026-05-24_2026-07-14.3le.xz", 78451},
    {"celestrak_military_2026-05-24_2026-07-14.3le.xz", 3510},
    {"celestrak_oneweb_2026-05-24_2026-07-14.3le.xz", 93635},
    {"celestrak_resource_2026-05-24_2026-07-14.3le.xz", 27409},
    {"celestrak_science_2026-05-24_2026-07-14.3le.xz", 6826},
    {"celestrak_starlink_2026-05-24_2026-07-14.3le.xz", 1201522},
    {"celestrak_stations_2026-05-24_2026-07-14.3le.xz", 2802},
    {"celestrak_weather_2026-05-24_2026-07-14.3le.xz", 11713},
    {"snap_satcat_2025_03_03.txt.xz", 27106},
    {"snap_satcat_2023_03_14.txt", 172},
    {"snap_satcat_2023_03_29.txt", 112},
    {"snap_satcat_2023_04_13.txt", 151},
    {"snap_satcat_2023_04_28.txt", 74},
    {"snap_satcat_2023_05_13.txt", 79},
    {"snap_satcat_2023_05_28.txt", 67},
    {"snap_satcat_2023_06_12.txt", 87},
    {"snap_satcat_2023_06_27.txt", 75},
    {"snap_satcat_2023_07_12.txt", 80},
    {"snap_satcat_2023_07_27.txt", 61},
    {"snap_satcat_2023_08_11.txt", 52},
    {"snap_satcat_2023_08_26.txt", 50},
    {"snap_satcat_2023_09_10.txt", 74},
    {"snap_satcat_2023_09_25.txt", 84},
    {"snap_satcat_2023_10_10.txt", 75},
    {"snap_satcat_2023_10_25.txt", 84},
    {"snap_satcat_2023_11_09.txt", 100},
    {"snap_satcat_2023_11_24.txt", 121},
    {"snap_satcat_2023_12_09.txt", 89},
    {"snap_satcat_2023_12_24.txt", 78},
    {"celestrak_orbcomm_2023-08-23.3le", 60},
    {"spacetrack_gp_alpha5_sample_2026-08-08.json", 56},
    {"spacetrack_gp_newest_tle_2026-06-13.json", 500},
};

TEST(TleRoundTripTest, RealLinesComeBackInTheirLayoutAndCanonicalForAKnownReason) {
  const fs::path data = test::real_data_dir();
  if (data.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  Tally tally;
  for (const fs::path& path : files_in(
           data / "history", [](const std::string& name) { return name.ends_with(".3le.xz"); })) {
    scan_text(path, tally);
  }
  for (const fs::path& path : files_in(data / "history" / "spacetrack_snapshots",
                                       [](const std::string&) { return true; })) {
    scan_text(path, tally);
  }
  for (const fs::path& path : files_in(
           data / "fixtures", [](const std::string& name) { return name.ends_with(".3le"); })) {
    scan_text(path, tally);
  }
  for (const fs::path& path : files_in(data / "fixtures", [](const std::string& name) {
         return name.starts_with("spacetrack_gp_") && name.ends_with(".json");
       })) {
    scan_json(path, tally);
  }

  std::string report = fmt::format(
      "{} pairs, {} not in their layout, {} identical in the canonical layout, {} unparsed, {} "
      "unexplained\n",
      tally.pairs, tally.not_reproduced.size(), tally.identical_pairs, tally.unparsed.size(),
      tally.unexplained.size());
  for (const auto& [name, pairs] : tally.pairs_per_bit) {
    report += fmt::format("  {:>7} pairs with layout bit: {}\n", pairs, name);
  }
  for (const auto& [layout, pairs] : tally.pairs_per_layout) {
    report += fmt::format("  {:>7} pairs with tle_layout {}\n", pairs, layout);
  }
  for (const auto& [reason, lines] : tally.reasons) {
    report += fmt::format("  {:>7} lines: {}\n           e.g. {}\n", lines, reason,
                          tally.examples[reason]);
  }
  for (const auto& [file, pairs] : tally.changed_pairs_per_file) {
    report += pairs > 0 ? fmt::format("  {:>7} pairs not identical in {}\n", pairs, file) : "";
  }
  for (const std::string& line : tally.unparsed) {
    report += fmt::format("  unparsed: {}\n", line);
  }
  std::cout << report;

  EXPECT_EQ(tally.pairs_per_file, kPairsPerFile);
  EXPECT_EQ(tally.lone_line1, 0);
  EXPECT_TRUE(tally.unparsed.empty()) << tally.unparsed.front();
  // The one 70-column real line (name line 385573, STARLINK-11171 [DTC]): BSTAR written
  // `-66000-10`, its exponent running into column 62; read, and written in 69 columns.
  EXPECT_EQ(tally.widened,
            std::vector<std::string>{"celestrak_starlink_2026-05-24_2026-07-14.3le.xz:385574"});
  // Every pair that parses comes back byte for byte in its own layout.
  for (std::size_t i = 0; i < std::min<std::size_t>(tally.not_reproduced.size(), 20); ++i) {
    ADD_FAILURE() << "not reproduced: " << tally.not_reproduced[i];
  }
  EXPECT_EQ(tally.not_reproduced.size(), 0U);
  for (std::size_t i = 0; i < std::min<std::size_t>(tally.unexplained.size(), 20); ++i) {
    ADD_FAILURE() << "unexplained difference: " << tally.unexplained[i];
  }
  EXPECT_EQ(tally.unexplained.size(), 0U);
  // Every CelesTrak line comes back byte for byte; only Space-Track layouts differ.
  for (const auto& [file, pairs] : tally.changed_pairs_per_file) {
    if (file.starts_with("celestrak_")) {
      EXPECT_EQ(pairs, 0) << file;
    }
  }
  EXPECT_EQ(tally.identical_pairs, 1'427'191) << report;
  const std::map<std::string, std::int64_t> expected_reasons = {
      {"`+` sign in column 34, 45 or 54, CelesTrak writes a blank", 341},
      {"catalog number blank-padded, CelesTrak zero-pads", 886},
      {"first derivative zero written `-.00000000`, CelesTrak writes ` .00000000`", 6},
      {"zero written ` 00000-0`, CelesTrak writes ` 00000+0`", 27'860},
      {"zero-padded angle", 43},
      {"zero-padded mean motion", 6},
      {"zero-padded revolution number", 8},
  };
  EXPECT_EQ(tally.reasons, expected_reasons) << report;
  // The layouts stored, in pairs (docs/tle.md).
  const std::map<std::string, std::int64_t> expected_bits = {
      {"BSTAR zero ` 00000-0`", 2'334},
      {"`+` before first derivative", 317},
      {"`+` before second derivative and BSTAR", 341},
      {"blank ephemeris type", 0},
      {"catalog number blank-padded", 443},
      {"first derivative zero `-.00000000`", 6},
      {"international designator blank", 1'028},
      {"line 2 zero-padded", 43},
      {"second derivative zero ` 00000-0`", 27'857},
  };
  EXPECT_EQ(tally.pairs_per_bit, expected_bits) << report;
  const std::map<int, std::int64_t> expected_layouts = {
      {0, 1'427'175}, {1, 24'297}, {2, 3},   {3, 2'327}, {4, 16},  {5, 748},  {7, 1},
      {8, 5},         {9, 435},    {16, 2},  {20, 14},   {48, 68}, {52, 214}, {81, 3},
      {85, 2},        {87, 3},     {113, 5}, {117, 30},  {129, 3}, {137, 3},
  };
  EXPECT_EQ(tally.pairs_per_layout, expected_layouts) << report;
}

}  // namespace
}  // namespace gpq
