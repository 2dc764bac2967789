#include "sync/sync_plan.h"

#include <algorithm>

#include "gpq/element_set.h"
#include "gpq/error.h"

#include "core/text.h"

namespace gpq::sync {
namespace {

// Whether --source names `upstream`: by its name, or by a spelling of its data source whose
// value is its name (the neutral name of its DATA_SOURCE).
bool names(std::string_view source, const Upstream& upstream) {
  if (iequals(source, upstream.name)) {
    return true;
  }
  const std::optional<DataSource> parsed = parse_data_source(source);
  return parsed && to_string(*parsed) == upstream.name;
}

}  // namespace

SyncPlan plan_sync(const SyncRequest& request, const SyncConfig& config,
                   std::span<const Upstream> list) {
  SyncPlan plan;
  bool selected_any = false;
  for (const Upstream& upstream : list) {
    const bool named = !request.source.empty() && names(request.source, upstream);
    if (!request.source.empty() && !named) {
      continue;
    }
    selected_any = true;
    if (auto run = upstream.plan(PlanInput{request, config, named, plan.warnings})) {
      plan.upstreams.push_back({&upstream, std::move(run)});
    }
  }
  if (!selected_any) {
    std::vector<std::string_view> known;
    for (const Upstream& upstream : list) {
      known.push_back(upstream.name);
    }
    fail(Errc::bad_request, "--source {}: no upstream has this name; use {}", request.source,
         either_of(known));
  }
  return plan;
}

std::vector<SourceReport> run_sync(storage::Database& db, SyncPlan plan,
                                   const ResourceProgress& progress, const Notice& notice) {
  std::vector<SourceReport> reports;
  for (SyncPlan::Planned& planned : plan.upstreams) {
    reports.push_back(planned.run->run(db, progress, notice));
  }
  return reports;
}

void fail_if_incomplete(const std::vector<SourceReport>& reports) {
  const auto failed = std::count_if(reports.begin(), reports.end(), [](const SourceReport& r) {
    return r.outcome != storage::RunOutcome::ok;
  });
  if (failed > 0) {
    fail(Errc::upstream, "{} of {} source(s) did not sync completely (see gpq status)", failed,
         reports.size());
  }
}

}  // namespace gpq::sync
