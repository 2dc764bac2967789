// The quality flags of sets (gpq/set_quality.h), read from the archive as it is now: the one
// place their rules live (docs/DECISIONS.md "Quality"). The front ends ask it for every set an
// answer with `include=quality` (`--quality`) writes, and the page always.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "gpq/query_service.h"
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

}  // namespace gpq::events
