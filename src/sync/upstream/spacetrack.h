// Space-Track (an account): current GP (objects on orbit with an epoch in the last 30 days),
// the SATCAT, and the history of element sets created since the last run, walked one window of
// CREATION_DATE at a time so that a long back-fill resumes where it stopped. Requests stay
// under Space-Track's published limits (FORMATS.md 5.3) with a client-side limiter, and back
// off on 429 and 5xx.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "gpq/time.h"
#include "sync/upstream/source_run.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct SpacetrackOptions {
  std::string base_url = "https://www.space-track.org";
  std::string identity;
  std::string password;
  bool force = false;                       // ignore the per-class intervals
  std::optional<TimePoint> history_since;   // --history --since: start (or restart) the walk here
  int history_days = 1;                     // CREATION_DATE days per request
  int max_history_requests = 100;           // per run; the rest waits for the next run
  int retries = 3;                          // on 429, 5xx and transport failures
  std::chrono::seconds timeout{600};
  int per_minute = 20;  // Space-Track allows < 30/min and < 300/h
  int per_hour = 250;
};

SourceReport sync_spacetrack(storage::Database& db, const SpacetrackOptions& options,
                             const ResourceProgress& progress);

}  // namespace gpq::sync
