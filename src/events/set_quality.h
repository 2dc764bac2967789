// The quality flags of sets (gpq/set_quality.h), read from the archive as it is now: the one
// place their rules live (docs/DECISIONS.md "Quality"). The front ends ask it for every set an
// answer with `include=quality` (`--quality`) writes, and the page always.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "gpq/query_service.h"
#include "gpq/request.h"
#include "gpq/set_quality.h"

namespace gpq::events {

// Sets this many days on each side of a set are read to tell whether it is an outlier: the
// event detector's own context (kContextDays), so that the noise is the object's.
inline constexpr std::int64_t kOutlierContextDays = 15;

class SetQualityJudge {
 public:
  // `archive` must answer as the archive is now, not as of an instant: a flag says what is
  // known of a set today (a set shown as of a past instant may have been reissued since), and
  // `archive` must outlive the judge. `instant`: the instant the question names (now, the
  // instant of `as_of`, the epoch asked), at which `stale` and `decayed` are judged; none (a
  // history, which names no instant): each set at its own epoch, never stale.
  SetQualityJudge(const QueryService& archive, std::optional<TimePoint> instant)
      : archive_(archive), instant_(instant) {}

  // Not thread-safe: it keeps what it read of each object for the next set of the same one.
  QualityFlags flags(const ElementSet& set);

 private:
  // What is read once per object.
  struct ObjectFacts {
    std::optional<TimePoint> decayed_from;  // SATCAT's DECAY_DATE, the day after it
    std::optional<TimePoint> reentry;       // the latest re-entry gpq's decay event predicts
    std::optional<TimePoint> newest_epoch;  // of the object's newest set
    // The sets around the last one asked, and which of them are outliers.
    std::optional<TimePoint> window_start;
    std::optional<TimePoint> window_end;
    std::vector<TimePoint> outliers;
  };

  ObjectFacts& facts_of(std::int32_t norad_id);
  bool is_outlier(const ElementSet& set, ObjectFacts& facts);
  bool is_reissued(const ElementSet& set) const;

  const QueryService& archive_;
  std::optional<TimePoint> instant_;
  std::unordered_map<std::int32_t, ObjectFacts> objects_;
};

// The flags of both sides of `adjacent`.
inline AdjacentQuality flags_of(SetQualityJudge& judge, const Adjacent& adjacent) {
  AdjacentQuality quality;
  if (adjacent.before) {
    quality.before = judge.flags(*adjacent.before);
  }
  if (adjacent.after) {
    quality.after = judge.flags(*adjacent.after);
  }
  return quality;
}
// The instant each question names, at which `stale` and `decayed` are judged
// (docs/DECISIONS.md "Quality"): `answering`'s now for one object's latest set (its id) and a
// search, the snapshot's epoch (else now), the epoch of nearest and adjacent; a history names
// none.
inline std::optional<TimePoint> instant_asked(std::int32_t, const QueryService& answering) {
  return answering.now();
}
inline std::optional<TimePoint> instant_asked(const GpFilter&, const QueryService& answering) {
  return answering.now();
}
inline std::optional<TimePoint> instant_asked(const SnapshotQuery& query,
                                              const QueryService& answering) {
  return query.epoch.value_or(answering.now());
}
inline std::optional<TimePoint> instant_asked(const NearestQuery& query, const QueryService&) {
  return query.epoch;
}
inline std::optional<TimePoint> instant_asked(const AdjacentQuery& query, const QueryService&) {
  return query.epoch;
}
inline std::optional<TimePoint> instant_asked(const HistoryQuery&, const QueryService&) {
  return std::nullopt;
}

// The judge of a request's sets when it asked for their flags (`include=quality`), else none.
// `answering` answers the request (now, or as of an instant); `archive` is the archive now.
template <typename Query>
std::optional<SetQualityJudge> judge_for(const BoundRequest<Query>& bound,
                                         const QueryService& archive,
                                         const QueryService& answering) {
  if (!bound.quality) {
    return std::nullopt;
  }
  return std::optional<SetQualityJudge>(std::in_place, archive,
                                        instant_asked(bound.query, answering));
}

}  // namespace gpq::events
