// OrbitService::conjunctions: the snapshot at the window's start screened (screening.h), or
// with follow_archive each of its objects' sets over the part of the window where it is the
// nearest (set_switches.h); each approach described as SOCRATES describes one, sorted and
// paged.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "gpq/error.h"

#include "core/parallel_parts.h"
#include "orbit/collision_probability.h"
#include "orbit/constellation.h"
#include "orbit/frames.h"
#include "orbit/orbit_service.h"
#include "orbit/screening.h"
#include "orbit/set_propagation.h"
#include "orbit/set_switches.h"

namespace gpq::orbit {
namespace {

constexpr std::int64_t kMaxAgeMicros = kMaxPropagationDays * kMicrosPerDay;

std::vector<ElementSet> snapshot_sets(const QueryService& core, const SnapshotQuery& query) {
  std::vector<ElementSet> sets;
  Paging every;
  every.all = true;
  core.snapshot(query, every, [&](const ElementSet& set) { sets.push_back(set); });
  return sets;
}

// The NORAD ids of the primaries, or none when every object is one.
std::optional<std::set<std::int32_t>> primary_ids(const QueryService& core,
                                                  const ConjunctionQuery& query, TimePoint from) {
  const ConjunctionPrimaries& primaries = query.primaries;
  if (primaries.everything()) {
    return std::nullopt;
  }
  std::set<std::int32_t> ids(primaries.norad_ids.begin(), primaries.norad_ids.end());
  if (!primaries.group && !primaries.object_type) {
    return ids;
  }
  std::set<std::int32_t> members;
  for (const ElementSet& set :
       snapshot_sets(core, {from, primaries.object_type, std::nullopt, primaries.group})) {
    if (ids.empty() || ids.contains(set.norad_id)) {
      members.insert(set.norad_id);
    }
  }
  return members;
}

void check_window(TimePoint from, TimePoint to, std::int64_t max_days) {
  if (to <= from) {
    fail(Errc::bad_request, "parameter 'to' ({}) is not after 'from' ({}); give from < to",
         format_iso8601_millis(to), format_iso8601_millis(from));
  }
  const std::int64_t span = to.unix_micros() - from.unix_micros();
  if (span > max_days * kMicrosPerDay) {
    fail(Errc::bad_request,
         "parameters 'from' and 'to' are {:.1f} days apart; conjunctions are screened over at "
         "most {} day{}",
         static_cast<double>(span) / static_cast<double>(kMicrosPerDay), max_days,
         max_days == 1 ? "" : "s");
  }
}

double norm(const std::array<double, 3>& v) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

std::array<double, 3> cross(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

double dot(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

std::array<double, 3> unit(const std::array<double, 3>& v) {
  const double n = norm(v);
  return {v[0] / n, v[1] / n, v[2] / n};
}

ConjunctionObject describe(const ElementSet& set, const TemeState& state, TimePoint tca) {
  ConjunctionObject object;
  object.norad_id = set.norad_id;
  object.object_name = set.object_name;
  object.object_id = set.object_id;
  object.set_epoch = set.epoch;
  object.source = set.source;
  object.days_since_epoch =
      static_cast<double>(tca.unix_micros() - set.epoch.unix_micros()) / 8.64e10;
  object.collected_at = set.collected_at;
  object.position_km = state.position_km;
  object.velocity_km_s = state.velocity_km_s;
  const ItrfState itrf = teme_to_itrf(state, tca);
  object.itrf_position_km = itrf.position_km;
  object.itrf_velocity_km_s = itrf.velocity_km_s;
  return object;
}

// The event of one approach; the primary comes first.
ConjunctionEvent event_of(const Approach& approach, const ElementSet& first_set,
                          const ElementSet& second_set, bool swap, double radius_km) {
  const TimePoint tca = TimePoint::from_unix_micros(
      (approach.tca.unix_micros() + (approach.tca.unix_micros() >= 0 ? 500 : -500)) / 1000 * 1000);
  ConjunctionEvent event;
  event.tca = tca;
  event.primary = describe(first_set, approach.first_state, approach.tca);
  event.secondary = describe(second_set, approach.second_state, approach.tca);
  if (swap) {
    std::swap(event.primary, event.secondary);
  }
  const auto& r = event.primary.position_km;
  const auto& v = event.primary.velocity_km_s;
  std::array<double, 3> miss{};
  std::array<double, 3> relative_velocity{};
  for (int k = 0; k < 3; ++k) {
    miss[k] = event.secondary.position_km[k] - r[k];
    relative_velocity[k] = event.secondary.velocity_km_s[k] - v[k];
  }
  const std::array<double, 3> radial = unit(r);
  const std::array<double, 3> normal = unit(cross(r, v));
  const std::array<double, 3> along = cross(normal, radial);
  event.miss_rtn_m = {dot(miss, radial) * 1e3, dot(miss, along) * 1e3, dot(miss, normal) * 1e3};
  event.relative_velocity_rtn_m_s = {dot(relative_velocity, radial) * 1e3,
                                     dot(relative_velocity, along) * 1e3,
                                     dot(relative_velocity, normal) * 1e3};
  event.miss_m = approach.miss_km * 1e3;
  event.relative_speed_km_s = norm(relative_velocity);
  const MaximumProbability maximum = maximum_probability(approach.miss_km, radius_km);
  event.max_probability = maximum.probability;
  event.dilution_threshold_km = maximum.dilution_sigma_km;
  return event;
}

void sort_events(std::vector<ConjunctionEvent>& events, ConjunctionSort sort) {
  const auto pair_order = [](const ConjunctionEvent& a, const ConjunctionEvent& b) {
    return std::tie(a.tca, a.primary.norad_id, a.secondary.norad_id) <
           std::tie(b.tca, b.primary.norad_id, b.secondary.norad_id);
  };
  std::stable_sort(events.begin(), events.end(),
                   [&](const ConjunctionEvent& a, const ConjunctionEvent& b) {
                     switch (sort) {
                       case ConjunctionSort::miss_distance:
                         if (a.miss_m != b.miss_m) {
                           return a.miss_m < b.miss_m;
                         }
                         break;
                       case ConjunctionSort::probability:
                         if (a.max_probability != b.max_probability) {
                           return a.max_probability > b.max_probability;
                         }
                         break;
                       case ConjunctionSort::tca:
                         break;
                     }
                     return pair_order(a, b);
                   });
}

// A set screened over a part of the window (all of it under the snapshot rule).
struct ScreenedSet {
  const ElementSet* set = nullptr;
  double from_seconds = 0;
  double to_seconds = std::numeric_limits<double>::infinity();
};

}  // namespace

ConjunctionPage OrbitService::conjunctions(const ConjunctionQuery& query, const Paging& paging,
                                           const ConjunctionVisitor& visit) const {
  ConjunctionPage out;
  out.from = query.from.value_or(core_.now());
  out.to = query.to.value_or(TimePoint::from_unix_micros(out.from.unix_micros() +
                                                         kDefaultConjunctionDays * kMicrosPerDay));
  check_window(out.from, out.to, query.max_days);
  ConjunctionCounts& counts = out.counts;
  const std::vector<ElementSet> members = snapshot_sets(core_, {out.from, {}, {}, {}});
  const std::optional<std::set<std::int32_t>> primaries = primary_ids(core_, query, out.from);
  counts.objects = static_cast<std::int64_t>(members.size());

  std::vector<ScreenedSet> screened;
  std::deque<ArchiveTrack> tracks;  // following the archive: the sets screened live here
  for (const ElementSet& set : members) {
    if (query.follow_archive) {
      const ArchiveTrack& track = tracks.emplace_back(track_over(set.norad_id, out.from, out.to));
      bool any = false;
      bool theory = false;
      for (const CurrentPart& part : current_parts(track.sets(), out.from, out.to, kMaxAgeMicros)) {
        if (theory_problem(track.set(part.set)).empty()) {
          screened.push_back({&track.set(part.set), part.from_seconds, part.to_seconds});
          any = true;
        } else {
          theory = true;
        }
      }
      if (!any) {
        ++(theory ? counts.not_sgp4 : counts.stale);
      }
    } else if (std::llabs(out.from.unix_micros() - set.epoch.unix_micros()) > kMaxAgeMicros) {
      ++counts.stale;
    } else if (!theory_problem(set).empty()) {
      ++counts.not_sgp4;
    } else {
      screened.push_back({&set});
    }
  }
  std::deque<Sgp4Propagator> propagators;
  std::vector<ScreeningObject> objects;
  objects.reserve(screened.size());
  // Constellations count objects, not sets: one set of each (an object's sets are neighbours).
  std::vector<const ElementSet*> one_set_each;
  one_set_each.reserve(screened.size());
  for (const ScreenedSet& s : screened) {
    if (one_set_each.empty() || one_set_each.back()->norad_id != s.set->norad_id) {
      one_set_each.push_back(s.set);
    }
  }
  const ConstellationNames constellations(one_set_each);
  std::set<std::int32_t> screened_ids;
  for (const ScreenedSet& s : screened) {
    const ElementSet& set = *s.set;
    const Sgp4Propagator& propagator = propagators.emplace_back(set);
    ScreeningObject object;
    object.norad_id = set.norad_id;
    object.propagator = &propagator;
    object.epoch = set.epoch;
    object.primary = !primaries || primaries->contains(set.norad_id);
    object.group = query.exclude_same_constellation ? constellations.of(set) : -1;
    object.from_seconds = s.from_seconds;
    object.to_seconds = s.to_seconds;
    if (screened_ids.insert(set.norad_id).second) {
      counts.primaries += object.primary ? 1 : 0;
    }
    objects.push_back(object);
  }
  counts.screened = static_cast<std::int64_t>(screened_ids.size());
  counts.sets = static_cast<std::int64_t>(objects.size());

  const auto started = std::chrono::steady_clock::now();
  ScreeningCounts screening;
  const std::vector<Approach> approaches =
      screen(objects, {out.from, out.to, query.threshold_km}, &screening);
  counts.screening_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::set<std::int32_t> failed_ids;
  for (const std::uint32_t i : screening.failed) {
    failed_ids.insert(objects[i].norad_id);
  }
  counts.failed = static_cast<std::int64_t>(failed_ids.size());

  // Each event's probability is a search over sigma (microseconds): the events of a catalog
  // against itself are described on every core.
  std::vector<ConjunctionEvent> events(approaches.size());
  for_each_part(part_count(approaches.size(), 1000), approaches.size(),
                [&](std::size_t, std::size_t begin, std::size_t end) {
                  for (std::size_t n = begin; n < end; ++n) {
                    const Approach& approach = approaches[n];
                    // screen() pairs first < second, in the snapshot's NORAD order: the lower
                    // id first.
                    const bool swap = !objects[approach.first].primary;
                    events[n] = event_of(approach, *screened[approach.first].set,
                                         *screened[approach.second].set, swap,
                                         query.hard_body_radius_m / 1e3);
                  }
                });
  sort_events(events, query.sort);
  counts.approaches = static_cast<std::int64_t>(events.size());

  const PageSlice slice = slice_page(paging, counts.approaches);
  out.page = slice.info;
  const std::int64_t begin = std::min(slice.offset, counts.approaches);
  const std::int64_t end =
      slice.count < 0 ? counts.approaches : std::min(counts.approaches, begin + slice.count);
  if (begin < end) {
    visit(std::span<const ConjunctionEvent>(events.data() + begin, events.data() + end));
  }
  return out;
}

}  // namespace gpq::orbit
