// The snapshot's sets, whether memory answers for an object (its newest set is at or before
// the epoch, or it has one epoch only) or its blocks are read: the same set, field by field,
// as the nearest set the core reads on its own. And the group filter the catalog's states use.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/query_service.h"

#include "storage/sqlite_store.h"
#include "support/every_row.h"
#include "support/expect_error.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

// Every field a set has, TLE layout included.
std::string whole(const ElementSet& set) {
  std::string out;
  write_set(Format::csv, set, out);
  write_set(Format::tle, set, out);
  return out;
}

class SnapshotSetsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureDb fixture(dir_.path() / "gpq.db");
    fixture.write_known_world();
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_, [] { return world::now(); });
  }

  std::vector<std::int32_t> ids(const SnapshotQuery& query) const {
    std::vector<std::int32_t> out;
    rows_or_none([&] {
      core_->snapshot(query, every_row(), [&](const ElementSet& s) { out.push_back(s.norad_id); });
    });
    return out;
  }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
};

// Before, between and after the sets of the known world (ISS: six sets of both sources on
// 2026-01-10..12, ties on one millisecond), with and without a regime filter (which reads every
// member once and caches them).
TEST_F(SnapshotSetsTest, TheSetsFromMemoryAreTheSetsRead) {
  for (const char* epoch :
       {"2026-01-09T12:00:00Z", "2026-01-11T00:00:00.0002Z", "2026-01-11T06:00:00Z",
        "2026-01-12T00:00:00.0001Z", "2026-02-27T12:00:00Z", "2026-03-01T00:00:00Z",
        "2027-01-01T00:00:00Z"}) {
    for (const std::optional<OrbitRegime> regime :
         {std::optional<OrbitRegime>(), std::optional<OrbitRegime>(OrbitRegime::leo)}) {
      const TimePoint t = iso(epoch);
      std::size_t members = 0;
      core_->snapshot({t, std::nullopt, regime, std::nullopt}, every_row(),
                      [&](const ElementSet& set) {
                        ++members;
                        const Nearest read = core_->nearest({set.norad_id, t, SourceFilter::all});
                        EXPECT_EQ(whole(set), whole(read.set)) << epoch << " " << set.norad_id;
                      });
      EXPECT_GT(members, 0U) << epoch;
    }
  }
}

TEST_F(SnapshotSetsTest, AGroupIsJudgedAtTheEpoch) {
  const TimePoint t = world::now();
  EXPECT_EQ(ids({t, std::nullopt, std::nullopt, "stations"}),
            (std::vector<std::int32_t>{world::kIss, world::kCss}));
  EXPECT_EQ(ids({t, std::nullopt, OrbitRegime::leo, "starlink"}),
            std::vector<std::int32_t>{world::kStarlink});
  EXPECT_EQ(ids({t, ObjectType::rocket_body, std::nullopt, "stations"}),
            std::vector<std::int32_t>{});
  // last-30-days by the rule: launched within 30 days of the epoch, not of the clock.
  EXPECT_EQ(ids({iso("2026-01-25T00:00:00Z"), std::nullopt, std::nullopt, "last-30-days"}),
            (std::vector<std::int32_t>{world::kLateLaunch, world::kTransfer}));
}

}  // namespace
}  // namespace gpq::test
