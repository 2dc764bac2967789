// "What comes close to what": conjunction screening over the archive (docs/CONJUNCTIONS.md)
// and the shapes of its answer, shared by the CLI and the HTTP API. The orbit layer screens
// (src/orbit/conjunctions.cc), the core binds (gpq/request.h) and the format layer writes
// (gpq/conjunction_format.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/query.h"
#include "gpq/time.h"

namespace gpq {

inline constexpr double kDefaultConjunctionThresholdKm = 5;
inline constexpr double kMaxConjunctionThresholdKm = 50;
inline constexpr std::int64_t kDefaultConjunctionDays = 7;
// The longest window screened.
inline constexpr std::int64_t kMaxConjunctionDays = 14;
// The combined hard-body radius of the two objects the maximum probability is computed for
// (docs/CONJUNCTIONS.md, "Probability").
inline constexpr double kDefaultHardBodyRadiusM = 20;
inline constexpr std::int64_t kMaxConjunctionPerPage = 10'000;

// Which objects are screened against the whole catalog. Every field empty: all of them, all
// against all.
struct ConjunctionPrimaries {
  std::vector<std::int32_t> norad_ids;
  std::optional<std::string> group;  // of kGroups; "active" is SOCRATES's choice
  std::optional<ObjectType> object_type;

  bool everything() const { return norad_ids.empty() && !group && !object_type; }
};

// The orders of an answer; the names, by the enum's value, are the `sort` parameter's values.
enum class ConjunctionSort : std::uint8_t { miss_distance, tca, probability };
inline constexpr std::string_view kConjunctionSortNames[] = {"miss_distance", "tca", "probability"};
constexpr std::string_view to_string(ConjunctionSort sort) noexcept {
  return kConjunctionSortNames[static_cast<int>(sort)];
}

struct ConjunctionQuery {
  std::optional<TimePoint> from;                // none: now
  std::optional<TimePoint> to;                  // none: kDefaultConjunctionDays after `from`
  std::int64_t max_days = kMaxConjunctionDays;  // the longest window this front end allows
  double threshold_km = kDefaultConjunctionThresholdKm;
  ConjunctionPrimaries primaries;
  // Two payloads of one constellation (docs/CONJUNCTIONS.md, "Constellations") are never
  // paired, as SOCRATES leaves out approaches within a fleet.
  bool exclude_same_constellation = false;
  // Each object's trajectory from the set nearest each instant, switching where the archive
  // does (the ephemeris rule), instead of the snapshot's set at the window's start.
  bool follow_archive = false;
  double hard_body_radius_m = kDefaultHardBodyRadiusM;
  ConjunctionSort sort = ConjunctionSort::miss_distance;
};

// One object of an approach and the set it was propagated from.
struct ConjunctionObject {
  std::int32_t norad_id = 0;
  std::string object_name;
  std::string object_id;
  TimePoint set_epoch;
  DataSource source = DataSource::celestrak;
  double days_since_epoch = 0;  // at TCA (SOCRATES's DSE)
  TimePoint collected_at;       // when gpq received the set
  // TEME at TCA, km and km/s, and the same in ITRF (as `gpq state --frame itrf`: CDM's frame).
  std::array<double, 3> position_km{};
  std::array<double, 3> velocity_km_s{};
  std::array<double, 3> itrf_position_km{};
  std::array<double, 3> itrf_velocity_km_s{};
};

struct ConjunctionEvent {
  ConjunctionObject primary;  // the primary of the pair (the lower NORAD id when both are)
  ConjunctionObject secondary;
  TimePoint tca;  // to the millisecond
  double miss_m = 0;
  double relative_speed_km_s = 0;
  // The secondary's position less the primary's, along the primary's radial, in-track and
  // cross-track directions (RTN), metres.
  std::array<double, 3> miss_rtn_m{};
  std::array<double, 3> relative_velocity_rtn_m_s{};  // likewise, the velocities
  double max_probability = 0;        // Alfano's maximum for the query's hard-body radius
  double dilution_threshold_km = 0;  // the standard deviation at which it is reached
};

// How much of the catalog the screening stood on.
struct ConjunctionCounts {
  std::int64_t objects = 0;      // members of the snapshot at the window's start
  std::int64_t screened = 0;     // handed to the screen (the apogee/perigee filter may spare
                                 // some of them any propagation)
  std::int64_t sets = 0;         // their sets screened (more than one per object only when
                                 // following the archive)
  std::int64_t primaries = 0;    // of those, primaries
  std::int64_t stale = 0;        // left out: set more than kMaxPropagationDays from the start
                                 // (following the archive: from every instant of the window)
  std::int64_t not_sgp4 = 0;     // left out: a set SGP4 must not propagate (SGP4-XP, ...)
  std::int64_t failed = 0;       // screened until SGP4 gave no state (decayed in the window)
  std::int64_t approaches = 0;   // every approach found (the pages' total)
  double screening_seconds = 0;  // wall time of the screening itself
};

struct ConjunctionPage {
  TimePoint from;  // the window screened
  TimePoint to;
  PageInfo page;
  ConjunctionCounts counts;
};

}  // namespace gpq
