// The query core over a real SQLite file holding hand-built sets whose right answers
// are known: ties, bounds, boundaries, filters and pagination.
#include "gpq/query_service.h"

#include <gtest/gtest.h>

#include "gpq/request.h"
#include "storage/sqlite_store.h"
#include "storage_test_support.h"
#include "support/expect_error.h"

namespace gpq::storage::test {
namespace {

constexpr std::int64_t kHour = kMicrosPerHour;
constexpr std::int64_t kDay = 24 * kHour;
const TimePoint kNow = TimePoint::from_unix_micros(kEpoch2024 + 400 * kDay);

TimePoint at(std::int64_t micros) { return TimePoint::from_unix_micros(micros); }

CatalogRecord catalog(std::int32_t id, ObjectType type, std::optional<std::int64_t> launch,
                      std::optional<std::int64_t> decay, std::string name) {
  CatalogRecord r;
  r.norad_id = id;
  r.object_name = std::move(name);
  r.object_type = type;
  if (launch) {
    r.launch_date = at(*launch);
  }
  if (decay) {
    r.decay_date = at(*decay);
  }
  r.owner = "US";
  return r;
}

class QueryServiceTest : public StorageTest {
 protected:
  // Object 1: sets every 12 h on 2024-01-01..03 (celestrak), one Space-Track set on the
  //           same millisecond as the 2024-01-02T00:00 CelesTrak set.
  // Object 2: a GEO set on 2023-12-31T23:59:59.999 and 2024-01-01 (year boundary).
  // Object 3: decayed on 2024-01-02; sets 2024-01-01. Object 4: first set 2024-01-05.
  // Object 5: STARLINK-1, HEO. Object 100245: a six-digit id.
  void SetUp() override {
    std::vector<ElementSet> sets;
    for (int i = 0; i < 5; ++i) {
      sets.push_back(make_set(1, kEpoch2024 + i * 12 * kHour));
    }
    ElementSet st = make_set(1, kEpoch2024 + kDay + 400, DataSource::spacetrack);
    st.rev_at_epoch = 1;
    sets.push_back(st);
    for (const std::int64_t e : {kEpoch2024 - 1000, kEpoch2024}) {
      ElementSet geo = make_set(2, e);
      geo.object_name = "GEO SAT";
      geo.mean_motion = 1.0027;
      geo.eccentricity = 0.0003;
      sets.push_back(geo);
    }
    ElementSet decayed = make_set(3, kEpoch2024);
    decayed.object_name = "FALLEN";
    sets.push_back(decayed);
    ElementSet late = make_set(4, kEpoch2024 + 4 * kDay);
    late.object_name = "LATE LAUNCH";
    sets.push_back(late);
    ElementSet heo = make_set(5, kEpoch2024);
    heo.object_name = "STARLINK-1";
    heo.mean_motion = 2.0;
    heo.eccentricity = 0.7;
    sets.push_back(heo);
    ElementSet big = make_set(100245, kEpoch2024);
    big.object_name = "ELECTRON R/B";
    big.object_id = "2026-180C";
    sets.push_back(big);
    write(sets, {catalog(1, ObjectType::payload, kEpoch2024 - 9000 * kDay, {}, "ISS (ZARYA)"),
                 catalog(2, ObjectType::payload, kEpoch2024 - 900 * kDay, {}, "GEO SAT"),
                 catalog(3, ObjectType::debris, kEpoch2024 - 90 * kDay, kEpoch2024 + kDay,
                         "FALLEN"),
                 catalog(4, ObjectType::rocket_body, kNow.unix_micros() - 10 * kDay, {},
                         "LATE LAUNCH")});
    store_ = SqliteStore::open(path_);
    core_ = std::make_unique<QueryService>(*store_, [] { return kNow; });
  }

