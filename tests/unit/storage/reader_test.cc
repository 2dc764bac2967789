#include "storage/reader.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

using ReaderTest = StorageTest;

TimePoint at(std::int64_t micros) {
  return TimePoint::from_unix_micros(micros);
}

std::uint64_t bits(double x) {
  return std::bit_cast<std::uint64_t>(x);
}

void expect_same_set(const ElementSet& read, const ElementSet& written, TimePoint collected,
                     const char* row) {
  EXPECT_EQ(read.norad_id, written.norad_id) << row;
  EXPECT_EQ(read.object_name, written.object_name) << row;
  EXPECT_EQ(read.object_id, written.object_id) << row;
  EXPECT_EQ(read.epoch, written.epoch) << row;
  const std::pair<double, double> numbers[] = {
      {read.mean_motion, written.mean_motion},
      {read.eccentricity, written.eccentricity},
      {read.inclination, written.inclination},
      {read.ra_of_asc_node, written.ra_of_asc_node},
      {read.arg_of_pericenter, written.arg_of_pericenter},
      {read.mean_anomaly, written.mean_anomaly},
      {read.bstar, written.bstar},
      {read.mean_motion_dot, written.mean_motion_dot},
      {read.mean_motion_ddot, written.mean_motion_ddot},
  };
  for (const auto& [got, expected] : numbers) {
    EXPECT_EQ(bits(got), bits(expected)) << row << ": " << got << " vs " << expected;
  }
  EXPECT_EQ(read.rev_at_epoch, written.rev_at_epoch) << row;
  EXPECT_EQ(read.classification_type, written.classification_type) << row;
  EXPECT_EQ(read.element_set_no, written.element_set_no) << row;
  EXPECT_EQ(read.ephemeris_type, written.ephemeris_type) << row;
  EXPECT_EQ(read.source, written.source) << row;
  EXPECT_EQ(read.creation_date, written.creation_date) << row;
  EXPECT_EQ(read.collected_at, collected) << row;
}

TEST_F(ReaderTest, WhatIsWrittenIsReadBackFieldByField) {
  std::vector<ElementSet> sets;
  sets.push_back(make_set(25544, kEpoch2024));  // the common case: compact codes
  ElementSet unusual = make_set(25544, kEpoch2024 + kMicrosPerHour, DataSource::spacetrack);
  unusual.object_name = "ISS (ZARYA)";
  unusual.mean_motion = 15.123456789012;  // too many digits for a code: stored as a double
  unusual.eccentricity = 0.7;
  unusual.inclination = 0;
  unusual.ra_of_asc_node = 1.0 / 3.0;
  unusual.mean_anomaly = -0.0;
  unusual.bstar = -0.11606e-4;
  unusual.mean_motion_dot = -0.00000123;
  unusual.mean_motion_ddot = 0.12345e-9;
  unusual.rev_at_epoch = 0;
  unusual.classification_type = 'C';
  unusual.element_set_no = 5;
  unusual.ephemeris_type = 2;
  unusual.creation_date = at(kEpoch2024 + 7);
  sets.push_back(unusual);
  ElementSet edge = make_set(99999, -kMicrosPerHour * 24 * 365 * 10);  // 1960: before 1970
  edge.object_id.clear();
  edge.arg_of_pericenter = std::numeric_limits<double>::quiet_NaN();
  edge.element_set_no = 0;
  sets.push_back(edge);
  write(sets);

  const std::vector<ElementSet> iss = history(25544);
  ASSERT_EQ(iss.size(), 2U);
  expect_same_set(iss[0], sets[0], at(kRunStart), "common");
  expect_same_set(iss[1], sets[1], at(kRunStart), "unusual");
  const std::vector<ElementSet> old = history(99999, SourceFilter::all, {});
  ASSERT_EQ(old.size(), 0U) << "the history window above starts in 1970";
  auto edge_read = reader().set_at_or_before(99999, at(0), SourceFilter::all);
  ASSERT_TRUE(edge_read.has_value());
  EXPECT_TRUE(std::isnan(edge_read->arg_of_pericenter));
  edge_read->arg_of_pericenter = 0;
  ElementSet expected = edge;
  expected.arg_of_pericenter = 0;
  expect_same_set(*edge_read, expected, at(kRunStart), "edge");
}

