// The archive as known at an instant: a mirror fed three imports, each published a day after
// the last, answers as of each day what it answered that day.
#include "gpq/as_of.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"

#include "storage/sqlite_store.h"
#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

constexpr std::int64_t kHour = 3'600'000'000;
constexpr std::int64_t kDay = 24 * kHour;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

class AsOfTest : public StorageTest {
 protected:
  // Epochs e1 < e2 < e3 < e4, each set published some hours after its epoch; day 2
  // re-publishes e2 with other values, day 3 brings a predicted set whose epoch is ahead.
  static constexpr std::int64_t kE1 = kEpoch2024;
  static constexpr std::int64_t kE2 = kEpoch2024 + 12 * kHour;
  static constexpr std::int64_t kE3 = kEpoch2024 + 30 * kHour;
  static constexpr std::int64_t kE4 = kEpoch2024 + 50 * kHour;
  static constexpr std::int64_t kPredicted = kEpoch2024 + 7 * kDay;
  static constexpr std::int64_t kDay1 = kEpoch2024 + kDay;
  static constexpr std::int64_t kDay2 = kEpoch2024 + 2 * kDay;
  static constexpr std::int64_t kDay3 = kEpoch2024 + 3 * kDay;

  AsOfTest() {
    import({make_set(25544, kE1), make_set(25544, kE2)}, kDay1);
    ElementSet republished = make_set(25544, kE2);
    republished.mean_anomaly = 10.0;
    import({republished, make_set(25544, kE3)}, kDay2);
    // Day 3 names the object anew.
    ElementSet renamed = make_set(25544, kE4);
    renamed.object_name = "ISS";
    ElementSet predicted = make_set(25544, kPredicted);
    predicted.object_name = "ISS";
    import({renamed, predicted}, kDay3);
    store_ = SqliteStore::open(path_);
  }

  void import(const std::vector<ElementSet>& sets, std::int64_t published) {
    const std::int64_t run = runs_.start_run("file", at(published + kDay), at(published));
    writer_.write_batch(sets, {}, run);
  }

  // One more import of sets and SATCAT records, published at `published`; its run ends well.
  void publish(const std::vector<ElementSet>& sets, const std::vector<CatalogRecord>& records,
               std::int64_t published) {
    const std::int64_t run = runs_.start_run("file", at(published + kDay), at(published));
    writer_.write_batch(sets, records, run);
    runs_.finish_run(run, RunOutcome::ok, {});
  }

  std::vector<ElementSet> history_as_of(std::int64_t as_of) const {
    const AsOfStore view(*store_, at(as_of));
    std::vector<ElementSet> sets;
    view.history(25544, at(0), at(kEpoch2024 * 2), SourceFilter::all, Window{},
                 [&](const ElementSet& set) { sets.push_back(set); });
    return sets;
  }

  std::unique_ptr<SqliteStore> store_;
};

std::vector<std::int64_t> epochs_of(const std::vector<ElementSet>& sets) {
  std::vector<std::int64_t> epochs;
  for (const ElementSet& set : sets) {
    epochs.push_back(set.epoch.unix_micros());
  }
  return epochs;
}

TEST_F(AsOfTest, HistoryHoldsWhatWasPublishedByThen) {
  EXPECT_TRUE(history_as_of(kDay1 - 1).empty()) << "before the first import";
  EXPECT_EQ(epochs_of(history_as_of(kDay1)), (std::vector{kE1, kE2}));
  EXPECT_EQ(epochs_of(history_as_of(kDay2)), (std::vector{kE1, kE2, kE3}));
  EXPECT_EQ(epochs_of(history_as_of(kDay3)), (std::vector{kE1, kE2, kE3, kE4, kPredicted}));
}

TEST_F(AsOfTest, ARepublishedSetAnswersInTheVersionThenCurrent) {
  EXPECT_EQ(history_as_of(kDay1).at(1).mean_anomaly, 314.2533);
  EXPECT_EQ(history_as_of(kDay1).at(1).published_at, at(kDay1));
  EXPECT_EQ(history_as_of(kDay2).at(1).mean_anomaly, 10.0);
  EXPECT_EQ(history_as_of(kDay2 - 1).at(1).mean_anomaly, 314.2533);
}

