#include "sync/sync_plan.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sys/stat.h>

#include <fmt/core.h>

#include "gpq/element_set.h"
#include "gpq/error.h"

#include "core/text.h"
#include "sync/upstream/redirect_rules.h"

namespace gpq::sync {
namespace {

constexpr const char* kDefaultHistoryStart = "2004-01-01";
// CelesTrak asks for at least 2 hours between requests for the same data (docs/SYNC.md).
constexpr std::chrono::minutes kCelestrakRule{120};

// "spacetrack" or "celestrak" for any spelling the core accepts (source_a and source_b too);
// empty for every upstream.
std::string upstream_name(const std::string& source) {
  const std::optional<DataSource> parsed = parse_data_source(source);
  return parsed ? std::string(to_string(*parsed)) : source;
}

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

// A whole number from the configuration, or Error{bad_request} naming the key.
std::optional<int> config_int(const SyncConfig& config, const std::string& key) {
  const auto text = config.get(key, nullptr);
  if (!text) {
    return std::nullopt;
  }
  int value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (text->empty() || error != std::errc() || end != text->data() + text->size()) {
    fail(Errc::bad_request, "{} in {}: expected a whole number, got \"{}\"", key, config.path,
         *text);
  }
  return value;
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

// What both upstreams take alike: the base URL (the flag, else the configuration, else the
// default), --force, --timeout and --retries.
template <typename Options>
void apply_common(const SyncRequest& request, const std::string& url_flag,
                  const std::optional<std::string>& url_configured, Options& options) {
  options.base_url = !url_flag.empty() ? url_flag : url_configured.value_or(options.base_url);
  options.force = request.force;
  options.timeout = std::chrono::seconds(request.timeout);
  if (request.retries >= 0) {
    options.retries = request.retries;
  }
}

// Whether `base_url` is CelesTrak's own server, whose rule the interval may not go below; a
// mirror at another address may be asked as often as its owner allows.
bool is_celestrak_itself(const std::string& base_url) {
  const std::optional<Url> url = parse_url(base_url);
  if (!url) {
    return false;
  }
  std::string host = to_lower(url->authority);
  const std::size_t colon = host.rfind(':');
  if (colon != std::string::npos && host.back() != ']') {
    host.resize(colon);
  }
  for (const std::string_view domain : {"celestrak.org", "celestrak.com"}) {
    if (host == domain || host.ends_with(fmt::format(".{}", domain))) {
      return true;
    }
  }
  return false;
}

CelestrakOptions celestrak_options(const SyncRequest& request, const SyncConfig& config,
                                   std::vector<std::string>& warnings) {
  CelestrakOptions options;
  apply_common(request, request.celestrak_url, config.get("celestrak_url", "GPQ_CELESTRAK_URL"),
               options);
  const auto minutes = config_int(config, "celestrak_min_interval_minutes");
  if (!minutes) {
    return options;
  }
  if (*minutes < 1) {
    fail(Errc::bad_request, "celestrak_min_interval_minutes in {}: give at least 1, got {}",
         config.path, *minutes);
  }
  options.min_interval = std::chrono::minutes(*minutes);
  if (options.min_interval < kCelestrakRule && is_celestrak_itself(options.base_url)) {
    warnings.push_back(fmt::format(
        "{}: celestrak_min_interval_minutes {} is below the 2 hours CelesTrak asks between "
        "requests for the same data; using 120 (a mirror at another address may be asked "
        "more often)",
        config.path, *minutes));
    options.min_interval = kCelestrakRule;
  }
  return options;
}

SpacetrackOptions spacetrack_options(const SyncRequest& request, const SyncConfig& config,
                                     std::vector<std::string>& warnings) {
  SpacetrackOptions options;
  apply_common(request, request.spacetrack_url, config.get("spacetrack_url", "GPQ_SPACETRACK_URL"),
               options);
  options.history_days = request.history_days;
  options.limits = spacetrack_limits(config, warnings);
  if (request.history) {
    options.history_since =
        parse_date("since", request.since.empty() ? kDefaultHistoryStart : request.since);
  }
  return options;
}

}  // namespace

SyncPlan plan_sync(const SyncRequest& request, const SyncConfig& config) {
  const std::string source = upstream_name(request.source);
  const auto identity = config.get("spacetrack_identity", "SPACETRACK_IDENTITY");
  const auto password = spacetrack_password(config);
  const bool account = identity && password;
  if (source == "spacetrack" && !account) {
    fail(Errc::bad_request,
         "Space-Track needs an account: set SPACETRACK_IDENTITY and SPACETRACK_PASSWORD, or "
         "spacetrack_identity and spacetrack_password_file in {}",
         config.path.empty() ? std::string("~/.config/gpq/config.toml") : config.path);
  }
  if (request.history && !account) {
    fail(Errc::bad_request, "--history reads Space-Track, which needs an account (see --help)");
  }
  SyncPlan plan;
  if (config.get("spacetrack_password", nullptr)) {
    warn_if_others_can_read(config.path, "spacetrack_password", plan.warnings);
  }
  if (auto file = config.get("spacetrack_password_file", nullptr)) {
    warn_if_others_can_read(*file, "the Space-Track password", plan.warnings);
  }
  if (source.empty() || source == "celestrak") {
    plan.celestrak = celestrak_options(request, config, plan.warnings);
  }
  if ((source.empty() || source == "spacetrack") && account) {
    plan.spacetrack = spacetrack_options(request, config, plan.warnings);
    plan.spacetrack->identity = *identity;
    plan.spacetrack->password = *password;
  }
  return plan;
}

std::vector<SourceReport> run_sync(storage::Database& db, SyncPlan plan,
                                   const ResourceProgress& progress,
                                   const std::function<void(const std::string&)>& notice) {
  std::vector<SourceReport> reports;
  if (plan.celestrak) {
    reports.push_back(sync_celestrak(db, *plan.celestrak, progress));
  }
  if (plan.spacetrack) {
    plan.spacetrack->notice = notice;
    reports.push_back(sync_spacetrack(db, *plan.spacetrack, progress));
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
