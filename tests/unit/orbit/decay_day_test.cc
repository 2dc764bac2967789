// One rule for an object's decay day: through its SATCAT DECAY_DATE the object is in the
// snapshot (/gp/epoch), among the catalog's states and answers `state` alone; from the next
// day's 00:00 UTC it is in none of them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "storage/sqlite_store.h"
#include "support/every_row.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

constexpr std::int32_t kFalling = 99992;

class DecayDayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureDb fixture(dir_.path() / "gpq.db");
    const std::vector<ElementSet> sets = {
        make_set(kFalling, "FALLING", iso("2026-09-21T00:00:00Z")),
        make_set(kFalling, "FALLING", iso("2026-09-22T00:00:00Z"))};
    const std::vector<CatalogRecord> records = {
        make_catalog(kFalling, "FALLING", ObjectType::debris, "US", iso("2026-01-01T00:00:00Z"),
                     iso("2026-09-22T00:00:00Z"))};
    fixture.write(sets, records);
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_);
    orbit_ = std::make_unique<orbit::OrbitService>(*core_);
  }

  bool in_snapshot(TimePoint t) const {
    bool found = false;
    try {
      core_->snapshot({t, std::nullopt, std::nullopt, std::nullopt}, every_row(),
                      [&](const ElementSet& s) { found |= s.norad_id == kFalling; });
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), Errc::not_found) << error.what();
    }
    return found;
  }

  bool in_catalog_states(TimePoint t) const {
    bool found = false;
    CatalogStateQuery query;
    query.epoch = t;
    try {
      orbit_->catalog_state(query, every_row(), [&](std::span<const CatalogStateRow> rows) {
        for (const CatalogStateRow& row : rows) {
          found |= row.set->norad_id == kFalling;
        }
      });
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), Errc::not_found) << error.what();
    }
    return found;
  }

  bool state_answers(TimePoint t) const {
    try {
      orbit_->state({kFalling, t, SetChoice::nearest, OrbitFrame::teme});
      return true;
    } catch (const Error& error) {
      EXPECT_EQ(std::string(error.what()),
                "NORAD 99992 decayed on 2026-09-22 (SATCAT DECAY_DATE); ask for a time before "
                "2026-09-23T00:00:00.000Z");
      return false;
    }
  }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
  std::unique_ptr<orbit::OrbitService> orbit_;
};

TEST_F(DecayDayTest, StateTheCatalogsStatesAndTheSnapshotAgreeAroundTheDecayDay) {
  const std::pair<const char*, bool> cases[] = {
      {"2026-09-21T12:00:00Z", true},        {"2026-09-22T00:00:00Z", true},
      {"2026-09-22T00:00:00.000001Z", true}, {"2026-09-22T12:00:00Z", true},
      {"2026-09-22T23:59:59.999999Z", true}, {"2026-09-23T00:00:00Z", false},
      {"2026-09-24T12:00:00Z", false},
  };
  for (const auto& [text, member] : cases) {
    const TimePoint t = iso(text);
    EXPECT_EQ(in_snapshot(t), member) << text;
    EXPECT_EQ(in_catalog_states(t), member) << text;
    EXPECT_EQ(state_answers(t), member) << text;
  }
}

}  // namespace
}  // namespace gpq::test