TEST_F(ReaderTest, HistoryWindowsAscendAndPage) {
  std::vector<ElementSet> sets;
  for (int hour = 9; hour >= 0; --hour) {  // written out of order
    sets.push_back(make_set(7, kEpoch2024 + hour * kMicrosPerHour));
  }
  write(sets);
  const auto epochs = [&](Window window, std::int64_t from_hour, std::int64_t to_hour) {
    std::vector<std::int64_t> hours;
    reader().history(7, at(kEpoch2024 + from_hour * kMicrosPerHour),
                     at(kEpoch2024 + to_hour * kMicrosPerHour), SourceFilter::all, window,
                     [&](const ElementSet& set) {
                       hours.push_back((set.epoch.unix_micros() - kEpoch2024) / kMicrosPerHour);
                     });
    return hours;
  };
  EXPECT_EQ(epochs({}, 0, 9), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(epochs({}, 2, 4), (std::vector<std::int64_t>{2, 3, 4})) << "bounds are inclusive";
  EXPECT_EQ(epochs({3, 2}, 0, 9), (std::vector<std::int64_t>{3, 4})) << "offset 3, limit 2";
  EXPECT_EQ(epochs({8, -1}, 0, 9), (std::vector<std::int64_t>{8, 9})) << "no limit";
  EXPECT_EQ(reader().count_history(7, at(kEpoch2024 + 2 * kMicrosPerHour),
                                   at(kEpoch2024 + 4 * kMicrosPerHour), SourceFilter::all),
            3);
}

TEST_F(ReaderTest, SpaceTrackWinsATieToTheMillisecondWhenMerging) {
  const std::int64_t t = kEpoch2024 + 5'000;
  write({
      make_set(9, t - 400, DataSource::celestrak),     // same millisecond as the next: hidden
      make_set(9, t + 300, DataSource::spacetrack),    // prints as ...00.005Z like the above
      make_set(9, t + 1'000, DataSource::celestrak),   // the next millisecond: kept
      make_set(9, t + 50'000, DataSource::celestrak),  // no Space-Track set near: kept
  });
  struct Case {
    SourceFilter source;
    std::vector<std::int64_t> offsets;
    const char* name;
  };
  const Case cases[] = {
      {SourceFilter::all, {300, 1'000, 50'000}, "all"},
      {SourceFilter::celestrak, {-400, 1'000, 50'000}, "celestrak"},
      {SourceFilter::spacetrack, {300}, "spacetrack"},
  };
  for (const Case& c : cases) {
    std::vector<std::int64_t> offsets;
    for (const ElementSet& set : history(9, c.source)) {
      offsets.push_back(set.epoch.unix_micros() - t);
    }
    EXPECT_EQ(offsets, c.offsets) << c.name;
    EXPECT_EQ(reader().count_history(9, at(0), at(t * 2), c.source),
              static_cast<std::int64_t>(c.offsets.size()))
        << c.name;
  }
  // Neighbours read the merged view too.
  const auto before = reader().set_at_or_before(9, at(t + 999), SourceFilter::all);
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->source, DataSource::spacetrack);
  const auto hidden = reader().set_at_or_before(9, at(t), SourceFilter::all);
  EXPECT_FALSE(hidden.has_value()) << "the only earlier set is hidden by the Space-Track one";
  EXPECT_EQ(reader().set_at_or_before(9, at(t), SourceFilter::celestrak)->epoch, at(t - 400));
  EXPECT_EQ(reader().set_after(9, at(t - 1'000), SourceFilter::all)->epoch, at(t + 300));
  EXPECT_EQ(reader().set_after(9, at(t + 300), SourceFilter::all)->epoch, at(t + 1'000));
  EXPECT_FALSE(reader().set_after(9, at(t + 50'000), SourceFilter::all).has_value());
}

// A window edge between two sets of one printed millisecond: the Space-Track set outside the
// window is not returned, so the CelesTrak set inside it answers, on either edge.
TEST_F(ReaderTest, ATwinInsideTheWindowAnswersWhenTheSpaceTrackOneIsOutside) {
  const std::int64_t t = kEpoch2024 + 5'000;
  write({
      make_set(11, t - 400, DataSource::celestrak),   // prints as ...00.005Z
      make_set(11, t + 300, DataSource::spacetrack),  // the same millisecond
  });
  struct Case {
    std::int64_t from;
    std::int64_t to;
    std::vector<std::int64_t> offsets;
    const char* name;
  };
  const Case cases[] = {
      {-1'000, 0, {-400}, "Space-Track set after the end"},
      {0, 1'000, {300}, "CelesTrak set before the start"},
      {-1'000, 1'000, {300}, "both inside: Space-Track"},
      {-400, 299, {-400}, "to the microsecond"},
  };
  for (const Case& c : cases) {
    std::vector<std::int64_t> offsets;
    reader().history(
        11, at(t + c.from), at(t + c.to), SourceFilter::all, {},
        [&](const ElementSet& set) { offsets.push_back(set.epoch.unix_micros() - t); });
    EXPECT_EQ(offsets, c.offsets) << c.name;
    EXPECT_EQ(reader().count_history(11, at(t + c.from), at(t + c.to), SourceFilter::all),
              static_cast<std::int64_t>(c.offsets.size()))
        << c.name;
    EXPECT_EQ(reader().history_stats(11, at(t + c.from), at(t + c.to), SourceFilter::all).count,
              static_cast<std::int64_t>(c.offsets.size()))
        << c.name;
  }
  // Mirrored: the Space-Track set first, the CelesTrak one after it.
  write({make_set(12, t - 300, DataSource::spacetrack),
         make_set(12, t + 400, DataSource::celestrak)});
  std::vector<std::int64_t> offsets;
  reader().history(12, at(t), at(t + 1'000), SourceFilter::all, {},
                   [&](const ElementSet& set) { offsets.push_back(set.epoch.unix_micros() - t); });
  EXPECT_EQ(offsets, std::vector<std::int64_t>{400}) << "Space-Track set before the start";
}

TEST_F(ReaderTest, LatestPrefersSpaceTrackOnTheSameMillisecond) {
  write({make_set(3, kEpoch2024 + 200, DataSource::celestrak),
         make_set(3, kEpoch2024 + 100, DataSource::spacetrack)});
  EXPECT_EQ(reader().latest_set(3, SourceFilter::all)->source, DataSource::spacetrack);
  write({make_set(3, kEpoch2024 + 1'000, DataSource::celestrak)});
  EXPECT_EQ(reader().latest_set(3, SourceFilter::all)->source, DataSource::celestrak);
}

TEST_F(ReaderTest, StatsCountDistinctCalendarYears) {
  const std::int64_t day = 24 * kMicrosPerHour;
  const std::int64_t end_of_2023 = kEpoch2024 - 1;
  write({make_set(4, end_of_2023 - 400 * day), make_set(4, end_of_2023), make_set(4, kEpoch2024),
         make_set(4, kEpoch2024 + 30 * day)});
  const SetStats stats = reader().history_stats(4, at(0), at(kEpoch2024 * 2), SourceFilter::all);
  EXPECT_EQ(stats.count, 4);
  EXPECT_EQ(stats.earliest, at(end_of_2023 - 400 * day));
  EXPECT_EQ(stats.latest, at(kEpoch2024 + 30 * day));
  EXPECT_EQ(stats.distinct_years, 3) << "2022, 2023, 2024";
  const SetStats none = reader().history_stats(5, at(0), at(kEpoch2024), SourceFilter::all);
  EXPECT_EQ(none.count, 0);
  EXPECT_FALSE(none.earliest.has_value());
}

TEST_F(ReaderTest, EveryObjectsLatestSetInNoradOrder) {
  write({make_set(30, kEpoch2024), make_set(10, kEpoch2024 + 5, DataSource::spacetrack),
         make_set(10, kEpoch2024 + 2'000), make_set(20, kEpoch2024 + 1, DataSource::spacetrack),
         make_set(40, kEpoch2024 + 900, DataSource::celestrak),
         make_set(40, kEpoch2024 + 600, DataSource::spacetrack)});  // same millisecond
  using Seen = std::vector<std::pair<std::int32_t, DataSource>>;
  Seen seen;
  reader().for_each_latest(SourceFilter::all, [&](const ElementSet& set) {
    seen.emplace_back(set.norad_id, set.source);
    EXPECT_EQ(set.object_name, "ISS (ZARYA)") << set.norad_id;
    EXPECT_EQ(set.collected_at, at(kRunStart)) << set.norad_id;
  });
  EXPECT_EQ(seen, (Seen{{10, DataSource::celestrak},
                        {20, DataSource::spacetrack},
                        {30, DataSource::celestrak},
                        {40, DataSource::spacetrack}}));
  seen.clear();
  reader().for_each_latest(SourceFilter::spacetrack, [&](const ElementSet& set) {
    seen.emplace_back(set.norad_id, set.source);
  });
  EXPECT_EQ(seen, (Seen{{10, DataSource::spacetrack},
                        {20, DataSource::spacetrack},
                        {40, DataSource::spacetrack}}));
}

TEST_F(ReaderTest, CatalogRecordsRoundTrip) {
  CatalogRecord full;
  full.norad_id = 25544;
  full.object_name = "ISS (ZARYA)";
  full.object_id = "1998-067A";
  full.object_type = ObjectType::payload;
  full.ops_status_code = "+";
  full.owner = "ISS";
  full.launch_date = at(911'606'400'000'000);
  full.launch_site = "TYMSC";
  full.period_minutes = 92.9;
  full.inclination_deg = 51.64;
  full.apogee_km = 422;
  full.perigee_km = 417;
  CatalogRecord sparse;
  sparse.norad_id = 900;
  sparse.object_type = ObjectType::rocket_body;
  sparse.decay_date = at(0);
  write({}, {full, sparse});

  const auto read = reader().catalog_record(25544);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->object_name, full.object_name);
  EXPECT_EQ(read->object_id, full.object_id);
  EXPECT_EQ(read->object_type, full.object_type);
  EXPECT_EQ(read->ops_status_code, full.ops_status_code);
  EXPECT_EQ(read->owner, full.owner);
  EXPECT_EQ(read->launch_date, full.launch_date);
  EXPECT_EQ(read->launch_site, full.launch_site);
  EXPECT_EQ(read->decay_date, full.decay_date);
  EXPECT_EQ(read->period_minutes, full.period_minutes);
  EXPECT_EQ(read->inclination_deg, full.inclination_deg);
  EXPECT_EQ(read->apogee_km, full.apogee_km);
  EXPECT_EQ(read->perigee_km, full.perigee_km);
  EXPECT_FALSE(reader().catalog_record(1).has_value());

  std::vector<CatalogRecord> all;
  reader().for_each_catalog([&](const CatalogRecord& record) { all.push_back(record); });
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0].norad_id, 900);
  EXPECT_EQ(all[0].object_type, ObjectType::rocket_body);
  EXPECT_EQ(all[0].decay_date, at(0));
  EXPECT_FALSE(all[0].launch_date.has_value());
  EXPECT_FALSE(all[0].period_minutes.has_value());
}

TEST_F(ReaderTest, TotalsCountSetsAndObjects) {
  write({make_set(1, kEpoch2024), make_set(1, kEpoch2024 + 1), make_set(2, kEpoch2024)});
  write({make_set(1, kEpoch2024)});  // unchanged: not counted again
  EXPECT_EQ(reader().total_sets(), 3);
  EXPECT_EQ(reader().total_objects(), 2);
}

TEST_F(ReaderTest, CollectedAtIsTheStartOfTheRunThatLastWroteTheSet) {
  write({make_set(1, kEpoch2024), make_set(2, kEpoch2024)});
  const std::int64_t later = runs_.start_run("celestrak", at(kRunStart + 1'000'000));
  ElementSet changed = make_set(2, kEpoch2024);
  changed.bstar = 0.0001;
  writer_.write_batch(std::vector{make_set(1, kEpoch2024), changed}, {}, later);
  EXPECT_EQ(reader().latest_set(1, SourceFilter::all)->collected_at, at(kRunStart))
      << "unchanged set keeps its first collection time";
  EXPECT_EQ(reader().latest_set(2, SourceFilter::all)->collected_at, at(kRunStart + 1'000'000))
      << "a replaced set was collected by the later run";
}

}  // namespace
}  // namespace gpq::storage::test
