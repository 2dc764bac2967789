// What `gpq sync` runs, from its arguments and the configuration (sync/sync_plan.h).
#include "sync/sync_plan.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/expect_error.h"
#include "support/temp_dir.h"
#include "sync/upstream/celestrak.h"
#include "sync/upstream/spacetrack.h"

namespace gpq::sync {
namespace {

// A configuration from a map; the environment is not read.
SyncConfig config_of(std::map<std::string, std::string> values) {
  SyncConfig config;
  config.get = [values = std::move(values)](const std::string& key, const char*) {
    const auto it = values.find(key);
    return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  config.path = "/etc/gpq/config.toml";
  return config;
}

const std::map<std::string, std::string> kAccount = {{"spacetrack_identity", "ops@example.org"},
                                                     {"spacetrack_password", "secret"}};

// The names of the planned upstreams, in order.
std::vector<std::string_view> planned(const SyncPlan& plan) {
  std::vector<std::string_view> names;
  for (const SyncPlan::Planned& entry : plan.upstreams) {
    names.push_back(entry.upstream->name);
  }
  return names;
}

TEST(SyncPlanTest, WhichSourcesRun) {
  using Names = std::vector<std::string_view>;
  struct Row {
    const char* source;
    bool account;
    Names runs;
  };
  const Row rows[] = {
      {"", false, {"celestrak"}},           {"", true, {"celestrak", "spacetrack"}},
      {"celestrak", true, {"celestrak"}},   {"source_b", true, {"celestrak"}},
      {"spacetrack", true, {"spacetrack"}}, {"source_a", true, {"spacetrack"}},
      {"SpaceTrack", true, {"spacetrack"}},
  };
  for (const Row& row : rows) {
    SyncRequest request;
    request.source = row.source;
    const SyncPlan plan =
        plan_sync(request, config_of(row.account ? kAccount : decltype(kAccount){}));
    EXPECT_EQ(planned(plan), row.runs) << row.source << " " << row.account;
  }
  SyncRequest unknown;
  unknown.source = "supgp";
  EXPECT_GPQ_ERROR(plan_sync(unknown, config_of({})), Errc::bad_request,
                   "--source supgp: no upstream has this name; use celestrak or spacetrack");
}

TEST(SyncPlanTest, SpacetrackWithoutAnAccountIsRefused) {
  SyncRequest request;
  request.source = "spacetrack";
  EXPECT_GPQ_ERROR(plan_sync(request, config_of({})), Errc::bad_request,
                   "Space-Track needs an account: set SPACETRACK_IDENTITY and "
                   "SPACETRACK_PASSWORD, or spacetrack_identity and spacetrack_password_file in "
                   "/etc/gpq/config.toml");
  request.source.clear();
  request.history = true;
  EXPECT_GPQ_ERROR(plan_sync(request, config_of({})), Errc::bad_request,
                   "--history reads Space-Track, which needs an account (see --help)");
}

TEST(SyncPlanTest, FlagsWinOverTheConfigurationAndHistoryStartsIn2004) {
  auto values = kAccount;
  values["celestrak_url"] = "http://mirror.local";
  values["spacetrack_url"] = "http://st.local";
  values["spacetrack_per_hour"] = "1000";
  const SyncConfig config = config_of(values);
  SyncRequest request;
  request.urls["spacetrack"] = "http://flag.local";
  request.urls["celestrak"] = "";  // a flag left empty is not given
  request.history = true;
  request.retries = 0;
  std::vector<std::string> warnings;
  const PlanInput input{request, config, false, warnings};
  const CelestrakOptions celestrak = celestrak_options(input);
  const std::optional<SpacetrackOptions> spacetrack = spacetrack_options(input);
  ASSERT_TRUE(spacetrack);
  EXPECT_EQ(celestrak.base_url, "http://mirror.local");
  EXPECT_EQ(spacetrack->base_url, "http://flag.local");
  EXPECT_EQ(celestrak.retries, 0);
  EXPECT_EQ(spacetrack->retries, 0);
  EXPECT_EQ(spacetrack->history_since, parse_date("since", "2004-01-01"));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_NE(warnings[0].find("/etc/gpq/config.toml: "), std::string::npos);
}

TEST(SyncPlanTest, ABudgetThatIsNotANumberIsRefused) {
  auto values = kAccount;
  values["spacetrack_per_minute"] = "lots";
  EXPECT_GPQ_ERROR(plan_sync(SyncRequest{}, config_of(values)), Errc::bad_request,
                   "spacetrack_per_minute in /etc/gpq/config.toml: expected a whole number, got "
                   "\"lots\"");
}

TEST(SyncPlanTest, TheCelestrakIntervalKeepsCelestraksTwoHoursAndAMirrorMayGoBelow) {
  const struct {
    const char* url;
    const char* minutes;
    int used;
    bool warned;
  } rows[] = {
      {nullptr, "30", 120, true},
      {"https://www.CelesTrak.org:443", "119", 120, true},
      {"https://celestrak.com/", "1", 120, true},
      {nullptr, "240", 240, false},
      {"http://mirror.local", "30", 30, false},
      {"http://notcelestrak.org", "30", 30, false},
      {"http://[::1]:8080", "1", 1, false},
  };
  for (const auto& row : rows) {
    std::map<std::string, std::string> values{{"celestrak_min_interval_minutes", row.minutes}};
    if (row.url != nullptr) {
      values["celestrak_url"] = row.url;
    }
    const SyncConfig config = config_of(values);
    const SyncRequest request{};
    std::vector<std::string> warnings;
    const CelestrakOptions options = celestrak_options({request, config, false, warnings});
    EXPECT_EQ(options.min_interval, std::chrono::minutes(row.used)) << row.minutes;
    EXPECT_EQ(warnings.size(), row.warned ? 1U : 0U) << row.minutes;
  }
  for (const char* bad : {"0", "-5", "two hours", ""}) {
    EXPECT_THROW(plan_sync(SyncRequest{}, config_of({{"celestrak_min_interval_minutes", bad}})),
                 Error)
        << bad;
  }
}

}  // namespace
}  // namespace gpq::sync

namespace gpq::sync {
namespace {

bool warns_of_readers(const SyncPlan& plan) {
  return std::any_of(plan.warnings.begin(), plan.warnings.end(), [](const std::string& warning) {
    return warning.find("every user can read it") != std::string::npos;
  });
}

TEST(SyncPlanTest, ASecretEveryUserCanReadIsWarnedOf) {
  test::TempDir dir;
  const std::string password_file = (dir.path() / "password").string();
  std::ofstream(password_file) << "secret\n";
  std::filesystem::permissions(password_file, std::filesystem::perms(0644));
  SyncConfig config = config_of(
      {{"spacetrack_identity", "ops@example.org"}, {"spacetrack_password_file", password_file}});
  const SyncPlan readable = plan_sync({}, config);
  ASSERT_TRUE(warns_of_readers(readable));
  for (const std::string& warning : readable.warnings) {
    EXPECT_EQ(warning.find("secret"), std::string::npos) << "never the secret itself";
  }
  std::filesystem::permissions(password_file, std::filesystem::perms(0640));
  EXPECT_FALSE(warns_of_readers(plan_sync({}, config)));

  // The password in the configuration file itself.
  const std::string config_file = (dir.path() / "config.toml").string();
  std::ofstream(config_file) << "spacetrack_password = \"secret\"\n";
  std::filesystem::permissions(config_file, std::filesystem::perms(0644));
  SyncConfig inline_secret = config_of(kAccount);
  inline_secret.path = config_file;
  EXPECT_TRUE(warns_of_readers(plan_sync({}, inline_secret)));
}

}  // namespace
}  // namespace gpq::sync
