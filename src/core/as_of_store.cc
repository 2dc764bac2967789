// The archive as known at an instant: each set of the base store is shown in the version
// published by then, or not at all (docs/DECISIONS.md "As of").
#include <algorithm>
#include <set>
#include <vector>

#include "gpq/as_of.h"
#include "gpq/error.h"

#include "core/gp_filter_rules.h"
#include "core/group_rules.h"
#include "core/nearer_set.h"
#include "core/text.h"

namespace gpq {
namespace {

// The first window looked at around an epoch; each further one doubles, so that a gap of
// years in an object's sets costs a few look-ups.
constexpr std::int64_t kFirstWindowMicros = 4 * kMicrosPerDay;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

[[noreturn]] void not_as_of(std::string_view question) {
  fail(Errc::internal, "{} is not answered as of an instant", question);
}

}  // namespace

AsOfStore::AsOfStore(const Store& base, TimePoint as_of)
    : base_(base),
      as_of_(as_of),
      horizon_(at(as_of.unix_micros() + base.max_epoch_lead_micros().value_or(0))) {}

std::optional<ElementSet> AsOfStore::version_then(const ElementSet& answering) const {
  if (answering.published_at <= as_of_) {
    return answering;
  }
  std::optional<ElementSet> then;
  base_.superseded_versions(
      answering.norad_id, answering.epoch, answering.epoch, [&](const ElementSet& version) {
        if (version.source == answering.source && version.published_at <= as_of_ &&
            (!then || version.published_at >= then->published_at)) {
          then = version;
        }
      });
  return then;
}

template <typename Visit>
void AsOfStore::walk_known(std::int32_t norad_id, TimePoint start, TimePoint end,
                           SourceFilter source, const Visit& visit) const {
  end = std::min(end, horizon());
  if (start > end) {
    return;
  }
  // Versions are looked up after the base's walk, which may hold a read of its own.
  std::vector<ElementSet> sets;
  base_.history(norad_id, start, end, source, Window{},
                [&](const ElementSet& set) { sets.push_back(set); });
  for (const ElementSet& set : sets) {
    if (std::optional<ElementSet> known = version_then(set)) {
      if (!visit(*known)) {
        return;
      }
    }
  }
}

std::optional<ElementSet> AsOfStore::at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                  SourceFilter source) const {
  return named_then(known_at_or_before(norad_id, epoch, source));
}

std::optional<ElementSet> AsOfStore::after(std::int32_t norad_id, TimePoint epoch,
                                           SourceFilter source) const {
  return named_then(known_after(norad_id, epoch, source));
}

