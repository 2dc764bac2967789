// ElementSet: one General Perturbations (GP) mean-element set, as docs/API.md
// "Element-set record" lists its fields, with the derived quantities computed from it,
// never stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/time.h"

namespace gpq {

// Every source of sets, one row each: the enumerator, DATA_SOURCE's value, and the neutral
// name the API also accepts (docs/DECISIONS.md). The enum, the names and the parser are made
// from it. The rows are in authority order (see outranks) and a row's position is the code
// stored with its sets, so a new source is appended and no row is ever moved.
#define GPQ_DATA_SOURCES(ROW)               \
  ROW(spacetrack, "spacetrack", "source_a") \
  ROW(celestrak, "celestrak", "source_b")

enum class DataSource : std::uint8_t {
#define GPQ_DATA_SOURCE_ENUMERATOR(name, value, neutral) name,
  GPQ_DATA_SOURCES(GPQ_DATA_SOURCE_ENUMERATOR)
#undef GPQ_DATA_SOURCE_ENUMERATOR
};

inline constexpr int kDataSourceCount = 0
#define GPQ_DATA_SOURCE_COUNT(name, value, neutral) +1
    GPQ_DATA_SOURCES(GPQ_DATA_SOURCE_COUNT)
#undef GPQ_DATA_SOURCE_COUNT
    ;

// The authority rule, the one place it is kept: where two sources hold a set of one object on
// the same printed millisecond, the merged view shows the set of the source that outranks the
// other, and the other is hidden (docs/STORAGE.md "Sources"). Space-Track, whose sets
// CelesTrak republishes, outranks CelesTrak.
constexpr bool outranks(DataSource a, DataSource b) noexcept {
  return static_cast<int>(a) < static_cast<int>(b);
}

// "spacetrack" / "celestrak", as DATA_SOURCE prints.
std::string_view to_string(DataSource source) noexcept;
// "source_a" / "source_b": the name the API also accepts.
std::string_view neutral_name(DataSource source) noexcept;
// A row's value or neutral name (spacetrack, celestrak, source_a, source_b), any case.
std::optional<DataSource> parse_data_source(std::string_view text) noexcept;
// Every spelling parse_data_source accepts, values first: for checks of a fixed list.
std::vector<std::string_view> data_source_spellings();

inline constexpr std::int32_t kMaxNoradId = 999'999'999;
// Highest catalog number a TLE can carry (Alpha-5 `Z9999`), in input and output alike.
inline constexpr std::int32_t kMaxAlpha5Id = 339'999;
inline constexpr std::int32_t kMaxTleOutputId = kMaxAlpha5Id;

// EPHEMERIS_TYPE of Space-Track's SGP4-XP sets (MEAN_ELEMENT_THEORY SGP4-XP in OMM): kept and
// written back as such, never propagated with SGP4 (docs/ORBIT.md).
inline constexpr std::int8_t kSgp4XpEphemerisType = 4;
// 0 is SGP4 in every set published today; the older convention numbered SGP4 2 and SDP4 3,
// which SGP4 computes alike (it picks SDP4 by the period, as that convention did).
constexpr bool is_sgp4_ephemeris_type(std::int8_t ephemeris_type) noexcept {
  return ephemeris_type == 0 || ephemeris_type == 2 || ephemeris_type == 3;
}

struct ElementSet {
  std::int32_t norad_id = 0;
  std::string object_name;  // as the upstream spells it, trailing blanks removed
  std::string object_id;    // international designator `1998-067A`; empty when unknown
  TimePoint epoch;
  double mean_motion = 0;  // rev/day
  double eccentricity = 0;
  double inclination = 0;        // deg
  double ra_of_asc_node = 0;     // deg
  double arg_of_pericenter = 0;  // deg
  double mean_anomaly = 0;       // deg
  double bstar = 0;              // 1/earth radii
  double mean_motion_dot = 0;    // rev/day^2, the TLE's ndot/2
  double mean_motion_ddot = 0;   // rev/day^3, the TLE's nddot/6
  std::int32_t rev_at_epoch = 0;
  char classification_type = 'U';
  std::int32_t element_set_no = 999;
  std::int8_t ephemeris_type = 0;
  DataSource source = DataSource::celestrak;
  std::optional<TimePoint> creation_date;  // the upstream's; none for TLE text and CelesTrak
  TimePoint collected_at;                  // when gpq received it
  // When it was published, as storage reads it back: CREATION_DATE where the source gives
  // one, else when the run that collected it says its sets were published (its start, or
  // `gpq sync --from --published-at`). What `--as-of` judges by.
  TimePoint published_at{};
  // How the source laid out the TLE lines it came in: kTle* bits of gpq/tle.h, 0 for
  // CelesTrak's canonical layout (and for every set that came without TLE lines).
  std::uint16_t tle_layout = 0;
};

// Derived fields with Space-Track's constants (GM 398600.4418 km^3/s^2, R 6378.135 km).
inline constexpr double kEarthGm = 398600.4418;
inline constexpr double kEarthRadiusKm = 6378.135;

struct DerivedFields {
  double period_minutes = 0;
  double semi_major_axis_km = 0;
  double apogee_km = 0;   // altitude above the equatorial radius
  double perigee_km = 0;  // altitude above the equatorial radius
};

// Requires mean_motion > 0.
DerivedFields derive(double mean_motion, double eccentricity) noexcept;
inline DerivedFields derive(const ElementSet& set) noexcept {
  return derive(set.mean_motion, set.eccentricity);
}

#define GPQ_ORBIT_REGIMES(ROW) ROW(leo, "LEO") ROW(meo, "MEO") ROW(geo, "GEO") ROW(heo, "HEO")

enum class OrbitRegime : std::uint8_t {
#define GPQ_ORBIT_REGIME_ENUMERATOR(name, text) name,
  GPQ_ORBIT_REGIMES(GPQ_ORBIT_REGIME_ENUMERATOR)
#undef GPQ_ORBIT_REGIME_ENUMERATOR
};

// HEO when e >= 0.25; GEO when 0.99 <= n <= 1.01 and e < 0.01; LEO when n >= 11.25; else MEO.
OrbitRegime orbit_regime(double mean_motion, double eccentricity) noexcept;
std::string_view to_string(OrbitRegime regime) noexcept;                        // "LEO" ...
std::optional<OrbitRegime> parse_orbit_regime(std::string_view text) noexcept;  // any case
std::string orbit_regime_names();  // "LEO, MEO, GEO or HEO", for help and messages

}  // namespace gpq
