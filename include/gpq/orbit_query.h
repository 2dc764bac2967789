// "Where is it": the questions of state, ephemeris and passes (docs/ORBIT.md) and the shapes of
// their answers, shared by the CLI and the HTTP API. The orbit layer (src/orbit/) answers them
// over the QueryService; the core binds them (gpq/request.h) and the format layer writes them
// (gpq/orbit_format.h).
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

// Which set answers for an instant: the nearest in time (docs/DECISIONS.md "Nearest set",
// ties to the earlier), the last at or before it, or the object's newest.
enum class SetChoice : std::uint8_t { nearest, before, latest };
// TEME: SGP4's own frame; ITRF: Earth-fixed (GMST rotation, UT1 = UTC, no polar motion);
// geodetic: latitude, longitude and height on WGS-84 of the ITRF position.
enum class OrbitFrame : std::uint8_t { teme, itrf, geodetic };

std::string_view to_string(SetChoice choice) noexcept;  // "nearest", "before", "latest"
std::string_view to_string(OrbitFrame frame) noexcept;  // "teme", "itrf", "geodetic"
// CCSDS REF_FRAME: "TEME", "ITRF" (geodetic coordinates are of the ITRF position: "ITRF").
std::string_view ref_frame_name(OrbitFrame frame) noexcept;

// A set is propagated at most this far from its epoch, either way: an instant farther from
// every set of the object is outside the archive (400).
inline constexpr std::int64_t kMaxPropagationDays = 30;
// Points of one ephemeris request (the whole span, every page), on both front ends.
inline constexpr std::int64_t kMaxEphemerisPoints = 1'000'000;
// Points of one HTTP page (per_page), and the default.
inline constexpr std::int64_t kMaxEphemerisPerPage = 10'000;
inline constexpr std::int64_t kDefaultEphemerisPerPage = 1'000;
// Rows of one page of the catalog's states (HTTP per_page), and the default: a page can hold
// today's whole catalog (about 30,000 objects in orbit), so one request answers it.
inline constexpr std::int64_t kMaxCatalogStatePerPage = 50'000;
inline constexpr std::int64_t kDefaultCatalogStatePerPage = kDefaultPerPage;
// The longest window passes are searched in.
inline constexpr std::int64_t kMaxPassWindowDays = 31;
inline constexpr double kDefaultMinElevationDeg = 10.0;

struct StateQuery {
  std::int32_t norad_id = 0;
  TimePoint epoch;
  SetChoice set = SetChoice::nearest;
  OrbitFrame frame = OrbitFrame::teme;
  // Propagate a stale set (more than kMaxPropagationDays from the instant) and after the
  // object's decay, where the answer is otherwise refused (`allow_stale`, --allow-stale).
  bool allow_stale = false;
};

// A field of the catalog's states to order the whole answer by (`sort`, docs/ORBIT.md): one
// of the row's fields, by its name.
enum class StateSortField : std::uint8_t {
  norad_cat_id,
  object_name,
  set_epoch,
  set_age_hours,
  x,
  y,
  z,
  x_dot,
  y_dot,
  z_dot,
  latitude_deg,
  longitude_deg,
  height_km,
};

struct StateOrder {
  StateSortField field = StateSortField::norad_cat_id;
  bool descending = false;
};

// Every object's state at one instant (`gpq state --all`, /api/v1/state): the members of the
// snapshot at `epoch` (/gp/epoch's membership), each from its nearest set, in /gp/epoch's
// order or, with `order`, sorted over the whole answer before it is paged.
struct CatalogStateQuery {
  TimePoint epoch;
  OrbitFrame frame = OrbitFrame::teme;
  std::optional<std::string> group;
  std::optional<ObjectType> object_type;
  std::optional<OrbitRegime> orbit_regime;  // of the set propagated
  std::optional<StateOrder> order;

  SnapshotQuery members() const { return {epoch, object_type, orbit_regime, group}; }
};

// Instants start, start + step, ... up to end inclusive; each from the set nearest it.
struct EphemerisQuery {
  std::int32_t norad_id = 0;
  TimePoint start;
  TimePoint end;
  std::int64_t step_micros = 60 * kMicrosPerSecond;
  OrbitFrame frame = OrbitFrame::teme;
  bool allow_stale = false;  // as StateQuery's