std::optional<ElementSet> AsOfStore::known_at_or_before(std::int32_t norad_id, TimePoint epoch,
                                                        SourceFilter source) const {
  // Windows back from the epoch, each twice the last, each starting where the base has a set.
  std::int64_t high = std::min(epoch, horizon()).unix_micros();
  for (std::int64_t width = kFirstWindowMicros;;
       width = std::min(width * 2, kMicrosPerDay * 36'500)) {
    const std::optional<ElementSet> probe = base_.at_or_before(norad_id, at(high), source);
    if (!probe) {
      return std::nullopt;
    }
    if (std::optional<ElementSet> known = version_then(*probe)) {
      return known;
    }
    high = probe->epoch.unix_micros();
    const std::int64_t low = high - width;
    std::optional<ElementSet> last;
    walk_known(norad_id, at(low), at(high), source, [&](const ElementSet& set) {
      last = set;
      return true;
    });
    if (last) {
      return last;
    }
    high = low - 1;
  }
}

std::optional<ElementSet> AsOfStore::known_after(std::int32_t norad_id, TimePoint epoch,
                                                 SourceFilter source) const {
  std::int64_t low = epoch.unix_micros();  // exclusive
  const std::int64_t last_known = horizon().unix_micros();
  for (std::int64_t width = kFirstWindowMicros; low < last_known;
       width = std::min(width * 2, kMicrosPerDay * 36'500)) {
    const std::optional<ElementSet> probe = base_.after(norad_id, at(low), source);
    if (!probe || probe->epoch.unix_micros() > last_known) {
      return std::nullopt;
    }
    if (std::optional<ElementSet> known = version_then(*probe)) {
      return known;
    }
    low = probe->epoch.unix_micros();
    const std::int64_t high = std::min(low + width, last_known);
    std::optional<ElementSet> first;
    walk_known(norad_id, at(low + 1), at(high), source, [&](const ElementSet& set) {
      first = set;
      return false;
    });
    if (first) {
      return first;
    }
    low = high;
  }
  return std::nullopt;
}

std::optional<ElementSet> AsOfStore::latest(std::int32_t norad_id, SourceFilter source) const {
  return at_or_before(norad_id, horizon(), source);
}

std::optional<ElementSet> AsOfStore::named_then(std::optional<ElementSet> set) const {
  if (set) {
    rename(base_.object_names_at(set->norad_id, as_of_), *set);
  }
  return set;
}

void AsOfStore::rename(const std::optional<ObjectNames>& names, ElementSet& set) {
  if (names) {
    set.object_name = names->object_name;
    set.object_id = names->object_id;
  }
}

SetStats AsOfStore::history_stats(std::int32_t norad_id, TimePoint start, TimePoint end,
                                  SourceFilter source) const {
  SetStats stats;
  std::set<int> years;
  walk_known(norad_id, start, end, source, [&](const ElementSet& set) {
    ++stats.count;
    if (!stats.earliest) {
      stats.earliest = set.epoch;
    }
    stats.latest = set.epoch;
    years.insert(to_civil(set.epoch).year);
    return true;
  });
  stats.distinct_years = static_cast<std::int64_t>(years.size());
  return stats;
}

void AsOfStore::history(std::int32_t norad_id, TimePoint start, TimePoint end, SourceFilter source,
                        Window window, const SetVisitor& visit) const {
  const std::optional<ObjectNames> names = base_.object_names_at(norad_id, as_of_);
  std::int64_t position = 0;
  ElementSet named;
  walk_known(norad_id, start, end, source, [&](const ElementSet& set) {
    if (window.limit >= 0 && position >= window.offset + window.limit) {
      return false;
    }
    if (position++ >= window.offset) {
      named = set;
      rename(names, named);
      visit(named);
    }
    return true;
  });
}

void AsOfStore::superseded_versions(std::int32_t norad_id, TimePoint start, TimePoint end,
                                    const SetVisitor& visit) const {
  base_.superseded_versions(norad_id, start, end, [&](const ElementSet& version) {
    if (version.published_at <= as_of_) {
      visit(version);
    }
  });
}

std::optional<ElementSet> AsOfStore::member_then(const AsOfCandidate& candidate,
                                                 const SnapshotQuery& query) const {
  const std::int32_t norad_id = candidate.norad_id;
  const TimePoint epoch = *query.epoch;
  if (!candidate.settled) {
    const std::optional<CatalogRecord> record = base_.catalog_record_at(norad_id, as_of_);
    const CatalogRecord* then = record ? &*record : nullptr;
    if (decayed_before(then, epoch) ||
        (query.object_type && (then == nullptr || then->object_type != query.object_type))) {
      return std::nullopt;
    }
  }
  std::optional<ElementSet> before = known_at_or_before(norad_id, epoch, SourceFilter::all);
  std::optional<ElementSet> after;
  if (!before || before->epoch < epoch) {
    after = known_after(norad_id, epoch, SourceFilter::all);
  }
  const bool member =
      before || (after && after->epoch.unix_micros() <= epoch.unix_micros() + kMicrosPerDay);
  if (!member) {
    return std::nullopt;
  }
  ElementSet& chosen = nearer_of(before, after, epoch);
  if (query.orbit_regime &&
      orbit_regime(chosen.mean_motion, chosen.eccentricity) != *query.orbit_regime) {
    return std::nullopt;
  }
  return std::move(chosen);
}

template <typename Read>
std::vector<AsOfStore::Member> AsOfStore::members_of(const std::vector<AsOfCandidate>& candidates,
                                                     bool reads_sets, const Read& read) const {
  std::vector<Member> members;
  for (const AsOfCandidate& candidate : candidates) {
    if (candidate.settled && candidate.first_published <= as_of_ && !reads_sets) {
      members.push_back({candidate, std::nullopt});
    } else if (std::optional<ElementSet> set = read(candidate)) {
      members.push_back({candidate, std::move(set)});
    }
  }
  return members;
}

std::vector<AsOfStore::Member>& AsOfStore::snapshot_members(const SnapshotQuery& query) const {
  const auto same = [&](const SnapshotQuery& kept) {
    return kept.epoch == query.epoch && kept.object_type == query.object_type &&
           kept.orbit_regime == query.orbit_regime && kept.group == query.group;
  };
  if (members_query_ && same(*members_query_)) {
    return members_;
  }
  // Its first set, at most a day after the epoch, was known then: a member whatever the set
  // chosen, unless a regime filter asks which that is.
  members_ =
      members_of(base_.snapshot_candidates(query, as_of_), query.orbit_regime.has_value(),
                 [&](const AsOfCandidate& candidate) { return member_then(candidate, query); });
  members_query_ = query;
  return members_;
}

std::int64_t AsOfStore::count_snapshot(const SnapshotQuery& query) const {
  const std::lock_guard lock(members_mutex_);
  return static_cast<std::int64_t>(snapshot_members(query).size());
}

template <typename Members, typename Read>
void AsOfStore::visit_page(const Members& members_asked, Window window, const Read& read,
                           const SetVisitor& visit) const {
  std::vector<ElementSet> page;
  {
    const std::lock_guard lock(members_mutex_);
    std::vector<Member>& members = members_asked();
    const auto size = static_cast<std::int64_t>(members.size());
    const std::int64_t end = window.limit < 0 ? size : std::min(size, window.offset + window.limit);
    for (std::int64_t i = window.offset; i < end; ++i) {
      Member& member = members[static_cast<std::size_t>(i)];
      if (!member.set) {
        member.set = read(member.candidate);
      }
      if (member.set) {
        page.push_back(*member.set);
      }
    }
  }
  // Names as they were, read for the page alone.
  for (ElementSet& set : page) {
    rename(base_.object_names_at(set.norad_id, as_of_), set);
    visit(set);
  }
}

void AsOfStore::snapshot(const SnapshotQuery& query, Window window, const SetVisitor& visit) const {
  visit_page([&]() -> std::vector<Member>& { return snapshot_members(query); }, window,
             [&](const AsOfCandidate& candidate) { return member_then(candidate, query); }, visit);
}

std::optional<ElementSet> AsOfStore::latest_member_then(const AsOfCandidate& candidate,
                                                        const GpFilter& filter) const {
  if (!candidate.settled) {
    const std::optional<CatalogRecord> record = base_.catalog_record_at(candidate.norad_id, as_of_);
    if (!record_passes(record ? &*record : nullptr, filter, as_of_)) {
      return std::nullopt;
    }
  }
  // The page is named as then when it is visited; a search by name reads the name then now.
  std::optional<ElementSet> set =
      known_at_or_before(candidate.norad_id, horizon(), SourceFilter::all);
  if (set && filter.search) {
    set = named_then(std::move(set));
  }
  if (!set || !set_passes(*set, to_upper(set->object_name), filter)) {
    return std::nullopt;
  }
  return set;
}

std::vector<AsOfStore::Member>& AsOfStore::search_members(const GpFilter& filter) const {
  const auto same = [&](const GpFilter& kept) {
    return kept.search == filter.search && kept.group == filter.group &&
           kept.intdes == filter.intdes && kept.norad_ids == filter.norad_ids &&
           kept.orbit_regime == filter.orbit_regime && kept.object_type == filter.object_type &&
           kept.include_decayed == filter.include_decayed;
  };
  if (search_query_ && same(*search_query_)) {
    return search_members_;
  }
  const bool reads_sets = filter.search || filter.intdes || filter.orbit_regime;
  search_members_ = members_of(
      base_.search_candidates(filter, as_of_), reads_sets,
      [&](const AsOfCandidate& candidate) { return latest_member_then(candidate, filter); });
  search_query_ = filter;
  return search_members_;
}

std::int64_t AsOfStore::count_current(const GpFilter& filter) const {
  const std::lock_guard lock(members_mutex_);
  return static_cast<std::int64_t>(search_members(filter).size());
}

void AsOfStore::current(const GpFilter& filter, Window window, const SetVisitor& visit) const {
  visit_page([&]() -> std::vector<Member>& { return search_members(filter); }, window,
             [&](const AsOfCandidate& candidate) { return latest_member_then(candidate, filter); },
             visit);
}

MirrorStats AsOfStore::mirror_stats() const {
  not_as_of("the mirror's status");
}

}  // namespace gpq
