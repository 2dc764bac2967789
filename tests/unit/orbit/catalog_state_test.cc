// OrbitService::catalog_state over real SQLite files: the snapshot's members in its order,
// each row the state `gpq state` gives for the object, a reason instead of a state for a set
// too far from the instant or one SGP4 cannot propagate, pages, and chunks computed on several
// threads arriving in order.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "storage/sqlite_store.h"
#include "support/every_row.h"
#include "support/expect_error.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

struct Collected {
  CatalogStatePage page;
  std::vector<std::int32_t> ids;
  std::vector<OrbitPoint> points;
  std::vector<std::string> errors;
};

class CatalogStateTest : public ::testing::Test {
 protected:
  void open(const std::function<void(FixtureDb&)>& fill) {
    FixtureDb fixture(dir_.path() / "gpq.db");
    fill(fixture);
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_, [] { return world::now(); });
    orbit_ = std::make_unique<orbit::OrbitService>(*core_);
  }

  Collected states(const CatalogStateQuery& query, const Paging& paging = every_row()) const {
    Collected out;
    out.page = orbit_->catalog_state(query, paging, [&](std::span<const CatalogStateRow> rows) {
      for (const CatalogStateRow& row : rows) {
        out.ids.push_back(row.set->norad_id);
        out.points.push_back(row.point);
        out.errors.push_back(row.error);
      }
    });
    return out;
  }

  std::vector<std::int32_t> snapshot_ids(const SnapshotQuery& query) const {
    std::vector<std::int32_t> ids;
    core_->snapshot(query, every_row(), [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    return ids;
  }

  // The row is `gpq state ID --at T`'s answer for the object, to the bit.
  void expect_state_of_one(std::int32_t id, const OrbitPoint& point, OrbitFrame frame) const {
    const StateAnswer one = orbit_->state({id, point.epoch, SetChoice::nearest, frame});
    EXPECT_EQ(point.set_epoch, one.point.set_epoch) << id;
    EXPECT_EQ(point.position_km, one.point.position_km) << id;
    EXPECT_EQ(point.velocity_km_s, one.point.velocity_km_s) << id;
    EXPECT_EQ(point.latitude_deg, one.point.latitude_deg) << id;
    EXPECT_EQ(point.longitude_deg, one.point.longitude_deg) << id;
    EXPECT_EQ(point.height_km, one.point.height_km) << id;
  }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
  std::unique_ptr<orbit::OrbitService> orbit_;
};

// At the known world's clock the newest sets of the ISS, 50003 and 50005 are more than 30 days
// old: rows with a reason, as `gpq state` refuses them. Every other member has a state, the
// one `state` gives, in every frame.
TEST_F(CatalogStateTest, EveryMemberOfTheSnapshotInItsOrder) {
  open([](FixtureDb& db) { db.write_known_world(); });
  const std::vector<std::int32_t> too_old = {world::kIss, world::kTransfer, world::kYearEnd};
  for (const OrbitFrame frame : {OrbitFrame::teme, OrbitFrame::itrf, OrbitFrame::geodetic}) {
    CatalogStateQuery query;
    query.epoch = world::now();
    query.frame = frame;
    const Collected got = states(query);
    EXPECT_EQ(got.ids, snapshot_ids(query.members()));
    EXPECT_EQ(got.page.page.total, static_cast<std::int64_t>(got.ids.size()));
    std::vector<std::int32_t> without_state;
    for (std::size_t i = 0; i < got.ids.size(); ++i) {
      if (!got.errors[i].empty()) {
        without_state.push_back(got.ids[i]);
        EXPECT_FALSE(std::isfinite(got.points[i].position_km[0])) << got.ids[i];
        EXPECT_THROW(orbit_->state({got.ids[i], query.epoch, SetChoice::nearest, frame}), Error);
        continue;
      }
      expect_state_of_one(got.ids[i], got.points[i], frame);
    }
    EXPECT_EQ(without_state, too_old);
    EXPECT_EQ(got.page.errors, 3);
    EXPECT_EQ(got.page.states, got.page.page.total - 3);
    const auto iss = std::find(got.ids.begin(), got.ids.end(), world::kIss) - got.ids.begin();
    EXPECT_EQ(got.errors[static_cast<std::size_t>(iss)],
              "NORAD 25544: its nearest element set (2026-01-12T00:00:00.000Z) is 48.0 days "
              "from 2026-03-01T00:00:00.000Z; a set is propagated at most 30 days");
  }
}

TEST_F(CatalogStateTest, FiltersAndGroupsAreTheSnapshots) {
  open([](FixtureDb& db) { db.write_known_world(); });
  const auto query = [](std::optional<std::string> group, std::optional<OrbitRegime> regime) {
    CatalogStateQuery q;
    q.epoch = world::now();
    q.group = std::move(group);
    q.orbit_regime = regime;
    return q;
  };
  // No group list is synced: the rules, by name.
  EXPECT_EQ(states(query("stations", std::nullopt)).ids,
            (std::vector<std::int32_t>{world::kIss, world::kCss}));
  EXPECT_EQ(states(query("starlink", std::nullopt)).ids,
            std::vector<std::int32_t>{world::kStarlink});
  const CatalogStateQuery geo = query(std::nullopt, OrbitRegime::geo);
  const std::vector<std::int32_t> geo_ids = states(geo).ids;
  EXPECT_EQ(geo_ids, snapshot_ids(geo.members()));
  EXPECT_FALSE(geo_ids.empty());
}

TEST_F(CatalogStateTest, PagesOfTheSnapshot) {
  open([](FixtureDb& db) { db.write_known_world(); });
  CatalogStateQuery query;
  query.epoch = world::now();
  const std::vector<std::int32_t> all = snapshot_ids(query.members());
  Paging paging;
  paging.per_page = 3;
  std::vector<std::int32_t> paged;
  for (paging.page = 1;; ++paging.page) {
    const Collected got = states(query, paging);
    EXPECT_EQ(got.page.page.total, static_cast<std::int64_t>(all.size()));
    EXPECT_EQ(got.page.page.per_page, 3);
    if (got.ids.empty()) {
      break;
    }
    EXPECT_EQ(got.page.states + got.page.errors, static_cast<std::int64_t>(got.ids.size()));
    paged.insert(paged.end(), got.ids.begin(), got.ids.end());
  }
  EXPECT_EQ(paged, all);
  EXPECT_EQ(paging.page, (static_cast<std::int64_t>(all.size()) + 2) / 3 + 1);
}

// A set whose drag takes SGP4 out of its domain within hours: the row says so in the words
// `gpq state` refuses with, and its neighbours still have their states.
TEST_F(CatalogStateTest, ASetSgp4CannotPropagateIsARowWithItsReason) {
  const TimePoint epoch = iso("2026-09-23T00:00:00Z");
  open([&](FixtureDb& db) {
    ElementSet drag = make_set(99991, "DRAG TEST", epoch);
    drag.mean_motion = 16.2;
    drag.eccentricity = 0.02;
    drag.bstar = 0.01;
    const std::vector<ElementSet> sets = {make_set(25544, "ISS (ZARYA)", epoch), drag,
                                          make_set(99993, "AFTER", epoch)};
    db.write(sets);
  });
  CatalogStateQuery query;
  query.epoch = iso("2026-09-23T03:00:00Z");
  const Collected got = states(query);
  ASSERT_EQ(got.ids, (std::vector<std::int32_t>{25544, 99991, 99993}));
  EXPECT_EQ(got.errors[1],
            "NORAD 99991: SGP4 cannot propagate the set of 2026-09-23T00:00:00.000Z to "
            "2026-09-23T03:00:00.000Z: mean eccentricity out of range (SGP4 error 1)");
  EXPECT_EQ(got.errors[0], "");
  EXPECT_EQ(got.errors[2], "");
  EXPECT_EQ(got.page.states, 2);
  EXPECT_EQ(got.page.errors, 1);
  expect_state_of_one(99993, got.points[2], OrbitFrame::teme);
  // The object alone: the request is right, the set has no state there (422, not 400).
  EXPECT_GPQ_ERROR(orbit_->state({99991, query.epoch, SetChoice::nearest, OrbitFrame::teme}),
                   Errc::unprocessable, got.errors[1]);
}

// More rows than a chunk, and enough for several threads: still NORAD order, each row the
// object's own state.
TEST_F(CatalogStateTest, ManyRowsArriveInOrderFromEveryThread) {
  const TimePoint epoch = iso("2026-09-23T00:00:00Z");
  constexpr std::int32_t kObjects = 9000;
  open([&](FixtureDb& db) {
    std::vector<ElementSet> sets;
    for (std::int32_t id = 1; id <= kObjects; ++id) {
      ElementSet set = make_set(
          id, "OBJECT", TimePoint::from_unix_micros(epoch.unix_micros() - id * kMicrosPerSecond));
      set.mean_anomaly = id % 360;
      sets.push_back(set);
    }
    db.write(sets);
  });
  CatalogStateQuery query;
  query.epoch = epoch;
  const Collected got = states(query);
  ASSERT_EQ(got.ids.size(), static_cast<std::size_t>(kObjects));
  EXPECT_EQ(got.page.states, kObjects);
  for (std::int32_t id = 1; id <= kObjects; ++id) {
    ASSERT_EQ(got.ids[static_cast<std::size_t>(id - 1)], id);
  }
  for (std::int32_t id = 1; id <= kObjects; id += 997) {
    expect_state_of_one(id, got.points[static_cast<std::size_t>(id - 1)], OrbitFrame::teme);
  }
}

// Sorted by a field, the whole snapshot is ordered before it is paged: pages joined are the
// rows sorted, rows without a state last either way, ties in NORAD order.
TEST_F(CatalogStateTest, SortedOverTheWholeSnapshotThenPaged) {
  open([](FixtureDb& db) { db.write_known_world(); });
  CatalogStateQuery query;
  query.epoch = world::now();
  query.frame = OrbitFrame::geodetic;
  const Collected unsorted = states(query);
  for (const bool descending : {false, true}) {
    query.order = StateOrder{StateSortField::height_km, descending};
    const Collected whole = states(query);
    ASSERT_EQ(whole.ids.size(), unsorted.ids.size());
    EXPECT_EQ(whole.page.errors, 3);
    std::size_t with_state = 0;
    while (with_state < whole.ids.size() && whole.errors[with_state].empty()) {
      ++with_state;
    }
    EXPECT_EQ(with_state, whole.ids.size() - 3) << "rows without a state come last";
    for (std::size_t i = 1; i < with_state; ++i) {
      const double before = whole.points[i - 1].height_km;
      const double after = whole.points[i].height_km;
      EXPECT_TRUE(descending ? before >= after : before <= after) << i;
    }
    for (std::size_t i = 0; i < whole.ids.size(); ++i) {
      if (whole.errors[i].empty()) {
        expect_state_of_one(whole.ids[i], whole.points[i], query.frame);
      }
    }
    Paging paging;
    paging.per_page = 4;
    std::vector<std::int32_t> paged;
    for (paging.page = 1;; ++paging.page) {
      const Collected got = states(query, paging);
      EXPECT_EQ(got.page.page.total, static_cast<std::int64_t>(whole.ids.size()));
      if (got.ids.empty()) {
        break;
      }
      EXPECT_EQ(got.page.states + got.page.errors, static_cast<std::int64_t>(got.ids.size()));
      paged.insert(paged.end(), got.ids.begin(), got.ids.end());
    }
    EXPECT_EQ(paged, whole.ids);
  }
  // By NORAD_CAT_ID ascending: the snapshot's own order; descending its reverse.
  query.order = StateOrder{StateSortField::norad_cat_id, false};
  EXPECT_EQ(states(query).ids, unsorted.ids);
  query.order->descending = true;
  std::vector<std::int32_t> reversed(unsorted.ids.rbegin(), unsorted.ids.rend());
  EXPECT_EQ(states(query).ids, reversed);
}

}  // namespace
}  // namespace gpq::test
