// Events in an object's history (docs/EVENTS.md): manoeuvres, decay and gaps found in its
// element sets, the question shared by `gpq events` and /api/v1/gp/{id}/events. The events layer
// (src/events/) answers it over the QueryService; the core binds it (gpq/request.h) and the
// format layer writes it (gpq/event_format.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/time.h"

namespace gpq {

#define GPQ_EVENT_KINDS(ROW) ROW(manoeuvre) ROW(decay) ROW(gap)

enum class EventKind : std::uint8_t {
#define GPQ_EVENT_KIND_ENUMERATOR(name) name,
  GPQ_EVENT_KINDS(GPQ_EVENT_KIND_ENUMERATOR)
#undef GPQ_EVENT_KIND_ENUMERATOR
};

// What moved, its name as written and its unit: a manoeuvre's element, the perigee of a
// decay (its altitude's trend), the interval of a gap (days without a set).
#define GPQ_EVENT_ELEMENTS(ROW) \
  ROW(semi_major_axis, "km")    \
  ROW(inclination, "deg")       \
  ROW(eccentricity, "")         \
  ROW(perigee, "km/day")        \
  ROW(interval, "days")

enum class EventElement : std::uint8_t {
#define GPQ_EVENT_ELEMENT_ENUMERATOR(name, unit) name,
  GPQ_EVENT_ELEMENTS(GPQ_EVENT_ELEMENT_ENUMERATOR)
#undef GPQ_EVENT_ELEMENT_ENUMERATOR
};

std::string_view to_string(EventKind kind) noexcept;        // "manoeuvre", "decay", "gap"
std::string_view to_string(EventElement element) noexcept;  // "semi_major_axis", ...
std::string_view unit_of(EventElement element) noexcept;    // "km", "deg", "", "km/day", "days"

// Sets whose EPOCHs lie in [start, end]; none: from the first set, up to the newest.
struct EventQuery {
  std::int32_t norad_id = 0;
  std::optional<TimePoint> start;
  std::optional<TimePoint> end;
};

// The set on one side of an event, as the history names it.
struct SetRef {
  TimePoint epoch;
  DataSource source = DataSource::celestrak;
  std::int32_t element_set_no = 0;
};

struct OrbitEvent {
  // A manoeuvre or gap: halfway between the bracketing sets; a decay: the first set whose
  // perigee is below kDecayPerigeeKm.
  TimePoint time;
  EventKind kind = EventKind::manoeuvre;
  EventElement element = EventElement::semi_major_axis;
  double size = 0;    // signed, in unit_of(element): the step, the trend or the gap's length
  double sigmas = 0;  // a manoeuvre's step over the object's noise; 0 for other kinds
  SetRef before;      // the last set before the event
  SetRef after;       // the first set after it (a decay: the set that crossed)
  // A decay's predicted re-entry, when the perigee is falling.
  std::optional<TimePoint> reentry_earliest;
  std::optional<TimePoint> reentry_latest;
};

// The noise the manoeuvre thresholds were drawn from (robust standard deviations of the
// successive differences after the drag trend), and the object's usual spacing of sets.
struct HistoryNoise {
  double semi_major_axis_km = 0;
  double inclination_deg = 0;
  double eccentricity = 0;
  double median_interval_days = 0;
};

struct EventList {
  std::int32_t norad_id = 0;
  std::string object_name;
  EventQuery query;
  std::int64_t sets = 0;      // sets read, before sets of one epoch were merged
  std::int64_t distinct = 0;  // sets of distinct epochs the detection used
  HistoryNoise noise;
  std::vector<OrbitEvent> events;  // in time order
};

// A decay is reported once the perigee altitude falls below this.
inline constexpr double kDecayPerigeeKm = 200.0;

}  // namespace gpq
