// What `gpq sync` (without --from) runs, decided from the command's arguments and the
// configuration: which upstreams of the list (sync/upstream/upstream.h), each with its options.
// The CLI only fills a SyncRequest, prints what comes back and chooses the exit code by
// fail_if_incomplete().
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sync/upstream/upstream.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct SyncPlan {
  struct Planned {
    const Upstream* upstream;
    std::unique_ptr<PlannedUpstream> run;
  };
  std::vector<Planned> upstreams;     // in the list's order
  std::vector<std::string> warnings;  // "file: note", for the caller to print
};

// Plans every upstream of `list` that request.source selects (all when empty); an upstream
// may decline unless named (one that needs an account it lacks). Throws Error{bad_request} for a
// source no upstream answers to and for what an upstream cannot run with.
SyncPlan plan_sync(const SyncRequest& request, const SyncConfig& config,
                   std::span<const Upstream> list = upstreams());

// Runs the planned upstreams in order, one report each. `notice` receives news such as
// an upstream's waits (may be empty).
std::vector<SourceReport> run_sync(storage::Database& db, SyncPlan plan,
                                   const ResourceProgress& progress, const Notice& notice);

// Throws Error{upstream} when a source did not sync completely.
void fail_if_incomplete(const std::vector<SourceReport>& reports);

}  // namespace gpq::sync
