// CelesTrak (no account): the GP data of every group of the API as OMM CSV, whose rows also
// give each group's members, and the SATCAT CSV. CelesTrak's rules (docs/FORMATS.md 5.1): at least
// two hours between requests for the same resource, a 403 "has not updated" means "not
// modified", and any other non-200 stops that resource for this run without a retry.
#pragma once

#include <chrono>
#include <string>

#include "sync/upstream/source_run.h"
#include "sync/upstream/upstream.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct CelestrakOptions {
  std::string base_url = "https://celestrak.org";
  bool force = false;  // ask even when asked less than min_interval ago
  std::chrono::minutes min_interval{120};
  int retries = 2;  // on transport failures only (no answer at all)
  std::chrono::seconds timeout{600};
};

SourceReport sync_celestrak(storage::Database& db, const CelestrakOptions& options,
                            const ResourceProgress& progress);

// The options of a run from the arguments and configuration (celestrak_plan.cc): --celestrak-url,
// celestrak_url or $GPQ_CELESTRAK_URL; celestrak_min_interval_minutes, never below CelesTrak's
// two hours for CelesTrak itself (a warning says so).
CelestrakOptions celestrak_options(const PlanInput& input);
// Its row of the upstream list.
Upstream celestrak_upstream();

}  // namespace gpq::sync
