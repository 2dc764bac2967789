// Space-Track's row of the upstream list: the account, the budget and --history from the
// arguments and configuration, and its run.
#include <fstream>
#include <sys/stat.h>

#include <fmt/core.h>

#include "gpq/error.h"

#include "sync/upstream/spacetrack.h"

namespace gpq::sync {
namespace {

constexpr const char* kDefaultHistoryStart = "2004-01-01";

// The password from the environment, the config file, or a file the config file names.
std::optional<std::string> spacetrack_password(const SyncConfig& config) {
  if (auto password = config.get("spacetrack_password", "SPACETRACK_PASSWORD")) {
    return password;
  }
  if (auto file = config.get("spacetrack_password_file", nullptr)) {
    std::ifstream in(*file);
    std::string password;
    if (!in || !std::getline(in, password)) {
      fail(Errc::bad_request, "spacetrack_password_file {} cannot be read", *file);
    }
    return password;
  }
  return std::nullopt;
}

// A file holding the Space-Track password that others may read puts the account at risk.
void warn_if_others_can_read(const std::string& path, std::string_view holds,
                             std::vector<std::string>& warnings) {
  struct stat info {};
  if (path.empty() || ::stat(path.c_str(), &info) != 0 || (info.st_mode & S_IROTH) == 0) {
    return;
  }
  warnings.push_back(
      fmt::format("{} holds {} and every user can read it (mode {:04o}); chmod o-r {}", path, holds,
                  info.st_mode & 07777U, path));
}

// The budget keys of the configuration, brought within what Space-Track allows.
BudgetLimits spacetrack_limits(const SyncConfig& config, std::vector<std::string>& warnings) {
  BudgetLimits wanted;
  if (auto seconds = config_int(config, "spacetrack_min_interval_seconds")) {
    wanted.min_interval = std::chrono::seconds(*seconds);
  }
  wanted.per_minute = config_int(config, "spacetrack_per_minute").value_or(wanted.per_minute);
  wanted.per_hour = config_int(config, "spacetrack_per_hour").value_or(wanted.per_hour);
  wanted.per_day = config_int(config, "spacetrack_per_day").value_or(wanted.per_day);
  std::vector<std::string> notes;
  const BudgetLimits limits = clamp_to_spacetrack(wanted, notes);
  for (const std::string& note : notes) {
    warnings.push_back(config.path + ": " + note);
  }
  return limits;
}

class PlannedSpacetrack final : public PlannedUpstream {
 public:
  explicit PlannedSpacetrack(SpacetrackOptions options) : options_(std::move(options)) {}
  SourceReport run(storage::Database& db, const ResourceProgress& progress,
                   const Notice& notice) override {
    if (notice) {
      options_.notice = [notice](const std::string& message) { notice("spacetrack", message); };
    }
    return sync_spacetrack(db, options_, progress);
  }

 private:
  SpacetrackOptions options_;
};

std::unique_ptr<PlannedUpstream> plan_spacetrack(const PlanInput& input) {
  std::optional<SpacetrackOptions> options = spacetrack_options(input);
  if (!options) {
    return nullptr;
  }
  return std::make_unique<PlannedSpacetrack>(std::move(*options));
}

}  // namespace

std::optional<SpacetrackOptions> spacetrack_options(const PlanInput& input) {
  const SyncRequest& request = input.request;
  const SyncConfig& config = input.config;
  const auto identity = config.get("spacetrack_identity", "SPACETRACK_IDENTITY");
  const auto password = spacetrack_password(config);
  if (!identity || !password) {
    if (input.named) {
      fail(Errc::bad_request,
           "Space-Track needs an account: set SPACETRACK_IDENTITY and SPACETRACK_PASSWORD, or "
           "spacetrack_identity and spacetrack_password_file in {}",
           config.path.empty() ? std::string("~/.config/gpq/config.toml") : config.path);
    }
    if (request.history) {
      fail(Errc::bad_request, "--history reads Space-Track, which needs an account (see --help)");
    }
    return std::nullopt;
  }
  if (config.get("spacetrack_password", nullptr)) {
    warn_if_others_can_read(config.path, "spacetrack_password", input.warnings);
  }
  if (auto file = config.get("spacetrack_password_file", nullptr)) {
    warn_if_others_can_read(*file, "the Space-Track password", input.warnings);
  }
  SpacetrackOptions options;
  apply_common(input, "spacetrack", config.get("spacetrack_url", "GPQ_SPACETRACK_URL"), options);
  options.identity = *identity;
  options.password = *password;
  options.history_days = request.history_days;
  options.limits = spacetrack_limits(config, input.warnings);
  if (request.history) {
    options.history_since =
        parse_date("since", request.since.empty() ? kDefaultHistoryStart : request.since);
  }
  return options;
}

Upstream spacetrack_upstream() {
  return {"spacetrack", DataSource::spacetrack,
          "Space-Track base URL (default https://www.space-track.org; or $GPQ_SPACETRACK_URL)",
          &plan_spacetrack};
}

}  // namespace gpq::sync
