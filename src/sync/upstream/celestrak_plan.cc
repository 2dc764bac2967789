// CelesTrak's row of the upstream list: its options from the arguments and configuration,
// and its run.
#include <fmt/core.h>

#include "gpq/error.h"

#include "core/text.h"
#include "sync/upstream/celestrak.h"
#include "sync/upstream/redirect_rules.h"

namespace gpq::sync {
namespace {

// CelesTrak asks for at least 2 hours between requests for the same data (docs/SYNC.md).
constexpr std::chrono::minutes kCelestrakRule{120};

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

class PlannedCelestrak final : public PlannedUpstream {
 public:
  explicit PlannedCelestrak(CelestrakOptions options) : options_(std::move(options)) {}
  SourceReport run(storage::Database& db, const ResourceProgress& progress,
                   const Notice& /*notice*/) override {
    return sync_celestrak(db, options_, progress);
  }

 private:
  CelestrakOptions options_;
};

std::unique_ptr<PlannedUpstream> plan_celestrak(const PlanInput& input) {
  return std::make_unique<PlannedCelestrak>(celestrak_options(input));
}

}  // namespace

CelestrakOptions celestrak_options(const PlanInput& input) {
  const SyncConfig& config = input.config;
  CelestrakOptions options;
  apply_common(input, "celestrak", config.get("celestrak_url", "GPQ_CELESTRAK_URL"), options);
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
    input.warnings.push_back(fmt::format(
        "{}: celestrak_min_interval_minutes {} is below the 2 hours CelesTrak asks between "
        "requests for the same data; using 120 (a mirror at another address may be asked "
        "more often)",
        config.path, *minutes));
    options.min_interval = kCelestrakRule;
  }
  return options;
}

Upstream celestrak_upstream() {
  return {"celestrak", DataSource::celestrak,
          "CelesTrak base URL (default https://celestrak.org; or $GPQ_CELESTRAK_URL)",
          &plan_celestrak};
}

}  // namespace gpq::sync