TEST_F(AsOfTest, LatestNearestAndNeighboursAsOfEachDay) {
  const AsOfStore day1(*store_, at(kDay1));
  EXPECT_EQ(day1.latest(25544, SourceFilter::all)->epoch, at(kE2));
  EXPECT_EQ(day1.latest(25544, SourceFilter::all)->mean_anomaly, 314.2533);
  EXPECT_EQ(day1.at_or_before(25544, at(kE4), SourceFilter::all)->epoch, at(kE2));
  EXPECT_EQ(day1.after(25544, at(kE1), SourceFilter::all)->epoch, at(kE2));
  EXPECT_FALSE(day1.after(25544, at(kE2), SourceFilter::all).has_value());

  const AsOfStore day2(*store_, at(kDay2));
  EXPECT_EQ(day2.latest(25544, SourceFilter::all)->epoch, at(kE3));
  EXPECT_EQ(day2.at_or_before(25544, at(kE2), SourceFilter::all)->mean_anomaly, 10.0);

  const AsOfStore day3(*store_, at(kDay3));
  EXPECT_EQ(day3.latest(25544, SourceFilter::all)->epoch, at(kPredicted))
      << "a set published by then, its epoch ahead";
  EXPECT_EQ(day3.latest(25544, SourceFilter::all)->epoch,
            store_->latest(25544, SourceFilter::all)->epoch);

  const AsOfStore before(*store_, at(kDay1 - 1));
  EXPECT_FALSE(before.latest(25544, SourceFilter::all).has_value());
  EXPECT_FALSE(before.after(25544, at(0), SourceFilter::all).has_value());
}

TEST_F(AsOfTest, AnObjectIsNamedAsItWasThen) {
  EXPECT_EQ(history_as_of(kDay2).at(0).object_name, "ISS (ZARYA)");
  EXPECT_EQ(AsOfStore(*store_, at(kDay2)).latest(25544, SourceFilter::all)->object_name,
            "ISS (ZARYA)");
  EXPECT_EQ(history_as_of(kDay3).at(0).object_name, "ISS");
  EXPECT_EQ(store_->latest(25544, SourceFilter::all)->object_name, "ISS");
}

TEST_F(AsOfTest, StatsCountOnlyWhatWasKnown) {
  const SetStats stats = AsOfStore(*store_, at(kDay2))
                             .history_stats(25544, at(0), at(kEpoch2024 * 2), SourceFilter::all);
  EXPECT_EQ(stats.count, 3);
  EXPECT_EQ(stats.earliest, at(kE1));
  EXPECT_EQ(stats.latest, at(kE3));
  EXPECT_EQ(stats.distinct_years, 1);
}

TEST_F(AsOfTest, TheCoreAsOfAnInstantReadsItsClockThere) {
  const AsOfCore then(*store_, at(kDay1));
  EXPECT_EQ(then.core().now(), at(kDay1));
  EXPECT_EQ(then.core().latest(25544).epoch, at(kE2));
  const RangeInfo range = then.core().range(25544);
  EXPECT_EQ(range.total_elsets, 2);
  EXPECT_EQ(range.latest_epoch, at(kE2));
  // History's default end is the instant, not today.
  HistoryQuery query;
  query.norad_id = 25544;
  Paging paging;
  paging.all = true;
  std::vector<ElementSet> sets;
  then.core().history(
      query, paging, [&](const ElementSet& set) { sets.push_back(set); }, nullptr);
  EXPECT_EQ(epochs_of(sets), (std::vector{kE1, kE2}));
}

TEST_F(AsOfTest, VersionsOfSetsWithCreationDatesArePublishedAtThem) {
  ElementSet first = make_set(5, kE1, DataSource::spacetrack);
  first.creation_date = at(kE1 + kHour);
  ElementSet refit = first;
  refit.creation_date = at(kE1 + 5 * kHour);
  refit.bstar = 0.2e-3;
  import({first, refit}, kDay3);
  const auto store = SqliteStore::open(path_);
  EXPECT_EQ(AsOfStore(*store, at(kE1 + 2 * kHour)).latest(5, SourceFilter::all)->bstar,
            first.bstar);
  EXPECT_EQ(AsOfStore(*store, at(kE1 + 5 * kHour)).latest(5, SourceFilter::all)->bstar, 0.2e-3);
  EXPECT_FALSE(AsOfStore(*store, at(kE1)).latest(5, SourceFilter::all).has_value());
}

TEST_F(AsOfTest, TheCatalogRecordIsTheOneThenCurrent) {
  CatalogRecord record;
  record.norad_id = 40000;
  record.object_name = "DEBRIS";
  record.object_type = ObjectType::debris;
  publish({}, {record}, kDay1);
  record.decay_date = at(kDay2);
  publish({}, {record}, kDay3);
  const auto store = SqliteStore::open(path_);
  EXPECT_FALSE(AsOfStore(*store, at(kDay1 - 1)).catalog_record(40000).has_value());
  EXPECT_FALSE(AsOfStore(*store, at(kDay2)).catalog_record(40000)->decay_date.has_value());
  EXPECT_EQ(AsOfStore(*store, at(kDay3)).catalog_record(40000)->decay_date, at(kDay2));
  EXPECT_EQ(store->catalog_record(40000)->decay_date, at(kDay2));
  // The catalog search reads the records then: in orbit until the record saying otherwise.
  const auto in_orbit = [&](std::int64_t as_of) {
    CatalogFilter filter;
    filter.active_only = true;
    filter.as_of = at(as_of);
    return AsOfStore(*store, at(as_of)).count_catalog(filter);
  };
  EXPECT_EQ(in_orbit(kDay1 - 1), 0) << "not yet recorded";
  EXPECT_EQ(in_orbit(kDay3 - 1), 1);
  EXPECT_EQ(in_orbit(kDay3), 0);
}

