#include "events/set_quality.h"

#include <algorithm>
#include <cstdlib>

#include "gpq/error.h"
#include "gpq/event_query.h"
#include "gpq/orbit_query.h"

#include "core/group_rules.h"
#include "events/detect_events.h"
#include "events/distinct_sets.h"
#include "events/event_service.h"

namespace gpq::events {
namespace {

constexpr std::int64_t kMaxAgeMicros = kMaxPropagationDays * kMicrosPerDay;
constexpr std::int64_t kOutlierContextMicros = kOutlierContextDays * kMicrosPerDay;

TimePoint shifted(TimePoint t, std::int64_t micros) {
  return TimePoint::from_unix_micros(t.unix_micros() + micros);
}

std::vector<ElementSet> sets_between(const QueryService& archive, std::int32_t norad_id,
                                     TimePoint start, TimePoint end) {
  HistoryQuery query;
  query.norad_id = norad_id;
  query.start = start;
  query.end = end;
  Paging every;
  every.all = true;
  std::vector<ElementSet> sets;
  try {
    archive.history(
        query, every, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);
  } catch (const Error& error) {
    if (error.code() != Errc::not_found) {
      throw;
    }
  }
  return sets;
}

// The latest re-entry gpq's decay event predicts for the object, when its newest sets show one.
std::optional<TimePoint> predicted_reentry(const QueryService& archive, const ElementSet& newest) {
  // A decay is reported only below kDecayPerigeeKm: above it no history need be read.
  if (newest.mean_motion <= 0 || derive(newest).perigee_km >= kDecayPerigeeKm) {
    return std::nullopt;
  }
  const std::vector<ElementSet> sets = sets_between(
      archive, newest.norad_id, shifted(newest.epoch, -kContextDays * kMicrosPerDay), newest.epoch);
  for (const OrbitEvent& event : detect_events(sets).events) {
    if (event.kind == EventKind::decay && event.reentry_latest) {
      return event.reentry_latest;
    }
  }
  return std::nullopt;
}

}  // namespace

QualityFlags SetQualityJudge::flags(const ElementSet& set) {
  QualityFlags flags;
  const TimePoint at = instant_.value_or(set.epoch);
  if (instant_ && std::llabs(at.unix_micros() - set.epoch.unix_micros()) > kMaxAgeMicros) {
    flags.add(QualityFlag::stale);
  }
  ObjectFacts& facts = facts_of(set.norad_id);
  if ((facts.decayed_from && at >= *facts.decayed_from) ||
      (facts.reentry && at >= *facts.reentry)) {
    flags.add(QualityFlag::decayed);
  }
  if (is_outlier(set, facts)) {
    flags.add(QualityFlag::outlier);
  }
  if (is_reissued(set)) {
    flags.add(QualityFlag::reissued);
  }
  if (set.published_at != TimePoint{} && set.epoch > set.published_at) {
    flags.add(QualityFlag::future_epoch);
  }
  if (set.ephemeris_type == kSgp4XpEphemerisType) {
    flags.add(QualityFlag::sgp4_xp);
  } else if (!is_sgp4_ephemeris_type(set.ephemeris_type)) {
    flags.add(QualityFlag::not_sgp4);
  }
  if (is_analyst_id(set.norad_id)) {
    flags.add(QualityFlag::analyst);
  }
  return flags;
}

SetQualityJudge::ObjectFacts& SetQualityJudge::facts_of(std::int32_t norad_id) {
  const auto [found, added] = objects_.try_emplace(norad_id);
  ObjectFacts& facts = found->second;
  if (added) {
    if (const auto record = archive_.store().catalog_record(norad_id);
        record && record->decay_date) {
      facts.decayed_from = decayed_from(*record->decay_date);
    }
    if (const auto newest = archive_.store().latest(norad_id, SourceFilter::all)) {
      facts.newest_epoch = newest->epoch;
      facts.reentry = predicted_reentry(archive_, *newest);
    }
  }
  return facts;
}

bool SetQualityJudge::is_outlier(const ElementSet& set, ObjectFacts& facts) {
  // Out and back needs a set after it: the newest (every current set) never is one.
  if (!facts.newest_epoch || set.epoch >= *facts.newest_epoch) {
    return false;
  }
  // The sets read for an earlier set of the object serve while they reach half the context
  // on both sides of this one (a history's sets come in order: one read per fortnight).
  const bool covered = facts.window_start &&
                       *facts.window_start <= shifted(set.epoch, -kOutlierContextMicros / 2) &&
                       shifted(set.epoch, kOutlierContextMicros / 2) <= *facts.window_end;
  if (!covered) {
    facts.window_start = shifted(set.epoch, -kOutlierContextMicros);
    facts.window_end = shifted(set.epoch, kOutlierContextMicros);
    facts.outliers =
        detect_events(sets_between(archive_, set.norad_id, *facts.window_start, *facts.window_end))
            .outliers;
  }
  // The detector keeps the last of sets within kSameEpochMicros: an earlier one of them is
  // the same set regenerated.
  const auto next = std::lower_bound(facts.outliers.begin(), facts.outliers.end(), set.epoch);
  return next != facts.outliers.end() &&
         next->unix_micros() - set.epoch.unix_micros() < kSameEpochMicros;
}

bool SetQualityJudge::is_reissued(const ElementSet& set) const {
  const Store& store = archive_.store();
  bool later = false;
  store.superseded_versions(set.norad_id, set.epoch, set.epoch, [&](const ElementSet& version) {
    later = later || (version.source == set.source && version.epoch == set.epoch &&
                      version.published_at > set.published_at);
  });
  if (later) {
    return true;
  }
  const std::optional<ElementSet> answering =
      store.at_or_before(set.norad_id, set.epoch, only(set.source));
  return answering && answering->epoch == set.epoch && answering->published_at > set.published_at;
}

}  // namespace gpq::events
