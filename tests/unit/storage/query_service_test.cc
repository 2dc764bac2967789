// The query core over a real SQLite file holding hand-built sets whose right answers
// are known: ties, bounds, boundaries, filters and pagination.
#include "gpq/query_service.h"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "gpq/request.h"

#include "storage/sqlite_store.h"
#include "storage_test_support.h"
#include "support/expect_error.h"
#include "support/fixture_db.h"

namespace gpq::storage::test {
namespace {

constexpr std::int64_t kHour = kMicrosPerHour;
constexpr std::int64_t kDay = 24 * kHour;
const TimePoint kNow = TimePoint::from_unix_micros(kEpoch2024 + 400 * kDay);

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

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
    write(sets,
          {catalog(1, ObjectType::payload, kEpoch2024 - 9000 * kDay, {}, "ISS (ZARYA)"),
           catalog(2, ObjectType::payload, kEpoch2024 - 900 * kDay, {}, "GEO SAT"),
           catalog(3, ObjectType::debris, kEpoch2024 - 90 * kDay, kEpoch2024 + kDay, "FALLEN"),
           catalog(4, ObjectType::rocket_body, kNow.unix_micros() - 10 * kDay, {}, "LATE LAUNCH")});
    store_ = SqliteStore::open(path_);
    core_ = std::make_unique<QueryService>(*store_, [] { return kNow; });
  }

