// Space-Track (an account): new and changed current sets from class/gp (the whole catalogue
// on the first run, then the sets created after the newest one held), the SATCAT once a day
// after 17:00 UTC, and with --history a back-fill of gp_history, window by window, each
// complete window recorded so that it is never asked again. Every request goes through one
// budget per account kept in the database (docs/FORMATS.md section 5.3, docs/SYNC.md).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "gpq/time.h"

#include "sync/upstream/request_budget.h"
#include "sync/upstream/source_run.h"
#include "sync/upstream/upstream.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct SpacetrackOptions {
  std::string base_url = "https://www.space-track.org";
  std::string identity;
  std::string password;
  bool force = false;                      // gp within the hour, SATCAT before 17:00 UTC, and
                                           // complete history windows are asked anyway
  std::optional<TimePoint> history_since;  // --history --since: back-fill gp_history from here
  int history_days = 1;                    // CREATION_DATE days per window
  int max_history_requests = 100;          // windows asked per run; the rest waits
  int retries = 3;                         // on 5xx and transport failures (and one rate limit)
  std::chrono::seconds timeout{600};
  BudgetLimits limits;                             // already within kSpacetrackCeiling
  std::function<void(const std::string&)> notice;  // waits and other news (may be empty)
};

// `clock` paces the requests (a fake one in tests); the rest of the run uses the wall clock.
SourceReport sync_spacetrack(storage::Database& db, const SpacetrackOptions& options,
                             const ResourceProgress& progress,
                             BudgetClock& clock = system_budget_clock());

// The options of a run from the arguments and configuration (spacetrack_plan.cc), or none
// without an account. Throws Error{bad_request} when the account is missing and --source named
// Space-Track or --history asks for it, for a password file that cannot be read, a budget key
// that is not a whole number, or a bad --since.
std::optional<SpacetrackOptions> spacetrack_options(const PlanInput& input);
// Its row of the upstream list.
Upstream spacetrack_upstream();

}  // namespace gpq::sync