  std::vector<std::int32_t> search_ids(const Params& params) {
    const auto bound = bind_gp_search(params, FrontEnd::http);
    std::vector<std::int32_t> ids;
    core_->search(bound.query, bound.paging, [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    return ids;
  }

  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
};

TEST_F(QueryServiceTest, LatestPrefersSpaceTrackOnTheSameMillisecondOnlyWhenNewest) {
  EXPECT_EQ(core_->latest(1).epoch.unix_micros(), kEpoch2024 + 2 * kDay);
  EXPECT_GPQ_ERROR(core_->latest(77), Errc::not_found, "no element sets for NORAD 77");
}

TEST_F(QueryServiceTest, NearestTiesGoToTheEarlierSet) {
  const struct {
    std::int64_t epoch, expected;
    double delta;
  } rows[] = {
      {kEpoch2024 + 6 * kHour, kEpoch2024, -6 * 3600.0},        // exactly between: earlier
      {kEpoch2024 + 7 * kHour, kEpoch2024 + 12 * kHour, 5 * 3600.0},
      {kEpoch2024 + 12 * kHour, kEpoch2024 + 12 * kHour, 0.0},  // exact hit
      {kEpoch2024 - kDay, kEpoch2024, 86400.0},                 // before the first
      {kEpoch2024 + 9 * kDay, kEpoch2024 + 2 * kDay, -7 * 86400.0},
  };
  for (const auto& row : rows) {
    const Nearest found = core_->nearest({1, at(row.epoch), SourceFilter::all});
    EXPECT_EQ(found.set.epoch.unix_micros(), row.expected) << row.epoch;
    EXPECT_DOUBLE_EQ(found.delta_seconds, row.delta) << row.epoch;
  }
  const Nearest st = core_->nearest({1, at(kEpoch2024 + kDay), SourceFilter::all});
  EXPECT_EQ(st.set.source, DataSource::spacetrack);  // the same-millisecond merge
  EXPECT_GPQ_ERROR(core_->nearest({77, kNow, SourceFilter::all}), Errc::not_found,
                   "no element sets for NORAD 77");
}

TEST_F(QueryServiceTest, AdjacentAtTheEdgesAndOnAnEpoch) {
  const Adjacent on = core_->adjacent({1, at(kEpoch2024 + 12 * kHour)});
  EXPECT_EQ(on.before->epoch.unix_micros(), kEpoch2024 + 12 * kHour);
  EXPECT_EQ(on.after->epoch.unix_micros(), kEpoch2024 + kDay + 400);
  ASSERT_TRUE(on.gap_hours);
  EXPECT_NEAR(*on.gap_hours, 12.0, 1e-6);
  const Adjacent first = core_->adjacent({1, at(kEpoch2024 - 1)});
  EXPECT_FALSE(first.before);
  EXPECT_FALSE(first.gap_hours);
  EXPECT_EQ(first.after->epoch.unix_micros(), kEpoch2024);
  const Adjacent last = core_->adjacent({1, at(kEpoch2024 + 3 * kDay)});
  EXPECT_FALSE(last.after);
  EXPECT_EQ(last.before->epoch.unix_micros(), kEpoch2024 + 2 * kDay);
  EXPECT_THROW(core_->adjacent({77, kNow}), Error);
}

TEST_F(QueryServiceTest, HistoryBoundsAreInclusiveAndAscending) {
  Paging all;
  all.all = true;
  std::vector<std::int64_t> epochs;
  HistoryMeta meta;
  const PageInfo page = core_->history(
      {1, at(kEpoch2024 + 12 * kHour), at(kEpoch2024 + 2 * kDay), SourceFilter::all}, all,
      [&](const ElementSet& s) { epochs.push_back(s.epoch.unix_micros()); }, &meta);
  EXPECT_EQ(epochs, (std::vector<std::int64_t>{kEpoch2024 + 12 * kHour, kEpoch2024 + kDay + 400,
                                               kEpoch2024 + 36 * kHour, kEpoch2024 + 2 * kDay}));
  EXPECT_EQ(page.total, 4);
  EXPECT_EQ(meta.total_elsets, 4);
  EXPECT_EQ(meta.earliest_epoch->unix_micros(), kEpoch2024 + 12 * kHour);
  EXPECT_EQ(meta.object_name, "ISS (ZARYA)");

  std::int64_t celestrak = 0;
  core_->history({1, std::nullopt, std::nullopt, SourceFilter::celestrak}, all,
                 [&](const ElementSet&) { ++celestrak; }, nullptr);
  EXPECT_EQ(celestrak, 5);
  EXPECT_GPQ_ERROR(core_->history({1, at(0), at(1), SourceFilter::all}, all,
                                  [](const ElementSet&) {}, nullptr),
                   Errc::not_found,
                   "no element sets for NORAD 1 between 1970-01-01T00:00:00.000Z and "
                   "1970-01-01T00:00:00.000Z");
}

TEST_F(QueryServiceTest, RangeCountsYearsAcrossNewYear) {
  const RangeInfo range = core_->range(2);
  EXPECT_EQ(range.total_elsets, 2);
  EXPECT_EQ(range.year_files, 2);
  EXPECT_EQ(core_->range(1).total_elsets, 5);  // six stored, one hidden by the merge
  EXPECT_EQ(core_->range(1).year_files, 1);
}

TEST_F(QueryServiceTest, SnapshotMembershipAtLaunchAndDecay) {
  Paging all;
  all.all = true;
  const auto ids_at = [&](std::int64_t epoch, std::optional<OrbitRegime> regime = std::nullopt) {
    std::vector<std::int32_t> ids;
    core_->snapshot({at(epoch), std::nullopt, regime}, all,
                    [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    return ids;
  };
  // 2024-01-01T12:00: object 3 not yet decayed, object 4 (first set +4 d) not tracked yet.
  EXPECT_EQ(ids_at(kEpoch2024 + 12 * kHour), (std::vector<std::int32_t>{1, 2, 3, 5, 100245}));
  // Object 4's first set is within epoch + 1 day: it counts; object 3 decayed before.
  EXPECT_EQ(ids_at(kEpoch2024 + 3 * kDay + 1), (std::vector<std::int32_t>{1, 2, 4, 5, 100245}));
  EXPECT_EQ(ids_at(kEpoch2024 + 3 * kDay - 1), (std::vector<std::int32_t>{1, 2, 5, 100245}));
  EXPECT_EQ(ids_at(kEpoch2024, OrbitRegime::geo), (std::vector<std::int32_t>{2}));
  EXPECT_EQ(ids_at(kEpoch2024, OrbitRegime::heo), (std::vector<std::int32_t>{5}));
}

TEST_F(QueryServiceTest, SearchFiltersCombineWithAnd) {
  const struct {
    Params params;
    std::vector<std::int32_t> ids;
  } rows[] = {
      {{}, {1, 2, 4, 5, 100245}},  // 3 decayed before now
      {{{"decay", "true"}}, {1, 2, 3, 4, 5, 100245}},
      {{{"search", "iss"}}, {1}},
      {{{"group", "geo"}}, {2}},
      {{{"group", "starlink"}}, {5}},
      {{{"group", "analyst"}}, {}},  // 80000-89999 and 270000 up only
      {{{"group", "last-30-days"}}, {4}},
      {{{"orbit_regime", "HEO"}}, {5}},
      {{{"object_type", "PAYLOAD"}}, {1, 2}},
      {{{"object_type", "PAYLOAD"}, {"orbit_regime", "GEO"}}, {2}},
      {{{"object_type", "PAYLOAD"}, {"search", "STARLINK"}}, {}},
      {{{"norad_ids", "5,1,999"}}, {1, 5}},
      {{{"intdes", "2026-180"}}, {100245}},
      {{{"intdes", "2026-180C"}}, {100245}},
      {{{"intdes", "2026-180A"}}, {}},
  };
  for (const auto& row : rows) {
    std::string text;
    for (const auto& [k, v] : row.params) {
      text += k + "=" + v + " ";
    }
    EXPECT_EQ(search_ids(row.params), row.ids) << text;
  }
}

TEST_F(QueryServiceTest, SyncedGroupsOverrideTheRules) {
  const std::vector<std::int32_t> members = {2, 4};
  writer_.replace_group_members("stations", members, kNow);
  EXPECT_EQ(search_ids({{"group", "stations"}}), members);
}

TEST_F(QueryServiceTest, PaginationFacts) {
  const struct {
    Params params;
    std::int64_t total, pages, rows;
  } rows[] = {
      {{{"search", "nothing"}}, 0, 0, 0},
      {{{"search", "iss"}}, 1, 1, 1},
      {{{"per_page", "5"}}, 5, 1, 5},
      {{{"per_page", "2"}}, 5, 3, 2},
      {{{"per_page", "2"}, {"page", "3"}}, 5, 3, 1},
      {{{"per_page", "2"}, {"page", "4"}}, 5, 3, 0},  // past the last: empty
  };
  for (const auto& row : rows) {
    const auto bound = bind_gp_search(row.params, FrontEnd::http);
    std::int64_t seen = 0;
    const PageInfo page =
        core_->search(bound.query, bound.paging, [&](const ElementSet&) { ++seen; });
    EXPECT_EQ(page.total, row.total) << row.total << "/" << row.rows;
    EXPECT_EQ(page.total_pages, row.pages) << row.total << "/" << row.rows;
    EXPECT_EQ(seen, row.rows) << row.total << "/" << row.rows;
  }
  Paging limited;
  limited.all = true;
  limited.limit = 2;
  std::int64_t seen = 0;
  core_->search({}, limited, [&](const ElementSet&) { ++seen; });
  EXPECT_EQ(seen, 2);
}

TEST_F(QueryServiceTest, CatalogSearchAndRecord) {
  Paging all;
  all.all = true;
  const auto ids = [&](CatalogFilter filter) {
    std::vector<std::int32_t> out;
    core_->catalog_search(filter, all, [&](const CatalogRecord& r) { out.push_back(r.norad_id); });
    return out;
  };
  EXPECT_EQ(ids({}), (std::vector<std::int32_t>{1, 2, 4}));
  CatalogFilter everything;
  everything.active_only = false;
  EXPECT_EQ(ids(everything), (std::vector<std::int32_t>{1, 2, 3, 4}));
  CatalogFilter debris;
  debris.active_only = false;
  debris.object_type = ObjectType::debris;
  EXPECT_EQ(ids(debris), (std::vector<std::int32_t>{3}));
  EXPECT_EQ(core_->catalog_record(3).object_name, "FALLEN");
  EXPECT_GPQ_ERROR(core_->catalog_record(77), Errc::not_found, "NORAD 77 is not in the catalog");
}

}  // namespace
}  // namespace gpq::storage::test
