// Reader: windows of an object's history, walked in (epoch, source) order out of its blocks
// (set_cursor.h), and the per-year summary that answers whole-history counts.
#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "storage/database.h"
#include "storage/reader.h"
#include "storage/row_codec.h"
#include "storage/set_cursor.h"
#include "storage/sql.h"

namespace gpq::storage {

template <typename Walk>
void Reader::walk(std::int32_t norad_id, TimePoint from, TimePoint to, const Plan& plan,
                  Walk&& walk) {
  const std::int64_t from_us = from.unix_micros();
  const std::int64_t to_us = to.unix_micros();
  std::array<std::optional<SetCursor>, kDataSourceCount> cursors;
  std::vector<SetCursor*> read;  // most authoritative first
  for (int code = 0; code < kDataSourceCount; ++code) {
    if (plan.reads[code]) {
      read.push_back(&cursors[code].emplace(*block_at_or_before_, *source_blocks_[code],
                                            db_->path(), norad_id, code, from_us, to_us));
    }
  }
  // Every source over the same window: a set outside it is not returned, so it hides no set
  // inside it (docs/DECISIONS.md "Element sets": one set a millisecond is of the answer).
  SetStream stream(std::move(read));
  walk(stream);
}

void Reader::history(std::int32_t norad_id, TimePoint from, TimePoint to, SourceFilter source,
                     Window window, const SetVisitor& visit) {
  with_database_errors(db_->path(), [&] {
    names_norad_id_ = 0;
    walk(norad_id, from, to, plan(norad_id, source), [&](SetStream& stream) {
      if (window.offset > 0 && stream.skip(window.offset) < window.offset) {
        return;
      }
      ElementSet set;
      for (std::int64_t emitted = 0; window.limit < 0 || emitted < window.limit; ++emitted) {
        const StoredSet* stored = stream.next();
        if (stored == nullptr) {
          break;
        }
        set = stored->set;
        stamp(stored->run_id, set);
        fill_names(norad_id, set);
        visit(set);
      }
    });
  });
}

std::int64_t Reader::count_history(std::int32_t norad_id, TimePoint from, TimePoint to,
                                   SourceFilter source) {
  return with_database_errors(db_->path(), [&] {
    std::int64_t count = 0;
    walk(norad_id, from, to, plan(norad_id, source),
         [&](SetStream& stream) { count = stream.skip(std::numeric_limits<std::int64_t>::max()); });
    return count;
  });
}

SetStats Reader::history_stats(std::int32_t norad_id, TimePoint from, TimePoint to,
                               SourceFilter source) {
  return with_database_errors(db_->path(), [&] {
    const Plan p = plan(norad_id, source);
    // The summary counts every stored set; under the merge some are hidden, so it answers
    // only when one source is read, and only for a window that holds all of its sets.
    if (p.count() <= 1) {
      const std::optional<DataSource> one = only_source(source);
      const SetStats all = year_summary(norad_id, one ? source_code(*one) : -1);
      if (all.count == 0 || (from <= *all.earliest && *all.latest <= to)) {
        return all;
      }
    }
    SetStats stats;
    walk(norad_id, from, to, p, [&](SetStream& stream) {
      std::int64_t next_year_us = std::numeric_limits<std::int64_t>::min();
      while (const StoredSet* stored = stream.next()) {
        const TimePoint epoch = stored->set.epoch;
        if (!stats.earliest) {
          stats.earliest = epoch;
        }
        stats.latest = epoch;
        ++stats.count;
        if (epoch.unix_micros() >= next_year_us) {  // ascending: each new year starts here
          ++stats.distinct_years;
          next_year_us = from_civil({to_civil(epoch).year + 1, 1, 1}).unix_micros();
        }
      }
    });
    return stats;
  });
}

SetStats Reader::year_summary(std::int32_t norad_id, int source_code) {
  StatementInUse in_use(*object_years_);
  object_years_->bind(1, norad_id);
  SetStats stats;
  std::vector<int> years;
  while (object_years_->executeStep()) {
    if (source_code >= 0 && object_years_->getColumn(0).getInt() != source_code) {
      continue;
    }
    years.push_back(object_years_->getColumn(1).getInt());
    stats.count += object_years_->getColumn(2).getInt64();
    const auto first = TimePoint::from_unix_micros(object_years_->getColumn(3).getInt64());
    const auto last = TimePoint::from_unix_micros(object_years_->getColumn(4).getInt64());
    stats.earliest = stats.earliest ? std::min(*stats.earliest, first) : first;
    stats.latest = stats.latest ? std::max(*stats.latest, last) : last;
  }
  std::sort(years.begin(), years.end());
  stats.distinct_years =
      static_cast<std::int64_t>(std::unique(years.begin(), years.end()) - years.begin());
  return stats;
}

}  // namespace gpq::storage
