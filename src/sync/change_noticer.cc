#include "sync/change_noticer.h"

#include <chrono>
#include <vector>

#include "core/parallel_parts.h"
#include "events/detect_events.h"
#include "storage/database.h"
#include "storage/sqlite_store.h"

namespace gpq::sync {
namespace {

// Below this many objects a second core is not worth its thread.
constexpr std::size_t kLooksPerPart = 256;

TimePoint before(TimePoint t, std::chrono::microseconds span) {
  return TimePoint::from_unix_micros(t.unix_micros() - span.count());
}

}  // namespace

TimePoint events_kept_from(TimePoint now) {
  return before(now, kEventRetention);
}

ChangeNoticer::ChangeNoticer(storage::Database& db) : db_(db), log_(db) {}

ChangeNoticer::~ChangeNoticer() = default;

void ChangeNoticer::notice(TimePoint now) {
  tell_new_sets(now);
  detect_orbit_events(now);
}

void ChangeNoticer::tell_new_sets(TimePoint now) {
  const std::int64_t through = log_.through(storage::kNoticedThrough);
  std::vector<ChangeEvent> events;
  for (const storage::NewestSet& set : log_.newest_sets_after(through)) {
    ChangeEvent& event = events.emplace_back();
    event.kind = ChangeKind::set;
    event.norad_id = set.norad_id;
    event.source = set.source;
    event.epoch = TimePoint::from_unix_micros(set.epoch_us);
  }
  for (const storage::CatalogDecay& decay : log_.catalog_decays_after(through)) {
    ChangeEvent& event = events.emplace_back();
    event.kind = ChangeKind::decay;
    event.norad_id = decay.norad_id;
    event.epoch = TimePoint::from_unix_micros(decay.decay_us);
  }
  log_.record(events, {}, storage::kNoticedThrough, now, events_kept_from(now));
}

// An object seen for the first time only gets its mark: what its history held before gpq
// knew it is no news. Otherwise the manoeuvres and decays whose later set lies after the mark,
// up to the new newest set, are told. The objects are looked at on the machine's cores: a
// sync that brings every object a new set looks at tens of thousands.
void ChangeNoticer::detect_orbit_events(TimePoint now) {
  const std::int64_t through = log_.through(storage::kDetectedThrough);
  const std::vector<storage::NewestSet> newest = log_.newest_sets_after(through);
  struct Look {
    storage::NewestSet set;
    std::int64_t mark;
  };
  std::vector<Look> looks;
  for (const storage::NewestSet& set : newest) {
    const std::optional<std::int64_t> mark = log_.mark(set.norad_id, set.source);
    if (mark && *mark < set.epoch_us) {
      looks.push_back({set, *mark});
    }
  }
  if (!looks.empty() && !store_) {
    store_ = storage::SqliteStore::open(db_.path());
  }
  const std::size_t parts = part_count(looks.size(), kLooksPerPart);
  std::vector<std::vector<ChangeEvent>> found(parts);
  for_each_part(parts, looks.size(), [&](std::size_t part, std::size_t begin, std::size_t end) {
    std::vector<ElementSet> sets;
    for (std::size_t k = begin; k < end; ++k) {
      look_at(looks[k].set, looks[k].mark, sets, found[part]);
    }
  });
  std::vector<ChangeEvent> events;
  for (std::vector<ChangeEvent>& some : found) {
    events.insert(events.end(), some.begin(), some.end());
  }
  log_.record(events, newest, storage::kDetectedThrough, now, events_kept_from(now));
}

void ChangeNoticer::look_at(const storage::NewestSet& set, std::int64_t mark,
                            std::vector<ElementSet>& sets, std::vector<ChangeEvent>& events) const {
  const TimePoint newest_epoch = TimePoint::from_unix_micros(set.epoch_us);
  sets.clear();
  store_->history(set.norad_id, before(newest_epoch, kDetectionContext), newest_epoch,
                  only(set.source), Window{}, [&](const ElementSet& one) { sets.push_back(one); });
  for (const OrbitEvent& found : events::detect_events(sets).events) {
    const std::int64_t after = found.after.epoch.unix_micros();
    if (found.kind == EventKind::gap || after <= mark || after > set.epoch_us) {
      continue;
    }
    ChangeEvent& event = events.emplace_back();
    event.kind = found.kind == EventKind::decay ? ChangeKind::decay : ChangeKind::manoeuvre;
    event.norad_id = set.norad_id;
    event.source = set.source;
    event.epoch = found.after.epoch;
    event.orbit = found;
  }
}

}  // namespace gpq::sync
