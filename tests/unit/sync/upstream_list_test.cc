// An upstream registered only here, beside CelesTrak: planned, selected by --source, run and
// recorded by the same code as the real ones, with nothing else changed (sync/upstream/
// upstream.h).
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "storage/database.h"
#include "storage/reader.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"
#include "sync/sync_plan.h"
#include "sync/upstream/celestrak.h"
#include "sync/upstream/parsed_body.h"

namespace gpq::sync {
namespace {

constexpr std::int32_t kObjects = 7;

// Brings 21 sets of 7 objects as 3LE text, from a "URL" that names how many.
class PlannedFixture final : public PlannedUpstream {
 public:
  explicit PlannedFixture(std::string url) : url_(std::move(url)) {}
  SourceReport run(storage::Database& db, const ResourceProgress& progress,
                   const Notice& notice) override {
    if (notice) {
      notice("fixture", "reading " + url_);
    }
    SourceRun run(db, "fixture", progress);
    std::string body = test::synthetic_3le(21, kObjects);
    const std::uint64_t bytes = body.size();
    run.write("sets", parse_body(std::move(body), DataSource::celestrak, run.started(), url_),
              bytes);
    return run.finish();
  }

 private:
  std::string url_;
};

std::unique_ptr<PlannedUpstream> plan_fixture(const PlanInput& input) {
  std::optional<std::string> url = url_flag(input.request, "fixture");
  if (!url) {
    input.warnings.push_back("fixture: no --fixture-url, using fixture://default");
  }
  return std::make_unique<PlannedFixture>(url.value_or("fixture://default"));
}

const Upstream kUpstreams[] = {
    celestrak_upstream(),
    {"fixture", DataSource::celestrak, "A test upstream", &plan_fixture},
};

SyncConfig empty_config() {
  return {[](const std::string&, const char*) { return std::optional<std::string>(); }, ""};
}

TEST(UpstreamListTest, AnUpstreamRegisteredInATestIsPlannedSelectedAndRunLikeTheOthers) {
  const SyncConfig config = empty_config();
  SyncRequest every;
  const SyncPlan both = plan_sync(every, config, kUpstreams);
  ASSERT_EQ(both.upstreams.size(), 2U);
  EXPECT_EQ(both.upstreams[0].upstream->name, "celestrak");
  EXPECT_EQ(both.upstreams[1].upstream->name, "fixture");
  EXPECT_EQ(both.warnings,
            std::vector<std::string>{"fixture: no --fixture-url, using fixture://default"});

  SyncRequest request;
  request.source = "FIXTURE";
  request.urls["fixture"] = "fixture://seven-objects";
  SyncPlan plan = plan_sync(request, config, kUpstreams);
  ASSERT_EQ(plan.upstreams.size(), 1U);
  EXPECT_TRUE(plan.warnings.empty());

  test::TempDir dir;
  const auto path = dir.path() / "gpq.db";
  std::vector<std::string> news;
  std::vector<std::string> resources;
  {
    auto db = storage::Database::open(path, storage::Database::Mode::read_write);
    const std::vector<SourceReport> reports = run_sync(
        *db, std::move(plan),
        [&](const SourceReport&, const std::string& resource, ResourceOutcome) {
          resources.push_back(resource);
        },
        [&](std::string_view upstream, const std::string& message) {
          news.push_back(std::string(upstream) + ": " + message);
        });
    ASSERT_EQ(reports.size(), 1U);
    EXPECT_EQ(reports[0].source, "fixture");
    EXPECT_EQ(reports[0].downloaded, 1U);
    EXPECT_EQ(reports[0].outcome, storage::RunOutcome::ok);
    EXPECT_NO_THROW(fail_if_incomplete(reports));
  }
  EXPECT_EQ(news, std::vector<std::string>{"fixture: reading fixture://seven-objects"});
  EXPECT_EQ(resources, std::vector<std::string>{"sets"});

  storage::Reader reader(path);
  EXPECT_EQ(reader.total_sets(), 21);
  EXPECT_EQ(reader.total_objects(), kObjects);
  const std::vector<SourceSync> syncs = reader.source_syncs();
  ASSERT_EQ(syncs.size(), 1U);
  EXPECT_EQ(syncs[0].source, "fixture");
  EXPECT_EQ(syncs[0].last_outcome, "ok");
  EXPECT_EQ(syncs[0].last_sets_added, 21);
}

}  // namespace
}  // namespace gpq::sync
