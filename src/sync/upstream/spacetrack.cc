#include "sync/upstream/spacetrack.h"

#include <algorithm>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/time.h"

#include "storage/history_windows.h"
#include "storage/sync_resources.h"
#include "sync/upstream/spacetrack_client.h"
#include "sync/upstream/spacetrack_rules.h"

namespace gpq::sync {
namespace {

constexpr std::int64_t kHourUs = 3600 * kMicrosPerSecond;
const std::string kSatcat = "/basicspacedata/query/class/satcat/orderby/norad_cat_id/format/json";

// What a written answer brought, for the resource's state.
struct Taken {
  std::uint64_t sets = 0;
  std::optional<TimePoint> newest_creation;
};

class Spacetrack {
 public:
  Spacetrack(storage::Database& db, const SpacetrackOptions& options,
             const ResourceProgress& progress, BudgetClock& clock)
      : options_(options),
        client_(db, options, clock),
        states_(db),
        windows_(db, "spacetrack"),
        run_(db, "spacetrack", progress) {}

  SourceReport sync() {
    if (Failure refused = client_.login(); !refused.empty()) {
      return run_.finish(refused);
    }
    fetch_gp();
    fetch_satcat();
    if (options_.history_since) {
      backfill_history(*options_.history_since);
    }
    client_.logout();
    return run_.finish();
  }

 private:
  // The answer to `target`, or std::nullopt with the resource failed (and the source stopped
  // when the client says so).
  std::optional<HttpAnswer> fetch(const std::string& name, const std::string& target) {
    if (stopped_) {
      return std::nullopt;
    }
    Fetched fetched = client_.get(target);
    if (!fetched.stop.empty()) {
      stopped_ = true;
      run_.failed(name, fetched.stop);
      return std::nullopt;
    }
    return std::move(fetched.answer);
  }

  // Parses and writes a 200 answer; std::nullopt (and the resource failed) otherwise.
  std::optional<Taken> take(const std::string& name, HttpAnswer answer) {
    const std::string what = "spacetrack " + name;
    if (answer.transport_failed()) {
      run_.failed(name, {fmt::format("{}: {}", what, answer.error), answer.reason()});
      return std::nullopt;
    }
    if (answer.status != 200) {
      run_.failed(name, {fmt::format("{}: {}", what, answer.summary()), answer.reason()});
      return std::nullopt;
    }
    const std::size_t first = answer.body.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || answer.body.compare(first, 2, "[]") == 0) {
      run_.write(name, ParsedBody{}, answer.body.size());  // nothing new
      return Taken{};
    }
    try {
      const std::size_t bytes = answer.body.size();
      const ParsedBody body =
          parse_body(std::move(answer.body), DataSource::spacetrack, run_.started(), what);
      run_.write(name, body, bytes);
      Taken taken{body.sets.size(), std::nullopt};
      for (const ElementSet& set : body.sets) {
        if (set.creation_date &&
            (!taken.newest_creation || *set.creation_date > *taken.newest_creation)) {
          taken.newest_creation = set.creation_date;
        }
      }
      return taken;
    } catch (const Error& error) {
      if (error.code() != Errc::upstream) {
        throw;
      }
      run_.failed(name, {error.what(), std::string(kUnreadableAnswer)});
      return std::nullopt;
    }
  }

  // class/gp at most once an hour: everything on the first run, then what was created after
  // the newest CREATION_DATE held (the resource's cursor).
  void fetch_gp() {
    storage::ResourceState state = states_.get("spacetrack gp");
    const TimePoint now = system_now();
    if (!options_.force && state.checked &&
        now.unix_micros() - state.checked->unix_micros() < kHourUs) {
      run_.fresh("gp");
      return;
    }
    const auto answer = fetch("gp", gp_target(state.cursor));
    if (!answer) {
      return;
    }
    if (const auto taken = take("gp", std::move(*answer))) {
      state.checked = now;
      if (taken->newest_creation && (!state.cursor || *taken->newest_creation > *state.cursor)) {
        state.cursor = taken->newest_creation;
      }
      states_.put(state);
    }
  }

  // Once a day, after Space-Track's 17:00 UTC update (--force: at any hour).
  void fetch_satcat() {
    storage::ResourceState state = states_.get("spacetrack satcat");
    const TimePoint now = system_now();
    if (!options_.force && !satcat_due(now, state.checked)) {
      run_.fresh("satcat");
      return;
    }
    const auto answer = fetch("satcat", kSatcat);
    if (answer && take("satcat", std::move(*answer))) {
      state.checked = now;
      states_.put(state);
    }
  }

  // gp_history from `since` to today, skipping every window recorded complete (unless
  // --force), at most max_history_requests windows a run; a failed window ends the walk
  // and the next run asks it again.
  void backfill_history(TimePoint since) {
    const std::vector<HistoryWindow> windows =
        history_windows(since, system_now(), options_.history_days);
    int asked = 0;
    std::size_t left = 0;
    for (const HistoryWindow& window : windows) {
      if (!options_.force && windows_.covered(window.start, window.end)) {
        continue;
      }
      if (asked >= options_.max_history_requests || stopped_) {
        ++left;
        continue;
      }
      ++asked;
      const std::string name =
          "gp_history " + format_date(window.start) + "--" + format_date(window.end);
      const TimePoint asked_at = system_now();
      const auto answer = fetch(name, history_target(window));
      const auto taken = answer ? take(name, std::move(*answer)) : std::nullopt;
      if (!taken) {
        stopped_ = true;  // windows after a failed one wait for the next run
        ++left;
        continue;
      }
      if (window_complete(window, asked_at)) {
        windows_.record(window.start, window.end, system_now(), taken->sets);
      }
    }
    if (left > 0 && options_.notice) {
      options_.notice(
          fmt::format("gp_history: {} window(s) left for the next run of the same "
                      "command",
                      left));
    }
  }

  const SpacetrackOptions& options_;
  SpacetrackClient client_;
  storage::SyncResources states_;
  storage::HistoryWindows windows_;
  SourceRun run_;
  bool stopped_ = false;  // the client stopped the source: no more requests this run
};

}  // namespace

SourceReport sync_spacetrack(storage::Database& db, const SpacetrackOptions& options,
                             const ResourceProgress& progress, BudgetClock& clock) {
  return Spacetrack(db, options, progress, clock).sync();
}

}  // namespace gpq::sync