// The snapshot at e2 as of each day: 25544 in its version then; 40000, which a record
// published on day 3 says decayed two days before, a member until then; 50000, first known
// on day 2.
TEST_F(AsOfTest, TheSnapshotIsTheCatalogAsThenKnown) {
  CatalogRecord debris;
  debris.norad_id = 40000;
  debris.object_name = "DEBRIS";
  debris.object_type = ObjectType::debris;
  publish({make_set(40000, kE1)}, {debris}, kDay1);
  publish({make_set(50000, kE3)}, {}, kDay2);
  debris.decay_date = at(kE1 - 2 * kDay);  // a date: decayed from the day after it
  publish({}, {debris}, kDay3);
  const auto store = SqliteStore::open(path_);

  struct Member {
    std::int32_t norad_id;
    std::int64_t epoch;
    double mean_anomaly;
    bool operator==(const Member&) const = default;
  };
  const auto members = [&](std::int64_t as_of, std::optional<ObjectType> type = std::nullopt) {
    const AsOfStore view(*store, at(as_of));
    SnapshotQuery query;
    query.epoch = at(kE2);
    query.object_type = type;
    std::vector<Member> found;
    view.snapshot(query, Window{}, [&](const ElementSet& set) {
      found.push_back({set.norad_id, set.epoch.unix_micros(), set.mean_anomaly});
    });
    EXPECT_EQ(view.count_snapshot(query), static_cast<std::int64_t>(found.size()));
    return found;
  };
  const double first = make_set(25544, kE2).mean_anomaly;
  EXPECT_EQ(members(kDay1), (std::vector<Member>{{25544, kE2, first}, {40000, kE1, first}}));
  EXPECT_EQ(members(kDay2),
            (std::vector<Member>{{25544, kE2, 10.0}, {40000, kE1, first}, {50000, kE3, first}}));
  EXPECT_EQ(members(kDay3), (std::vector<Member>{{25544, kE2, 10.0}, {50000, kE3, first}}));
  // The record then said debris, not decayed; today's index no longer lists it by type.
  EXPECT_EQ(members(kDay2, ObjectType::debris), (std::vector<Member>{{40000, kE1, first}}));
  EXPECT_TRUE(members(kDay3, ObjectType::debris).empty());
  // Before anything was published, nothing.
  EXPECT_TRUE(members(kDay1 - 1).empty());
}

// A SATCAT record first published after the instant: as of then the object had none, so it is
// in the snapshot and the search (nothing says it decayed) but has no object type, and the
// catalog search does not find it.
TEST_F(AsOfTest, ARecordFirstPublishedLaterIsNoneThen) {
  CatalogRecord late;
  late.norad_id = 60000;
  late.object_name = "LATE RECORD";
  late.object_type = ObjectType::payload;
  publish({make_set(60000, kE1)}, {}, kDay1);
  publish({}, {late}, kDay3);
  const auto store = SqliteStore::open(path_);
  const auto ids = [&](std::int64_t as_of, std::optional<ObjectType> type) {
    const AsOfStore view(*store, at(as_of));
    SnapshotQuery query;
    query.epoch = at(kE2);
    query.object_type = type;
    std::vector<std::int32_t> found;
    view.snapshot(query, Window{}, [&](const ElementSet& set) { found.push_back(set.norad_id); });
    GpFilter filter;
    filter.object_type = type;
    filter.as_of = at(as_of);
    std::vector<std::int32_t> searched;
    view.current(filter, Window{},
                 [&](const ElementSet& set) { searched.push_back(set.norad_id); });
    EXPECT_EQ(found, searched);
    return found;
  };
  EXPECT_EQ(ids(kDay2, std::nullopt), (std::vector<std::int32_t>{25544, 60000}));
  EXPECT_TRUE(ids(kDay2, ObjectType::payload).empty()) << "no record then, no type";
  EXPECT_EQ(ids(kDay3, ObjectType::payload), (std::vector<std::int32_t>{60000}));
  CatalogFilter every;
  every.active_only = false;
  every.as_of = at(kDay2);
  EXPECT_EQ(AsOfStore(*store, at(kDay2)).count_catalog(every), 0);
  every.as_of = at(kDay3);
  EXPECT_EQ(AsOfStore(*store, at(kDay3)).count_catalog(every), 1);
}

