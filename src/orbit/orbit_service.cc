#include "orbit/orbit_service.h"

#include <algorithm>
#include <cstdlib>

#include "gpq/error.h"

#include "core/group_rules.h"
#include "orbit/look_angles.h"
#include "orbit/pass_finder.h"
#include "orbit/set_propagation.h"

namespace gpq::orbit {
namespace {

constexpr std::int64_t kMaxAgeMicros = kMaxPropagationDays * kMicrosPerDay;

// Which instants of the span a page holds: [first, first + points).
struct PageSpan {
  PageInfo info;
  std::int64_t first = 0;
  std::int64_t points = 0;
};

PageSpan page_span(const Paging& paging, std::int64_t total) {
  PageSpan span;
  if (paging.all) {
    span.points = paging.limit ? std::min(*paging.limit, total) : total;
    span.info = {total, 1, span.points, total == 0 ? 0 : 1};
    return span;
  }
  span.first = (paging.page - 1) * paging.per_page;
  const std::int64_t per_page =
      paging.limit ? std::min(paging.per_page, *paging.limit) : paging.per_page;
  span.points = std::clamp<std::int64_t>(total - span.first, 0, per_page);
  span.info = {total, paging.page, paging.per_page,
               (total + paging.per_page - 1) / paging.per_page};
  return span;
}

}  // namespace

void Ephemeris::run(const SegmentVisitor& segment, const PointVisitor& point) const {
  if (!track_) {
    return;
  }
  const EphemerisQuery& query = plan_.query;
  std::int64_t index = plan_.first;
  for (const SetUse& use : plan_.sets) {
    segment(use);
    for (std::int64_t i = 0; i < use.points; ++i, ++index) {
      point(track_->point(query.instant(index), query.frame));
    }
  }
}

StateAnswer OrbitService::state(const StateQuery& query) const {
  StateAnswer answer;
  answer.set = chosen_set(query);
  answer.choice = query.set;
  answer.frame = query.frame;
  if (!query.allow_stale) {
    check_age(answer.set, query.epoch);
    check_not_decayed(query.norad_id, query.epoch);
  }
  const ArchiveTrack track({answer.set});
  answer.point =
      point_in_frame(track.propagate(0, query.epoch), query.epoch, query.frame, answer.set.epoch);
  return answer;
}

Ephemeris OrbitService::ephemeris(const EphemerisQuery& query, const Paging& paging) const {
  Ephemeris out;
  EphemerisPlan& plan = out.plan_;
  plan.norad_id = query.norad_id;
  plan.query = query;
  const ElementSet newest = core_.latest(query.norad_id);  // Error{not_found} for no set at all
  plan.object_name = newest.object_name;
  plan.object_id = newest.object_id;
  plan.created = newest.collected_at;
  const PageSpan span = page_span(paging, query.count());
  plan.page = span.info;
  plan.first = span.first;
  plan.points = span.points;
  if (plan.points == 0) {
    return out;
  }
  const TimePoint first = query.instant(plan.first);
  const TimePoint last = query.instant(plan.first + plan.points - 1);
  if (!query.allow_stale) {
    check_not_decayed(query.norad_id, last);
  }
  out.track_.emplace(track_over(query.norad_id, first, last));
  const ArchiveTrack& track = *out.track_;
  // Every instant's set is chosen (and its age checked) before any point is computed, so that
  // an instant outside the archive refuses the request before output begins.
  std::size_t current = track.size();
  plan.created = TimePoint();
  for (std::int64_t i = 0; i < plan.points; ++i) {
    const TimePoint t = query.instant(plan.first + i);
    const std::size_t index = track.nearest(t);
    if (!query.allow_stale) {
      check_age(track.set(index), t);
    }
    if (index != current) {
      const ElementSet& set = track.set(index);
      require_sgp4_set(set);
      plan.sets.push_back({set.epoch, set.source, t, t, 0});
      plan.created = std::max(plan.created, set.collected_at);
      current = index;
    }
    plan.sets.back().last = t;
    ++plan.sets.back().points;
  }
  return out;
}

PassList OrbitService::passes(const PassQuery& query) const {
  PassList list;
  list.norad_id = query.norad_id;
  list.query = query;
  list.object_name = core_.latest(query.norad_id).object_name;
  if (!query.allow_stale) {
    check_not_decayed(query.norad_id, query.end);
  }
  const ArchiveTrack track = track_over(query.norad_id, query.start, query.end);
  const Observer observer(
      {query.site.latitude_deg, query.site.longitude_deg, query.site.altitude_m / 1000.0});
  const LookFunction look = [&](TimePoint t) {
    const std::size_t index = track.nearest(t);
    if (!query.allow_stale) {
      check_age(track.set(index), t);
    }
    return observer.look_at(teme_to_itrf(track.propagate(index, t), t));
  };
  list.passes = find_passes(look, query.start, query.end, query.min_elevation_deg);
  for (Pass& pass : list.passes) {
    pass.set_epoch = track.set(track.nearest(pass.culmination)).epoch;
  }
  return list;
}

ElementSet OrbitService::chosen_set(const StateQuery& query) const {
  switch (query.set) {
    case SetChoice::nearest:
      return core_.nearest({query.norad_id, query.epoch, SourceFilter::all}).set;
    case SetChoice::latest:
      return core_.latest(query.norad_id);
    case SetChoice::before:
      break;
  }
  Adjacent around = core_.adjacent({query.norad_id, query.epoch});
  if (!around.before) {
    outside_archive(query.norad_id, query.epoch, "has no element set at or before it",
                    "; ask for the nearest set instead");
  }
  return std::move(*around.before);
}

ArchiveTrack OrbitService::track_over(std::int32_t norad_id, TimePoint start, TimePoint end) const {
  std::vector<ElementSet> sets;
  Adjacent at_start = core_.adjacent({norad_id, start});
  if (at_start.before && at_start.before->epoch < start) {
    sets.push_back(std::move(*at_start.before));
  }
  if (at_start.after && at_start.after->epoch <= end) {
    HistoryQuery within;
    within.norad_id = norad_id;
    within.start = start;
    within.end = end;
    Paging every;
    every.all = true;
    core_.history(
        within, every, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);
  } else if (at_start.before && at_start.before->epoch == start) {
    sets.push_back(std::move(*at_start.before));
  }
  if (auto after = core_.adjacent({norad_id, end}).after) {
    sets.push_back(std::move(*after));
  }
  return ArchiveTrack(std::move(sets));
}

void OrbitService::check_age(const ElementSet& set, TimePoint t) const {
  if (std::llabs(t.unix_micros() - set.epoch.unix_micros()) > kMaxAgeMicros) {
    outside_archive(set.norad_id, t,
                    fmt::format("has no element set within {} days of it", kMaxPropagationDays),
                    fmt::format("; a set is propagated at most {} days", kMaxPropagationDays));
  }
}

void OrbitService::check_not_decayed(std::int32_t norad_id, TimePoint t) const {
  std::optional<CatalogRecord> record;
  try {
    record = core_.catalog_record(norad_id);
  } catch (const Error& error) {
    if (error.code() != Errc::not_found) {
      throw;
    }
  }
  if (record && decayed_before(record->decay_date, t)) {
    fail(Errc::bad_request, "NORAD {} decayed on {} (SATCAT DECAY_DATE); ask for a time before {}",
         norad_id, format_date(*record->decay_date),
         format_iso8601_millis(decayed_from(*record->decay_date)));
  }
}

void OrbitService::outside_archive(std::int32_t norad_id, TimePoint t, std::string_view problem,
                                   std::string_view advice) const {
  const RangeInfo range = core_.range(norad_id);
  fail(Errc::bad_request, "{} is outside the archive: NORAD {} {} (its {} sets span {} to {}{})",
       format_iso8601_millis(t), norad_id, problem, range.total_elsets,
       format_iso8601_millis(range.earliest_epoch), format_iso8601_millis(range.latest_epoch),
       advice);
}

}  // namespace gpq::orbit