  std::vector<std::int32_t> search_ids(const Params& params) {
    const auto bound = bind_gp_search(params, FrontEnd::http);
    std::vector<std::int32_t> ids;
    rows_or_none([&] {
      core_->search(bound.query, bound.paging,
                    [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    });
    return ids;
  }

  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
};

TEST_F(QueryServiceTest, LatestPrefersSpaceTrackOnTheSameMillisecondOnlyWhenNewest) {
  EXPECT_EQ(core_->latest(1).epoch.unix_micros(), kEpoch2024 + 2 * kDay);
  EXPECT_GPQ_ERROR(core_->latest(77), Errc::not_found, "no element sets for NORAD 77");
}

TEST_F(QueryServiceTest, CoverageCountsSatcatObjectsInOrbitAndTheirNewestSets) {
  // At 2024-01-03T12:00: 1 and 2 in orbit (3 decayed on the 2nd, 4 not launched yet); 1's
  // newest set is 12 hours old, 2's two and a half days.
  const Coverage then = store_->coverage(at(kEpoch2024 + 2 * kDay + 12 * kHour));
  EXPECT_EQ(then.on_orbit, 2);
  EXPECT_EQ(then.within_1_day, 1);
  EXPECT_EQ(then.within_3_days, 2);
  EXPECT_EQ(then.within_30_days, 2);
  // Now, 400 days on: 4 is up too, and no set is within 30 days.
  const ServiceStatus status = core_->status();
  EXPECT_EQ(status.coverage.instant, kNow);
  EXPECT_EQ(status.coverage.on_orbit, 3);
  EXPECT_EQ(status.coverage.within_30_days, 0);
}

// At a past instant the nearest set is read where memory cannot tell it: at 06:00 on the 1st,
// object 1's newest set is two days on but its sets of 00:00 and 12:00 are 6 hours away.
TEST_F(QueryServiceTest, CoverageAtAPastInstantReadsTheSetsAroundIt) {
  const TimePoint six = at(kEpoch2024 + 6 * kHour);
  const Coverage then = store_->coverage(six);
  EXPECT_EQ(then.instant, six);
  EXPECT_EQ(then.on_orbit, 3) << "1, 2 and 3 (decaying on the 2nd); 4 not launched";
  EXPECT_EQ(then.within_1_day, 3);
  // Two days before the first sets: each object's first set is its nearest.
  const Coverage before = store_->coverage(at(kEpoch2024 - 2 * kDay));
  EXPECT_EQ(before.on_orbit, 3);
  EXPECT_EQ(before.within_1_day, 0);
  EXPECT_EQ(before.within_3_days, 3);
  // Kept for the generation: asked again, the same figures.
  const Coverage again = store_->coverage(six);
  EXPECT_EQ(again.within_1_day, then.within_1_day);
  EXPECT_EQ(again.on_orbit, then.on_orbit);
}

TEST_F(QueryServiceTest, NearestTiesGoToTheEarlierSet) {
  const struct {
    std::int64_t epoch, expected;
    double delta;
  } rows[] = {
      {kEpoch2024 + 6 * kHour, kEpoch2024, -6 * 3600.0},  // exactly between: earlier
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
  core_->history(
      {1, std::nullopt, std::nullopt, SourceFilter::celestrak}, all,
      [&](const ElementSet&) { ++celestrak; }, nullptr);
  EXPECT_EQ(celestrak, 5);
  EXPECT_GPQ_ERROR(
      core_->history(
          {1, at(0), at(1), SourceFilter::all}, all, [](const ElementSet&) {}, nullptr),
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
    rows_or_none([&] {
      core_->snapshot({at(epoch), std::nullopt, regime, std::nullopt}, all,
                      [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    });
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
  // A query that matches nothing at all is not found; a page past the last is empty (above).
  const auto nothing = bind_gp_search({{"search", "nothing"}}, FrontEnd::http);
  EXPECT_GPQ_ERROR(core_->search(nothing.query, nothing.paging, [](const ElementSet&) {}),
                   Errc::not_found, "no element sets match the query");
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
    rows_or_none([&] {
      core_->catalog_search(filter, all,
                            [&](const CatalogRecord& r) { out.push_back(r.norad_id); });
    });
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

// The known world of tests/support/fixture_db.h: every answer below follows from its table.
namespace gpq::test {
namespace {

using namespace world;  // NOLINT(google-build-using-namespace): the fixture's names

using Ids = std::vector<std::int32_t>;
using Sets = std::vector<std::string>;

// "2026-01-11T00:00:00.000000 spacetrack": an epoch at stored precision, and its source.
std::string describe(const ElementSet& set) {
  return format_iso8601_micros(set.epoch) + " " + std::string(to_string(set.source));
}

std::string describe(const std::optional<ElementSet>& set) {
  return set ? describe(*set) : std::string("none");
}

std::string text_of(const Params& params) {
  std::string text;
  for (const auto& [key, value] : params) {
    text += key + "=" + value + " ";
  }
  return text;
}

Paging every_row() {
  Paging paging;
  paging.all = true;
  return paging;
}

class QueryServiceKnownWorldTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_ = std::make_unique<FixtureDb>(dir_.path() / "gpq.db");
    fixture_->write_known_world();
    store_ = storage::SqliteStore::open(fixture_->path());
    core_ = std::make_unique<QueryService>(*store_, [] { return world::now(); });
  }

  Ids search_ids(const Params& params, FrontEnd end = FrontEnd::http) {
    const auto bound = bind_gp_search(params, end);
    Ids ids;
    rows_or_none([&] {
      core_->search(bound.query, bound.paging,
                    [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    });
    return ids;
  }

  Sets history(const HistoryQuery& query, HistoryMeta* meta = nullptr) {
    Sets sets;
    core_->history(
        query, every_row(), [&](const ElementSet& s) { sets.push_back(describe(s)); }, meta);
    return sets;
  }

  TempDir dir_;
  std::unique_ptr<FixtureDb> fixture_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
};

constexpr const char* kC = " celestrak";
constexpr const char* kS = " spacetrack";
std::string at(const char* micros, const char* source) {
  return std::string(micros) + source;
}

TEST_F(QueryServiceKnownWorldTest, LatestIsTheNewestOfEitherSourceAndSpaceTrackWinsATie) {
  const struct {
    std::int32_t id;
    std::string expected;
  } rows[] = {
      // A CelesTrak set 300 us later falls on the same millisecond: Space-Track's wins.
      {kIss, at("2026-01-12T00:00:00.000000", kS)},
      {kCss, at("2026-02-27T12:00:00.000000", kC)},     // newer than its Space-Track set
      {kFuture, at("2026-03-02T00:00:00.000000", kC)},  // newest, even after the clock
      {kYearEnd, at("2026-01-01T00:00:00.000000", kC)},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(describe(core_->latest(row.id)), row.expected) << row.id;
  }
  EXPECT_EQ(core_->latest(kIss).object_name, "ISS (ZARYA)");
  EXPECT_GPQ_ERROR(core_->latest(77), Errc::not_found, "no element sets for NORAD 77");
  EXPECT_GPQ_ERROR(core_->latest(kCatalogOnly), Errc::not_found, "no element sets for NORAD 5");
}

TEST_F(QueryServiceKnownWorldTest, NearestTiesExactHitsEndsAndSources) {
  const struct {
    const char* epoch;
    SourceFilter source;
    std::string expected;
    double delta;
  } rows[] = {
      {"2026-01-10T06:00:00Z", SourceFilter::all, at("2026-01-10T00:00:00.000000", kC), -21600},
      {"2026-01-10T06:00:00.000001Z", SourceFilter::all, at("2026-01-10T12:00:00.000000", kC),
       21599.999999},
      {"2026-01-10T05:59:59.999999Z", SourceFilter::all, at("2026-01-10T00:00:00.000000", kC),
       -21599.999999},
      {"2026-01-10T12:00:00Z", SourceFilter::all, at("2026-01-10T12:00:00.000000", kC), 0},
      {"2026-01-01T00:00:00Z", SourceFilter::all, at("2026-01-10T00:00:00.000000", kC), 777600},
      {"2026-02-01T00:00:00Z", SourceFilter::all, at("2026-01-12T00:00:00.000000", kS), -1728000},
      // The CelesTrak set on the Space-Track set's millisecond exists only for celestrak.
      {"2026-01-11T00:00:00.000400Z", SourceFilter::all, at("2026-01-11T00:00:00.000000", kS),
       -0.0004},
      {"2026-01-11T00:00:00.000400Z", SourceFilter::celestrak, at("2026-01-11T00:00:00.000400", kC),
       0},
      {"2026-01-11T00:00:00.000400Z", SourceFilter::spacetrack,
       at("2026-01-11T00:00:00.000000", kS), -0.0004},
      {"2026-01-11T06:00:00Z", SourceFilter::all, at("2026-01-11T00:00:00.000000", kS), -21600},
      {"2026-01-11T06:00:00Z", SourceFilter::celestrak, at("2026-01-11T00:00:00.000400", kC),
       -21599.9996},
      {"2026-01-10T00:00:00Z", SourceFilter::spacetrack, at("2026-01-11T00:00:00.000000", kS),
       86400},
  };
  for (const auto& row : rows) {
    const std::string name =
        std::string(row.epoch) + " source " + std::to_string(static_cast<int>(row.source));
    const Nearest found = core_->nearest({kIss, iso(row.epoch), row.source});
    EXPECT_EQ(describe(found.set), row.expected) << name;
    EXPECT_NEAR(found.delta_seconds, row.delta, 1e-7) << name;
  }
  const TimePoint t = iso("2026-01-10T00:00:00Z");
  EXPECT_GPQ_ERROR(core_->nearest({77, t, SourceFilter::all}), Errc::not_found,
                   "no element sets for NORAD 77");
  EXPECT_GPQ_ERROR(core_->nearest({kCatalogOnly, t, SourceFilter::all}), Errc::not_found,
                   "no element sets for NORAD 5");
  EXPECT_GPQ_ERROR(core_->nearest({kNoaa, t, SourceFilter::spacetrack}), Errc::not_found,
                   "no element sets for NORAD 33591");
}

TEST_F(QueryServiceKnownWorldTest, AdjacentBracketsTheEpoch) {
  const struct {
    const char* epoch;
    std::string before, after;
    std::optional<double> gap_hours;
  } rows[] = {
      {"2026-01-09T00:00:00Z", "none", at("2026-01-10T00:00:00.000000", kC), std::nullopt},
      {"2026-01-10T00:00:00Z", at("2026-01-10T00:00:00.000000", kC),
       at("2026-01-10T12:00:00.000000", kC), 12.0},
      // Exactly on a set: it is `before`; the hidden CelesTrak twin is never `after`.
      {"2026-01-11T00:00:00Z", at("2026-01-11T00:00:00.000000", kS),
       at("2026-01-11T12:00:00.000000", kC), 12.0},
      {"2026-01-11T00:00:00.000200Z", at("2026-01-11T00:00:00.000000", kS),
       at("2026-01-11T12:00:00.000000", kC), 12.0},
      {"2026-01-11T12:00:00Z", at("2026-01-11T12:00:00.000000", kC),
       at("2026-01-11T12:00:00.000600", kS), 0.0006 / 3600},
      {"2026-01-12T00:00:00Z", at("2026-01-12T00:00:00.000000", kS), "none", std::nullopt},
      {"2026-01-12T00:00:00.000300Z", at("2026-01-12T00:00:00.000000", kS), "none", std::nullopt},
      {"2026-02-01T00:00:00Z", at("2026-01-12T00:00:00.000000", kS), "none", std::nullopt},
  };
  for (const auto& row : rows) {
    const Adjacent found = core_->adjacent({kIss, iso(row.epoch)});
    EXPECT_EQ(describe(found.before), row.before) << row.epoch;
    EXPECT_EQ(describe(found.after), row.after) << row.epoch;
    ASSERT_EQ(found.gap_hours.has_value(), row.gap_hours.has_value()) << row.epoch;
    if (row.gap_hours) {
      EXPECT_NEAR(*found.gap_hours, *row.gap_hours, 1e-12) << row.epoch;
    }
  }
  EXPECT_GPQ_ERROR(core_->adjacent({77, world::now()}), Errc::not_found,
                   "no element sets for NORAD 77");
  EXPECT_GPQ_ERROR(core_->adjacent({kCatalogOnly, world::now()}), Errc::not_found,
                   "no element sets for NORAD 5");
}

TEST_F(QueryServiceKnownWorldTest, HistoryBoundsDefaultsSourcesAndOrder) {
  const std::optional<TimePoint> none;
  const auto t = [](const char* text) { return std::optional<TimePoint>(iso(text)); };
  const struct {
    const char* name;
    std::int32_t id;
    std::optional<TimePoint> start, end;
    SourceFilter source;
    Sets expected;
  } rows[] = {
      {"everything",
       kIss,
       none,
       none,
       SourceFilter::all,
       {at("2026-01-10T00:00:00.000000", kC), at("2026-01-10T12:00:00.000000", kC),
        at("2026-01-11T00:00:00.000000", kS), at("2026-01-11T12:00:00.000000", kC),
        at("2026-01-11T12:00:00.000600", kS), at("2026-01-12T00:00:00.000000", kS)}},
      {"both bounds inclusive",
       kIss,
       t("2026-01-10T12:00:00Z"),
       t("2026-01-11T12:00:00Z"),
       SourceFilter::all,
       {at("2026-01-10T12:00:00.000000", kC), at("2026-01-11T00:00:00.000000", kS),
        at("2026-01-11T12:00:00.000000", kC)}},
      {"a microsecond inside",
       kIss,
       t("2026-01-10T12:00:00.000001Z"),
       t("2026-01-11T11:59:59.999999Z"),
       SourceFilter::all,
       {at("2026-01-11T00:00:00.000000", kS)}},
      {"start defaults to the first set",
       kIss,
       none,
       t("2026-01-10T00:00:00Z"),
       SourceFilter::all,
       {at("2026-01-10T00:00:00.000000", kC)}},
      {"start equals end",
       kIss,
       t("2026-01-12T00:00:00Z"),
       t("2026-01-12T00:00:00Z"),
       SourceFilter::all,
       {at("2026-01-12T00:00:00.000000", kS)}},
      {"celestrak keeps its twins",
       kIss,
       none,
       none,
       SourceFilter::celestrak,
       {at("2026-01-10T00:00:00.000000", kC), at("2026-01-10T12:00:00.000000", kC),
        at("2026-01-11T00:00:00.000400", kC), at("2026-01-11T12:00:00.000000", kC),
        at("2026-01-12T00:00:00.000300", kC)}},
      {"spacetrack",
       kIss,
       none,
       none,
       SourceFilter::spacetrack,
       {at("2026-01-11T00:00:00.000000", kS), at("2026-01-11T12:00:00.000600", kS),
        at("2026-01-12T00:00:00.000000", kS)}},
      {"end defaults to now",
       kFuture,
       none,
       none,
       SourceFilter::all,
       {at("2026-02-28T00:00:00.000000", kC)}},
      {"an end after now",
       kFuture,
       none,
       t("2026-03-03T00:00:00Z"),
       SourceFilter::all,
       {at("2026-02-28T00:00:00.000000", kC), at("2026-03-02T00:00:00.000000", kC)}},
      {"across the new year",
       kYearEnd,
       none,
       none,
       SourceFilter::all,
       {at("2025-12-31T23:59:59.999000", kC), at("2026-01-01T00:00:00.000000", kC)}},
  };
  for (const auto& row : rows) {
    HistoryMeta meta;
    const Sets sets = history({row.id, row.start, row.end, row.source}, &meta);
    EXPECT_EQ(sets, row.expected) << row.name;
    EXPECT_EQ(meta.norad_id, row.id) << row.name;
    EXPECT_EQ(meta.total_elsets, static_cast<std::int64_t>(row.expected.size())) << row.name;
    ASSERT_TRUE(meta.earliest_epoch && meta.latest_epoch) << row.name;
    EXPECT_EQ(format_iso8601_micros(*meta.earliest_epoch), row.expected.front().substr(0, 26))
        << row.name;
    EXPECT_EQ(format_iso8601_micros(*meta.latest_epoch), row.expected.back().substr(0, 26))
        << row.name;
  }
  HistoryMeta meta;
  history({kIss, std::nullopt, std::nullopt, SourceFilter::all}, &meta);
  EXPECT_EQ(meta.object_name, "ISS (ZARYA)");
}

TEST_F(QueryServiceKnownWorldTest, HistoryWithNothingInRangeIsNotFound) {
  const auto run = [&](std::int32_t id, std::optional<TimePoint> start,
                       std::optional<TimePoint> end, SourceFilter source) {
    history({id, start, end, source});
  };
  EXPECT_GPQ_ERROR(
      run(kIss, iso("2020-01-01T00:00:00Z"), iso("2020-01-02T00:00:00Z"), SourceFilter::all),
      Errc::not_found,
      "no element sets for NORAD 25544 between 2020-01-01T00:00:00.000Z and "
      "2020-01-02T00:00:00.000Z");
  EXPECT_GPQ_ERROR(run(kIss, std::nullopt, iso("2020-01-02T00:00:00Z"), SourceFilter::all),
                   Errc::not_found,
                   "no element sets for NORAD 25544 between its first set and "
                   "2020-01-02T00:00:00.000Z");
  EXPECT_GPQ_ERROR(run(77, std::nullopt, std::nullopt, SourceFilter::all), Errc::not_found,
                   "no element sets for NORAD 77 between its first set and "
                   "2026-03-01T00:00:00.000Z");
  EXPECT_GPQ_ERROR(run(kNoaa, std::nullopt, std::nullopt, SourceFilter::spacetrack),
                   Errc::not_found,
                   "no element sets for NORAD 33591 between its first set and "
                   "2026-03-01T00:00:00.000Z");
  // start > end never reaches the core: the binder refuses it.
  EXPECT_GPQ_ERROR(
      bind_history("25544", {{"start", "2026-01-12"}, {"end", "2026-01-11"}}, FrontEnd::http),
      Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  const auto equal =
      bind_history("25544", {{"start", "2026-01-12"}, {"end", "2026-01-12"}}, FrontEnd::http);
  EXPECT_EQ(history(equal.query), Sets{at("2026-01-12T00:00:00.000000", kS)});
}

// `end` omitted is now, so a start after now is a start after the end: 400, not "nothing in
// the range" (404), for an object with sets and one without alike.
TEST_F(QueryServiceKnownWorldTest, HistoryStartingAfterNowIsABadRequest) {
  for (const std::int32_t id : {kIss, 77}) {
    EXPECT_GPQ_ERROR(history({id, iso("2026-03-02T00:00:00Z"), std::nullopt, SourceFilter::all}),
                     Errc::bad_request,
                     "parameter 'start' (2026-03-02T00:00:00.000Z) is after 'end', which is now "
                     "(2026-03-01T00:00:00.000Z) when not given; give start <= end");
  }
  // Start at now is a range, empty here.
  EXPECT_GPQ_ERROR(history({kIss, world::now(), std::nullopt, SourceFilter::all}), Errc::not_found,
                   "no element sets for NORAD 25544 between 2026-03-01T00:00:00.000Z and "
                   "2026-03-01T00:00:00.000Z");
}

TEST_F(QueryServiceKnownWorldTest, HistoryPages) {
  const struct {
    std::int64_t page, per_page;
    Sets expected;
    PageInfo info;
  } rows[] = {
      {1,
       4,
       {at("2026-01-10T00:00:00.000000", kC), at("2026-01-10T12:00:00.000000", kC),
        at("2026-01-11T00:00:00.000000", kS), at("2026-01-11T12:00:00.000000", kC)},
       {6, 1, 4, 2}},
      {2,
       4,
       {at("2026-01-11T12:00:00.000600", kS), at("2026-01-12T00:00:00.000000", kS)},
       {6, 2, 4, 2}},
      {3, 4, {}, {6, 3, 4, 2}},  // past the last page: empty, not an error
      {2,
       3,
       {at("2026-01-11T12:00:00.000000", kC), at("2026-01-11T12:00:00.000600", kS),
        at("2026-01-12T00:00:00.000000", kS)},
       {6, 2, 3, 2}},
  };
  for (const auto& row : rows) {
    Paging paging;
    paging.page = row.page;
    paging.per_page = row.per_page;
    Sets sets;
    const PageInfo info = core_->history(
        {kIss, std::nullopt, std::nullopt, SourceFilter::all}, paging,
        [&](const ElementSet& s) { sets.push_back(describe(s)); }, nullptr);
    const std::string name = std::to_string(row.page) + "/" + std::to_string(row.per_page);
    EXPECT_EQ(sets, row.expected) << name;
    EXPECT_EQ(info.total, row.info.total) << name;
    EXPECT_EQ(info.page, row.info.page) << name;
    EXPECT_EQ(info.per_page, row.info.per_page) << name;
    EXPECT_EQ(info.total_pages, row.info.total_pages) << name;
  }
}

TEST_F(QueryServiceKnownWorldTest, RangeCountsSetsAndCalendarYears) {
  const RangeInfo year_end = core_->range(kYearEnd);
  EXPECT_EQ(year_end.total_elsets, 2);
  EXPECT_EQ(year_end.year_files, 2);
  EXPECT_EQ(format_iso8601_micros(year_end.earliest_epoch), "2025-12-31T23:59:59.999000");
  EXPECT_EQ(format_iso8601_micros(year_end.latest_epoch), "2026-01-01T00:00:00.000000");
  const RangeInfo iss = core_->range(kIss);
  EXPECT_EQ(iss.norad_id, kIss);
  EXPECT_EQ(iss.total_elsets, 6);  // eight stored, two hidden by the merge
  EXPECT_EQ(iss.year_files, 1);
  EXPECT_EQ(format_iso8601_micros(iss.latest_epoch), "2026-01-12T00:00:00.000000");

  // Every object: range agrees with its whole history (range knows no "now").
  for (const std::int32_t id :
       {kIss, kCss, kStarlink, kOneweb, kGps, kGlonass, kGalileo, kBeidou, kNoaa, kGoes, kAnalyst,
        kAnalystHigh, kNewGlonass, kLateLaunch, kFallen, kTransfer, kFading, kYearEnd, kFuture}) {
    HistoryMeta meta;
    const Sets sets =
        history({id, std::nullopt, iso("2100-01-01T00:00:00Z"), SourceFilter::all}, &meta);
    std::set<std::string> years;
    for (const std::string& s : sets) {
      years.insert(s.substr(0, 4));
    }
    const RangeInfo range = core_->range(id);
    EXPECT_EQ(range.total_elsets, meta.total_elsets) << id;
    EXPECT_EQ(range.total_elsets, static_cast<std::int64_t>(sets.size())) << id;
    EXPECT_EQ(range.year_files, static_cast<std::int64_t>(years.size())) << id;
    EXPECT_EQ(range.earliest_epoch, *meta.earliest_epoch) << id;
    EXPECT_EQ(range.latest_epoch, *meta.latest_epoch) << id;
  }
  EXPECT_GPQ_ERROR(core_->range(77), Errc::not_found, "no element sets for NORAD 77");
  EXPECT_GPQ_ERROR(core_->range(kCatalogOnly), Errc::not_found, "no element sets for NORAD 5");
}

TEST_F(QueryServiceKnownWorldTest, SnapshotMembershipAtLaunchAndDecay) {
  const std::optional<ObjectType> any_type;
  const std::optional<OrbitRegime> any_regime;
  const struct {
    const char* epoch;
    std::optional<ObjectType> type;
    std::optional<OrbitRegime> regime;
    std::vector<std::string> expected;  // "<id> <epoch of its nearest set>"
  } rows[] = {
      // The ISS tie (00:00 and 12:00) goes to the earlier set.
      {"2026-01-10T06:00:00Z",
       any_type,
       any_regime,
       {"25544 2026-01-10T00:00:00.000000", "50002 2026-01-10T00:00:00.000000",
        "50003 2026-01-10T00:00:00.000000", "50005 2026-01-01T00:00:00.000000"}},
      {"2026-01-10T06:00:00Z", any_type, OrbitRegime::heo, {"50003 2026-01-10T00:00:00.000000"}},
      {"2026-01-10T06:00:00Z", any_type, OrbitRegime::geo, {}},  // 50003 is still in GTO
      // 50001's first set is exactly epoch + 1 day: in. 50002 decayed on 2026-01-15: out.
      {"2026-01-19T00:00:00Z",
       any_type,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50001 2026-01-20T00:00:00.000000",
        "50003 2026-01-20T00:00:00.000000", "50005 2026-01-01T00:00:00.000000"}},
      {"2026-01-18T23:59:59.999999Z",
       any_type,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50003 2026-01-20T00:00:00.000000",
        "50005 2026-01-01T00:00:00.000000"}},
      {"2026-01-19T00:00:00Z",
       ObjectType::rocket_body,
       any_regime,
       {"50001 2026-01-20T00:00:00.000000"}},
      // 50005 has no catalog record, so no object type: a type filter leaves it out.
      {"2026-01-19T00:00:00Z",
       ObjectType::payload,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50003 2026-01-20T00:00:00.000000"}},
      {"2026-01-19T00:00:00Z", any_type, OrbitRegime::geo, {"50003 2026-01-20T00:00:00.000000"}},
      {"2026-01-19T00:00:00Z", any_type, OrbitRegime::heo, {"50001 2026-01-20T00:00:00.000000"}},
      // An object is a member through its DECAY_DATE's day, out from the next day's 00:00 UTC.
      // 50003 ties (5 days each way): earlier.
      {"2026-01-15T00:00:00Z",
       any_type,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50002 2026-01-14T00:00:00.000000",
        "50003 2026-01-10T00:00:00.000000", "50005 2026-01-01T00:00:00.000000"}},
      {"2026-01-15T23:59:59.999999Z",
       any_type,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50002 2026-01-14T00:00:00.000000",
        "50003 2026-01-20T00:00:00.000000", "50005 2026-01-01T00:00:00.000000"}},
      {"2026-01-16T00:00:00Z",
       any_type,
       any_regime,
       {"25544 2026-01-12T00:00:00.000000", "50003 2026-01-20T00:00:00.000000",
        "50005 2026-01-01T00:00:00.000000"}},
      {"2026-03-01T00:00:00Z",
       ObjectType::rocket_body,
       any_regime,
       {"50001 2026-02-01T00:00:00.000000"}},
      {"2026-03-01T00:00:00Z",
       any_type,
       OrbitRegime::geo,
       {"36287 2026-02-27T12:00:00.000000", "41866 2026-02-27T12:00:00.000000",
        "50003 2026-01-20T00:00:00.000000"}},
  };
  for (const auto& row : rows) {
    std::vector<std::string> members;
    rows_or_none([&] {
      core_->snapshot(
          {iso(row.epoch), row.type, row.regime, std::nullopt}, every_row(),
          [&](const ElementSet& s) {
            members.push_back(std::to_string(s.norad_id) + " " + format_iso8601_micros(s.epoch));
          });
    });
    EXPECT_EQ(members, row.expected)
        << row.epoch << " type " << (row.type ? to_string(*row.type) : "any") << " regime "
        << (row.regime ? to_string(*row.regime) : "any");
  }
  // 50006: one day either side of the clock's epoch, a tie: the earlier set.
  std::string future;
  core_->snapshot({world::now(), std::nullopt, std::nullopt, std::nullopt}, every_row(),
                  [&](const ElementSet& s) {
                    if (s.norad_id == kFuture) {
                      future = describe(s);
                    }
                  });
  EXPECT_EQ(future, at("2026-02-28T00:00:00.000000", kC));
  // Without an epoch the snapshot is the current search.
  Ids current;
  core_->snapshot({std::nullopt, std::nullopt, std::nullopt, std::nullopt}, every_row(),
                  [&](const ElementSet& s) { current.push_back(s.norad_id); });
  EXPECT_EQ(current, search_ids({}));
}

// The current set of every object that is not decayed at kNow, in NORAD order.
const Ids kShown = {kGps,    kIss,     kGlonass,  kNoaa,    kBeidou,     kGalileo,
                    kGoes,   kOneweb,  kStarlink, kCss,     kLateLaunch, kTransfer,
                    kFading, kYearEnd, kFuture,   kAnalyst, kNewGlonass, kAnalystHigh};

Ids with(Ids ids, std::int32_t extra) {
  ids.insert(std::lower_bound(ids.begin(), ids.end(), extra), extra);
  return ids;
}

TEST_F(QueryServiceKnownWorldTest, SearchFiltersAloneAndCombined) {
  const struct {
    Params params;
    Ids expected;
  } rows[] = {
      {{}, kShown},  // 50002 decayed before now; 50004 decays after now
      {{{"decay", "false"}}, kShown},
      {{{"decay", "true"}}, with(kShown, kFallen)},
      {{{"search", "zarya"}}, {kIss}},
      {{{"search", "cosmos"}}, {kGlonass, kNewGlonass}},
      {{{"search", "GLONASS-K"}}, {kNewGlonass}},
      {{{"search", "sat"}}, {kGalileo, kTransfer, kFading, kFuture}},  // GSAT0101 too
      {{{"search", "fallen"}}, {}},
      {{{"search", "fallen"}, {"decay", "true"}}, {kFallen}},
      {{{"group", "stations"}}, {kIss, kCss}},
      {{{"group", "starlink"}}, {kStarlink}},
      {{{"group", "oneweb"}}, {kOneweb}},
      {{{"group", "gps-ops"}}, {kGps}},
      {{{"group", "glo-ops"}}, {kGlonass, kNewGlonass}},
      {{{"group", "galileo"}}, {kGalileo}},
      {{{"group", "beidou"}}, {kBeidou}},
      {{{"group", "weather"}}, {kNoaa, kGoes}},
      {{{"group", "geo"}}, {kBeidou, kGoes, kTransfer}},
      {{{"group", "active"}}, kShown},
      {{{"group", "active"}, {"decay", "true"}}, kShown},
      {{{"group", "analyst"}}, {kAnalyst, kAnalystHigh}},
      {{{"group", "last-30-days"}}, {kNewGlonass}},
      {{{"group", "STATIONS"}}, {kIss, kCss}},
      {{{"intdes", "1998-067"}}, {kIss}},
      {{{"intdes", "1998-067A"}}, {kIss}},
      {{{"intdes", "1998-067B"}}, {}},
      {{{"intdes", "2026-010b"}}, {kLateLaunch}},
      {{{"intdes", "2026-194"}}, {kNewGlonass}},
      {{{"intdes", "2025-001"}}, {}},
      {{{"intdes", "2025-001"}, {"decay", "true"}}, {kFallen}},
      {{{"norad_ids", "50002,25544,99999"}}, {kIss}},
      {{{"norad_ids", "50002,25544,99999"}, {"decay", "true"}}, {kIss, kFallen}},
      {{{"orbit_regime", "LEO"}},
       {kIss, kNoaa, kOneweb, kStarlink, kCss, kFading, kYearEnd, kFuture, kAnalyst, kAnalystHigh}},
      {{{"orbit_regime", "meo"}}, {kGps, kGlonass, kGalileo, kNewGlonass}},
      {{{"orbit_regime", "GEO"}}, {kBeidou, kGoes, kTransfer}},  // 50003 now in GEO
      {{{"orbit_regime", "HEO"}}, {kLateLaunch}},
      {{{"object_type", "PAYLOAD"}},
       {kGps, kIss, kGlonass, kNoaa, kBeidou, kGalileo, kGoes, kOneweb, kStarlink, kCss, kTransfer,
        kFading, kFuture, kNewGlonass}},
      {{{"object_type", "rocket_body"}}, {kLateLaunch}},
      {{{"object_type", "DEBRIS"}}, {}},
      {{{"object_type", "DEBRIS"}, {"decay", "true"}}, {kFallen}},
      {{{"object_type", "UNKNOWN"}}, {}},
      {{{"group", "weather"}, {"orbit_regime", "GEO"}}, {kGoes}},
      {{{"object_type", "PAYLOAD"}, {"search", "starlink"}}, {kStarlink}},
      {{{"object_type", "ROCKET_BODY"}, {"group", "starlink"}}, {}},
      {{{"group", "glo-ops"}, {"orbit_regime", "MEO"}, {"search", "2619"}}, {kNewGlonass}},
      {{{"norad_ids", "25544,41866"}, {"group", "weather"}}, {kGoes}},
      {{{"intdes", "2026-005"}, {"object_type", "PAYLOAD"}, {"orbit_regime", "GEO"}}, {kTransfer}},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(search_ids(row.params), row.expected) << text_of(row.params);
  }
}

TEST_F(QueryServiceKnownWorldTest, SyncedGroupsReplaceTheirRule) {
  EXPECT_EQ(search_ids({{"group", "stations"}}), (Ids{kIss, kCss}));  // the name rule
  const Ids members = {kIss, kAnalyst, kFallen, 99999};
  fixture_->sync_group("stations", members);
  // The synced list wins; a decayed member stays hidden; an id without sets shows nothing.
  EXPECT_EQ(search_ids({{"group", "stations"}}), (Ids{kIss, kAnalyst}));
  EXPECT_EQ(search_ids({{"group", "stations"}, {"decay", "true"}}), (Ids{kIss, kFallen, kAnalyst}));
  EXPECT_EQ(search_ids({{"group", "starlink"}}), Ids{kStarlink});  // other groups keep rules
}

TEST_F(QueryServiceKnownWorldTest, DecayIsJudgedAtTheClocksNow) {
  // Ten days later 50004 has decayed too, and 100460 is still within 30 days of launch.
  const QueryService later(*store_, [] { return iso("2026-03-11T00:00:00Z"); });
  Ids ids;
  later.search({}, every_row(), [&](const ElementSet& s) { ids.push_back(s.norad_id); });
  Ids expected = kShown;
  expected.erase(std::find(expected.begin(), expected.end(), kFading));
  EXPECT_EQ(ids, expected);
}

TEST_F(QueryServiceKnownWorldTest, CatalogSearchFilters) {
  const Ids active = {kCatalogOnly, kGps,    kIss,    kGlonass,   kNoaa, kBeidou,
                      kGalileo,     kGoes,   kOneweb, kStarlink,  kCss,  kLateLaunch,
                      kTransfer,    kFading, kFuture, kNewGlonass};
  const struct {
    Params params;
    Ids expected;
  } rows[] = {
      {{}, active},
      {{{"active_only", "false"}}, with(active, kFallen)},
      {{{"search", "goes"}}, {kGoes}},
      {{{"search", "vanguard"}}, {kCatalogOnly}},
      {{{"search", "fallen"}}, {}},
      {{{"search", "fallen"}, {"active_only", "false"}}, {kFallen}},
      {{{"owner", "prc"}}, {kBeidou, kCss}},
      {{{"owner", "CIS"}}, {kGlonass, kNewGlonass}},
      {{{"object_type", "ROCKET_BODY"}}, {kLateLaunch}},
      {{{"object_type", "DEBRIS"}}, {}},
      {{{"object_type", "DEBRIS"}, {"active_only", "false"}}, {kFallen}},
      {{{"launch_year", "2026"}}, {kLateLaunch, kTransfer, kNewGlonass}},
      {{{"launch_year", "1958"}}, {kCatalogOnly}},
      {{{"launch_year", "2025"}}, {kFading, kFuture}},
      {{{"launch_year", "2025"}, {"active_only", "false"}}, {kFallen, kFading, kFuture}},
      {{{"owner", "US"}, {"object_type", "PAYLOAD"}, {"launch_year", "2025"}}, {kFading, kFuture}},
  };
  for (const auto& row : rows) {
    const auto bound = bind_catalog_search(row.params, FrontEnd::http);
    Ids ids;
    rows_or_none([&] {
      core_->catalog_search(bound.query, bound.paging,
                            [&](const CatalogRecord& r) { ids.push_back(r.norad_id); });
    });
    EXPECT_EQ(ids, row.expected) << text_of(row.params);
  }
  EXPECT_EQ(core_->catalog_record(kFallen).object_name, "FALLEN SAT");  // decayed, still a record
  EXPECT_EQ(core_->catalog_record(kCatalogOnly).object_id, "1958-002B");
  EXPECT_GPQ_ERROR(core_->catalog_record(kYearEnd), Errc::not_found,
                   "NORAD 50005 is not in the catalog");
}

TEST_F(QueryServiceKnownWorldTest, PaginationTotalsAndPages) {
  const struct {
    Params params;
    FrontEnd end;
    std::int64_t total, page, per_page, total_pages;
    Ids expected;
  } rows[] = {
      {{{"search", "zarya"}}, FrontEnd::http, 1, 1, 100, 1, {kIss}},
      {{}, FrontEnd::http, 18, 1, 100, 1, kShown},
      {{{"per_page", "6"}},
       FrontEnd::http,
       18,
       1,
       6,
       3,
       {kGps, kIss, kGlonass, kNoaa, kBeidou, kGalileo}},
      {{{"per_page", "6"}, {"page", "3"}},
       FrontEnd::http,
       18,
       3,
       6,
       3,  // an exact multiple
       {kFading, kYearEnd, kFuture, kAnalyst, kNewGlonass, kAnalystHigh}},
      {{{"per_page", "6"}, {"page", "4"}}, FrontEnd::http, 18, 4, 6, 3, {}},  // past the last
      {{{"per_page", "5"}, {"page", "4"}},
       FrontEnd::http,
       18,
       4,
       5,
       4,
       {kAnalyst, kNewGlonass, kAnalystHigh}},
      {{{"per_page", "1"}, {"page", "2"}}, FrontEnd::http, 18, 2, 1, 18, {kIss}},
      // The CLI returns every row unless told otherwise; --limit cuts from the first.
      {{}, FrontEnd::cli, 18, 1, 18, 1, kShown},
      {{{"limit", "3"}}, FrontEnd::cli, 18, 1, 3, 1, {kGps, kIss, kGlonass}},
      {{{"limit", "100"}}, FrontEnd::cli, 18, 1, 18, 1, kShown},
      {{{"page", "2"}, {"per_page", "5"}},
       FrontEnd::cli,
       18,
       2,
       5,
       4,
       {kGalileo, kGoes, kOneweb, kStarlink, kCss}},
      {{{"page", "2"}, {"per_page", "5"}, {"limit", "2"}},
       FrontEnd::cli,
       18,
       2,
       5,
       4,
       {kGalileo, kGoes}},
  };
  for (const auto& row : rows) {
    const std::string name = text_of(row.params) + (row.end == FrontEnd::cli ? "(cli)" : "(http)");
    const auto bound = bind_gp_search(row.params, row.end);
    Ids ids;
    const PageInfo info = core_->search(bound.query, bound.paging,
                                        [&](const ElementSet& s) { ids.push_back(s.norad_id); });
    EXPECT_EQ(ids, row.expected) << name;
    EXPECT_EQ(info.total, row.total) << name;
    EXPECT_EQ(info.page, row.page) << name;
    EXPECT_EQ(info.per_page, row.per_page) << name;
    EXPECT_EQ(info.total_pages, row.total_pages) << name;
  }
  // Nothing at all is not found, whichever page is asked and through either front end.
  for (const auto& [params, end] :
       {std::pair{Params{{"search", "nothing"}}, FrontEnd::http},
        std::pair{Params{{"search", "nothing"}, {"page", "2"}}, FrontEnd::http},
        std::pair{Params{{"search", "nothing"}}, FrontEnd::cli}}) {
    const auto bound = bind_gp_search(params, end);
    EXPECT_GPQ_ERROR(core_->search(bound.query, bound.paging, [](const ElementSet&) {}),
                     Errc::not_found, "no element sets match the query");
  }
}

}  // namespace
}  // namespace gpq::test