// The search of current sets as of each day: the object's newest set then, in its version
// then, found by its name then.
TEST_F(AsOfTest, TheSearchIsEachObjectsNewestSetThen) {
  const auto search = [&](std::int64_t as_of, std::optional<std::string> name = std::nullopt) {
    const AsOfStore view(*store_, at(as_of));
    GpFilter filter;
    filter.search = std::move(name);
    filter.as_of = at(as_of);
    std::vector<ElementSet> found;
    view.current(filter, Window{}, [&](const ElementSet& set) { found.push_back(set); });
    EXPECT_EQ(view.count_current(filter), static_cast<std::int64_t>(found.size()));
    return found;
  };
  EXPECT_TRUE(search(kDay1 - 1).empty());
  EXPECT_EQ(epochs_of(search(kDay1)), (std::vector{kE2}));
  EXPECT_EQ(search(kDay1)[0].mean_anomaly, make_set(25544, kE2).mean_anomaly);
  EXPECT_EQ(epochs_of(search(kDay2)), (std::vector{kE3}));
  EXPECT_EQ(epochs_of(search(kDay3)), (std::vector{kPredicted}));
  EXPECT_EQ(search(kDay3)[0].object_name, "ISS");
  // By name: ZARYA until day 3 named it anew.
  EXPECT_EQ(epochs_of(search(kDay2, "zarya")), (std::vector{kE3}));
  EXPECT_TRUE(search(kDay3, "zarya").empty());
}

// The coverage at e2 as of each day: the records then (40000 decayed only by day 3's record,
// 50000 first recorded on day 2) and the sets then (25544's e3 came on day 2), with the sync
// that had collected them.
TEST_F(AsOfTest, TheCoverageIsTheCatalogAndTheSetsAsThenKnown) {
  CatalogRecord iss;
  iss.norad_id = 25544;
  iss.object_name = "ISS (ZARYA)";
  iss.object_type = ObjectType::payload;
  CatalogRecord debris = iss;
  debris.norad_id = 40000;
  debris.object_type = ObjectType::debris;
  CatalogRecord late = iss;
  late.norad_id = 50000;
  publish({make_set(40000, kE1)}, {iss, debris}, kDay1);
  publish({make_set(50000, kE3)}, {late}, kDay2);
  debris.decay_date = at(kE1 - 2 * kDay);
  publish({}, {debris}, kDay3);
  const auto store = SqliteStore::open(path_);

  const auto coverage = [&](std::int64_t as_of, std::int64_t instant) {
    const AsOfCore then(*store, at(as_of));
    return then.core().coverage(at(instant));
  };
  const Coverage day1 = coverage(kDay1, kE2);
  EXPECT_EQ(day1.instant, at(kE2));
  EXPECT_EQ(day1.on_orbit, 2);
  EXPECT_EQ(day1.within_1_day, 2) << "25544 at e2, 40000 12 hours before";
  ASSERT_EQ(day1.last_syncs.size(), 1U);
  EXPECT_EQ(day1.last_syncs[0].source, "file");
  EXPECT_EQ(day1.last_syncs[0].collected_at, at(kDay1));
  const Coverage day2 = coverage(kDay2, kE2);
  EXPECT_EQ(day2.on_orbit, 3);
  EXPECT_EQ(day2.within_1_day, 3) << "50000's first set, 18 hours after";
  EXPECT_EQ(day2.last_syncs[0].collected_at, at(kDay2));
  const Coverage day3 = coverage(kDay3, kE2);
  EXPECT_EQ(day3.on_orbit, 2) << "the record of day 3 says 40000 decayed before e2";
  EXPECT_EQ(day3.within_1_day, 2);
  // Ten days after e2 as of day 2: 25544's newest set then is e3 (e4 came on day 3), 50000's
  // too; nothing within 3 days.
  const Coverage later = coverage(kDay2, kE2 + 10 * kDay);
  EXPECT_EQ(later.on_orbit, 3);
  EXPECT_EQ(later.within_3_days, 0);
  EXPECT_EQ(later.within_30_days, 3);
  // Before anything was published: no record, no sync.
  const Coverage before = coverage(kDay1 - 1, kE2);
  EXPECT_EQ(before.on_orbit, 0);
  EXPECT_TRUE(before.last_syncs.empty());
  // Today's coverage at e2 agrees with day 3's: nothing published since changed it.
  const Coverage today = store->coverage(at(kE2));
  EXPECT_EQ(today.on_orbit, day3.on_orbit);
  EXPECT_EQ(today.within_1_day, day3.within_1_day);
}

TEST_F(AsOfTest, TheStatusIsNotAnsweredAsOf) {
  const AsOfStore view(*store_, at(kDay1));
  EXPECT_THROW(view.mirror_stats(), Error);
}

}  // namespace
}  // namespace gpq::storage::test
