// Sets whose EPHEMERIS_TYPE is not SGP4's (SGP4-XP's 4 above all) are kept but never
// propagated with SGP4: one object's state, ephemeris and passes refuse with the reason, the
// catalog's states give the object a row with it; SGP4 sets (0, and 2 and 3 of the older
// convention) are propagated as before.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "orbit/set_propagation.h"
#include "storage/sqlite_store.h"
#include "support/every_row.h"
#include "support/expect_error.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

constexpr std::int32_t kXp = 99994;
constexpr std::int32_t kMixed = 99995;  // an SGP4 set, then an SGP4-XP one 12 hours later

const char* const kXpProblem =
    "NORAD 99994: the set of 2026-09-23T00:00:00.000Z is EPHEMERIS_TYPE 4 (SGP4-XP), which "
    "SGP4 does not propagate; gpq propagates SGP4 sets only (EPHEMERIS_TYPE 0, or 2 and 3 of "
    "the older convention)";

class EphemerisTypeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const TimePoint epoch = iso("2026-09-23T00:00:00Z");
    FixtureDb fixture(dir_.path() / "gpq.db");
    ElementSet xp = make_set(kXp, "XP TEST", epoch);
    xp.ephemeris_type = 4;
    ElementSet later_xp = make_set(kMixed, "MIXED", iso("2026-09-23T12:00:00Z"));
    later_xp.ephemeris_type = 4;
    const std::vector<ElementSet> sets = {make_set(25544, "ISS (ZARYA)", epoch), xp,
                                          make_set(kMixed, "MIXED", epoch), later_xp};
    fixture.write(sets);
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_);
    orbit_ = std::make_unique<orbit::OrbitService>(*core_);
  }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
  std::unique_ptr<orbit::OrbitService> orbit_;
};

TEST_F(EphemerisTypeTest, OnlySgp4TypesArePropagated) {
  const std::pair<int, bool> cases[] = {{0, true},  {1, false}, {2, true}, {3, true},
                                        {4, false}, {5, false}, {9, false}};
  for (const auto& [type, propagated] : cases) {
    ElementSet set = make_set(kXp, "XP TEST", iso("2026-09-23T00:00:00Z"));
    set.ephemeris_type = static_cast<std::int8_t>(type);
    EXPECT_EQ(orbit::theory_problem(set).empty(), propagated) << type;
  }
}

TEST_F(EphemerisTypeTest, OneObjectsStateRefusesAnSgp4XpSet) {
  EXPECT_GPQ_ERROR(
      orbit_->state({kXp, iso("2026-09-23T01:00:00Z"), SetChoice::nearest, OrbitFrame::teme}),
      Errc::unprocessable, kXpProblem);
  EXPECT_NO_THROW(orbit_->state({25544, iso("2026-09-23T01:00:00Z")}));
}

TEST_F(EphemerisTypeTest, EphemerisRefusesBeforeAnyPoint) {
  EphemerisQuery query;
  query.norad_id = kXp;
  query.start = iso("2026-09-23T00:00:00Z");
  query.end = iso("2026-09-23T01:00:00Z");
  EXPECT_GPQ_ERROR(orbit_->ephemeris(query, every_row()), Errc::unprocessable, kXpProblem);
  // The archive followed: the SGP4 set answers its own instants, the SGP4-XP set refuses its
  // own, and the plan refuses before a point is computed.
  query.norad_id = kMixed;
  query.end = iso("2026-09-23T05:00:00Z");
  EXPECT_NO_THROW(orbit_->ephemeris(query, every_row()));
  query.end = iso("2026-09-23T07:00:00Z");
  EXPECT_THROW(
      {
        try {
          orbit_->ephemeris(query, every_row());
        } catch (const Error& error) {
          EXPECT_EQ(error.code(), Errc::unprocessable);
          EXPECT_NE(std::string(error.what()).find("(SGP4-XP)"), std::string::npos);
          throw;
        }
      },
      Error);
}

TEST_F(EphemerisTypeTest, PassesRefuseAnSgp4XpSet) {
  PassQuery query;
  query.norad_id = kXp;
  query.site = {51.48, 0.0, 0.0};
  query.start = iso("2026-09-23T00:00:00Z");
  query.end = iso("2026-09-24T00:00:00Z");
  EXPECT_GPQ_ERROR(orbit_->passes(query), Errc::unprocessable, kXpProblem);
}

TEST_F(EphemerisTypeTest, TheCatalogsStatesGiveARowWithTheReason) {
  CatalogStateQuery query;
  query.epoch = iso("2026-09-23T01:00:00Z");
  std::vector<std::int32_t> ids;
  std::vector<std::string> errors;
  const CatalogStatePage page =
      orbit_->catalog_state(query, every_row(), [&](std::span<const CatalogStateRow> rows) {
        for (const CatalogStateRow& row : rows) {
          ids.push_back(row.set->norad_id);
          errors.push_back(row.error);
        }
      });
  ASSERT_EQ(ids, (std::vector<std::int32_t>{25544, kXp, kMixed}));
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], kXpProblem);
  EXPECT_EQ(errors[2], "");
  EXPECT_EQ(page.states, 2);
  EXPECT_EQ(page.errors, 1);
}

}  // namespace
}  // namespace gpq::test