  // How many instants the span holds (start <= end, step > 0: at least 1).
  std::int64_t count() const { return (end.unix_micros() - start.unix_micros()) / step_micros + 1; }
  TimePoint instant(std::int64_t index) const {
    return TimePoint::from_unix_micros(start.unix_micros() + index * step_micros);
  }
};

// An observer on the earth, geodetic on WGS-84.
struct Site {
  double latitude_deg = 0;   // -90 .. 90
  double longitude_deg = 0;  // -180 .. 180, east positive
  double altitude_m = 0;     // above the ellipsoid
};

struct PassQuery {
  std::int32_t norad_id = 0;
  Site site;
  TimePoint start;
  TimePoint end;
  double min_elevation_deg = kDefaultMinElevationDeg;
  bool allow_stale = false;  // as StateQuery's
};

// One state: Cartesian in TEME or ITRF (km, km/s), or geodetic (then position/velocity hold the
// ITRF state and the geodetic fields are set).
struct OrbitPoint {
  TimePoint epoch;
  std::array<double, 3> position_km{};
  std::array<double, 3> velocity_km_s{};
  double latitude_deg = 0;
  double longitude_deg = 0;
  double height_km = 0;
  TimePoint set_epoch;  // the element set propagated
};

struct StateAnswer {
  ElementSet set;  // the set propagated
  SetChoice choice = SetChoice::nearest;
  OrbitFrame frame = OrbitFrame::teme;
  OrbitPoint point;
};

// One object of the catalog's states: its state, or why it has none. A whole-catalog answer
// never fails for one object: such a row keeps the set and the instant, its coordinates are
// not finite (null in JSON, empty in CSV) and `error` says why: SGP4's failure in the words
// `gpq state` refuses with, or how far the nearest set is from the instant.
struct CatalogStateRow {
  const ElementSet* set = nullptr;  // the object's nearest set; valid during the visit only
  OrbitPoint point;                 // in the query's frame
  std::string error;                // empty: the state is valid
};

// A page of the catalog's states: its pagination (total = members of the snapshot) and what
// became of its rows.
struct CatalogStatePage {
  PageInfo page;
  std::int64_t states = 0;  // rows with a state
  std::int64_t errors = 0;  // rows without (set too far from the instant, SGP4 failed)
};

// One set's run of consecutive points in an ephemeris (a CCSDS OEM segment).
struct SetUse {
  TimePoint set_epoch;
  DataSource source = DataSource::celestrak;
  TimePoint first;  // the first and last instants propagated from it (on this page)
  TimePoint last;
  std::int64_t points = 0;
};

// What an ephemeris page holds, known before its points are computed.
struct EphemerisPlan {
  std::int32_t norad_id = 0;
  std::string object_name;
  std::string object_id;  // international designator; empty when unknown
  EphemerisQuery query;
  PageInfo page;             // total = every instant of the span
  std::int64_t first = 0;    // index of the page's first instant
  std::int64_t points = 0;   // instants on this page
  std::vector<SetUse> sets;  // the runs of this page, in time order
  // When gpq received the newest of the sets used (of the object's newest set when the page is
  // empty): OEM's CREATION_DATE, so that the same data gives the same file (and ETag).
  TimePoint created;
};

struct Pass {
  // None when the object is already above the minimum elevation at the window's start (rise)
  // or still above it at its end (set).
  std::optional<TimePoint> rise;
  double rise_azimuth_deg = 0;
  TimePoint culmination;  // the highest elevation within the window
  double culmination_azimuth_deg = 0;
  double culmination_elevation_deg = 0;
  double culmination_range_km = 0;
  std::optional<TimePoint> set;
  double set_azimuth_deg = 0;
  TimePoint set_epoch;  // the element set propagated at culmination
};

struct PassList {
  std::int32_t norad_id = 0;
  std::string object_name;
  PassQuery query;
  std::vector<Pass> passes;
};

}  // namespace gpq
