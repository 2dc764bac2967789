// What `gpq sync` (without --from) runs, decided from the command's arguments and the
// configuration: which upstreams, with which URLs, credentials, budget and --history window.
// The CLI only fills a SyncRequest, prints what comes back and chooses the exit code by
// fail_if_incomplete().
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sync/upstream/celestrak.h"
#include "sync/upstream/spacetrack.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

// The arguments of `gpq sync`, as given.
struct SyncRequest {
  std::string source;          // empty: every upstream; "celestrak" / "source_b", "spacetrack"
                               // / "source_a": only that one
  std::string celestrak_url;   // empty: the configuration's, else the default
  std::string spacetrack_url;  // likewise
  bool force = false;
  bool history = false;
  std::string since;  // start of the --history back-fill; empty: 2004-01-01
  int history_days = 1;
  int retries = -1;  // -1: each source's default
  int timeout = 600;
};

// The configuration, wherever the caller keeps it.
struct SyncConfig {
  // The value of `key`; when `environment` names a variable that is set and not empty, that
  // variable's value wins. `environment` may be null.
  std::function<std::optional<std::string>(const std::string& key, const char* environment)> get;
  std::string path;  // of the file, for messages; empty when there is none
};

struct SyncPlan {
  std::optional<CelestrakOptions> celestrak;    // absent: not run
  std::optional<SpacetrackOptions> spacetrack;  // absent: not run (or no account)
  std::vector<std::string> warnings;            // "file: note", for the caller to print
};

// Throws Error{bad_request} for Space-Track asked for (--source or --history) without an
// account, an unreadable password file, a budget key that is not a whole number, or a bad
// --since.
SyncPlan plan_sync(const SyncRequest& request, const SyncConfig& config);

// Runs the planned sources in order (CelesTrak first), one report each. `notice` receives
// Space-Track's waits and other news (may be empty).
std::vector<SourceReport> run_sync(storage::Database& db, SyncPlan plan,
                                   const ResourceProgress& progress,
                                   const std::function<void(const std::string&)>& notice);

// Throws Error{upstream} when a source did not sync completely.
void fail_if_incomplete(const std::vector<SourceReport>& reports);

}  // namespace gpq::sync
