// An upstream that `gpq sync` (without --from) asks: one implementation of one interface,
// registered in one list (upstreams.cc), in the order a sync runs them. Adding an upstream is
// a new file and a row there: the plan, the run, --source, the --NAME-url flag and `gpq
// status` all take it from the row.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/element_set.h"

#include "sync/upstream/source_run.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

// The arguments of `gpq sync`, as given.
struct SyncRequest {
  std::string source;  // empty: every upstream; else an upstream's name or a spelling of its
                       // data source (source_a, source_b): only that one
  std::map<std::string, std::string, std::less<>> urls;  // --NAME-url, by upstream name
  bool force = false;
  bool history = false;
  std::string since;  // start of the --history back-fill; empty: 2004-01-01
  int history_days = 1;
  int retries = -1;  // -1: each upstream's default
  int timeout = 600;
};

// The configuration, wherever the caller keeps it.
struct SyncConfig {
  // The value of `key`; when `environment` names a variable that is set and not empty, that
  // variable's value wins. `environment` may be null.
  std::function<std::optional<std::string>(const std::string& key, const char* environment)> get;
  std::string path;  // of the file, for messages; empty when there is none
};

// News an upstream gives while it runs (Space-Track's waits), with the upstream's name; may be
// empty.
using Notice = std::function<void(std::string_view upstream, const std::string& message)>;

// An upstream with its options decided, ready to run.
class PlannedUpstream {
 public:
  virtual ~PlannedUpstream() = default;
  // Asks the upstream and writes what it brings, every resource whole (source_run.h).
  virtual SourceReport run(storage::Database& db, const ResourceProgress& progress,
                           const Notice& notice) = 0;
};

// What a plan is given: the arguments, the configuration, whether --source named this upstream
// (then it may not decline), and where its warnings go ("file: note", printed by the caller).
struct PlanInput {
  const SyncRequest& request;
  const SyncConfig& config;
  bool named;
  std::vector<std::string>& warnings;
};

struct Upstream {
  std::string_view name;  // as --source, the run records and `gpq status` name it
  DataSource source;      // the DATA_SOURCE of the sets it brings
  std::string_view url_help;
  // The planned run, or null when the upstream does not run unasked (no account). Throws
  // Error{bad_request} for what it cannot run with: a missing account when named, a
  // configuration value it cannot read.
  std::unique_ptr<PlannedUpstream> (*plan)(const PlanInput& input);
};

// Every upstream, in the order a sync runs them (CelesTrak first: it needs no account).
std::span<const Upstream> upstreams();

// The --NAME-url flag of `name`, if given.
std::optional<std::string> url_flag(const SyncRequest& request, std::string_view name);

// What every upstream's options take alike: the base URL (the flag, else `configured`, else
// the options' default), --force, --timeout and --retries.
template <typename Options>
void apply_common(const PlanInput& input, std::string_view name,
                  const std::optional<std::string>& configured, Options& options) {
  const std::optional<std::string> flag = url_flag(input.request, name);
  options.base_url = flag ? *flag : configured.value_or(options.base_url);
  options.force = input.request.force;
  options.timeout = std::chrono::seconds(input.request.timeout);
  if (input.request.retries >= 0) {
    options.retries = input.request.retries;
  }
}

// A whole number from the configuration, or Error{bad_request} naming the key.
std::optional<int> config_int(const SyncConfig& config, const std::string& key);

}  // namespace gpq::sync
