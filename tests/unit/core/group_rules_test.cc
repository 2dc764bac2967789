// The group rules of docs/DECISIONS.md, one row per rule and per edge.
#include "core/group_rules.h"

#include <gtest/gtest.h>

namespace gpq {
namespace {

constexpr double kLeoMotion = 15.5;
constexpr double kGeoMotion = 1.0027;

struct Row {
  const char* group;
  const char* name_upper;
  std::int32_t norad_id;
  double mean_motion;
  bool expected;
};

const Row kRows[] = {
    {"stations", "ISS (ZARYA)", 25544, kLeoMotion, true},
    {"stations", "CSS (TIANHE)", 48274, kLeoMotion, true},
    {"stations", "CREW DRAGON 9", 60000, kLeoMotion, true},
    {"stations", "ISSUE 1", 60001, kLeoMotion, false},
    {"starlink", "STARLINK-1007", 44713, kLeoMotion, true},
    {"starlink", "OBJECT STARLINK", 44714, kLeoMotion, false},  // prefix only
    {"oneweb", "ONEWEB-0012", 44057, kLeoMotion, true},
    {"gps-ops", "GPS BIIR-2  (PRN 13)", 24876, 2.0, true},
    {"gps-ops", "NAVSTAR 43", 24876, 2.0, true},
    {"gps-ops", "GPSAT", 1, 2.0, false},
    {"glo-ops", "COSMOS 2425 (GLONASS)", 29672, 2.1, true},
    {"galileo", "GSAT0101 (GALILEO-PFM)", 37846, 1.7, true},
    {"beidou", "BEIDOU-3 M1", 43001, 1.9, true},
    {"weather", "NOAA 19", 33591, 14.1, true},
    {"weather", "GEO-KOMPSAT-2A", 43823, kGeoMotion, true},
    {"weather", "ISS (ZARYA)", 25544, kLeoMotion, false},
    {"geo", "INTELSAT 901", 26824, kGeoMotion, true},
    {"geo", "ISS (ZARYA)", 25544, kLeoMotion, false},
    {"analyst", "TBA", 80000, kLeoMotion, true},
    {"analyst", "TBA", 89999, kLeoMotion, true},
    {"analyst", "TBA", 90000, kLeoMotion, false},
    {"analyst", "TBA", 270000, kLeoMotion, true},
    {"no-such-group", "ISS (ZARYA)", 25544, kLeoMotion, false},
};

TEST(GroupRulesTest, NameOrbitAndIdRules) {
  const TimePoint now = TimePoint::from_unix_micros(1'700'000'000'000'000);
  for (const Row& row : kRows) {
    const GroupSubject subject{row.name_upper, row.norad_id, row.mean_motion, 0.0001, nullptr};
    EXPECT_EQ(in_group_by_rule(row.group, subject, now), row.expected)
        << row.group << " / " << row.name_upper << " / " << row.norad_id;
  }
}

TEST(GroupRulesTest, CatalogRules) {
  const TimePoint now = TimePoint::from_unix_micros(1'700'000'000'000'000);
  const TimePoint day_before = TimePoint::from_unix_micros(now.unix_micros() - kMicrosPerDay);
  const TimePoint long_ago = TimePoint::from_unix_micros(now.unix_micros() - 31 * kMicrosPerDay);
  CatalogRecord record;
  GroupSubject subject{"X", 1, kLeoMotion, 0.0001, nullptr};

  EXPECT_TRUE(in_group_by_rule("active", subject, now));  // no record: not known decayed
  EXPECT_FALSE(in_group_by_rule("last-30-days", subject, now));

  subject.catalog = &record;
  record.decay_date = day_before;
  EXPECT_FALSE(in_group_by_rule("active", subject, now));
  EXPECT_TRUE(decayed_before(&record, now));
  EXPECT_FALSE(decayed_before(&record, day_before));  // decayed that day, not before it

  record.launch_date = day_before;
  EXPECT_TRUE(in_group_by_rule("last-30-days", subject, now));
  record.launch_date = long_ago;
  EXPECT_FALSE(in_group_by_rule("last-30-days", subject, now));
}

}  // namespace
}  // namespace gpq
