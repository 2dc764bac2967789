#include "gpq/element_set.h"

#include <cmath>

#include <fmt/core.h>
#include <gtest/gtest.h>

namespace gpq {
namespace {

std::string three(double value) {
  return fmt::format("{:.3f}", value);
}

TEST(DeriveTest, ReproducesSpaceTrackPublishedValues) {
  struct Row {
    const char* name;
    double n, e;
    const char *a, *period, *apogee, *perigee;
  };
  const Row rows[] = {
      {"VANGUARD 1", 10.85017843, 0.18464490, "8618.743", "132.717", "3832.015", "649.201"},
      {"LUCH 5A", 1.00271734, 0.00030890, "42164.746", "1436.098", "35799.636", "35773.587"},
      {"ISS T1", 15.49334650, 0.0007520, "6796.808", "92.943", "423.784", "413.562"},
      {"MOLNIYA T3", 2.01269994, 0.7421690, "26498.166", "715.457", "39786.149", "453.914"},
  };
  for (const Row& row : rows) {
    const DerivedFields d = derive(row.n, row.e);
    EXPECT_EQ(three(d.semi_major_axis_km), row.a) << row.name;
    EXPECT_EQ(three(d.period_minutes), row.period) << row.name;
    EXPECT_EQ(three(d.apogee_km), row.apogee) << row.name;
    EXPECT_EQ(three(d.perigee_km), row.perigee) << row.name;
  }
}

TEST(OrbitRegimeTest, BoundariesFollowTheDecisions) {
  struct Row {
    double n, e;
    OrbitRegime expected;
  };
  const Row rows[] = {
      {15.5, 0.0005, OrbitRegime::leo}, {11.25, 0.0, OrbitRegime::leo},
      {11.2499, 0.0, OrbitRegime::meo}, {2.0, 0.01, OrbitRegime::meo},
      {2.0, 0.25, OrbitRegime::heo},    {2.0, 0.2499, OrbitRegime::meo},
      {15.0, 0.25, OrbitRegime::heo},   {1.0, 0.0, OrbitRegime::geo},
      {0.99, 0.0099, OrbitRegime::geo}, {1.01, 0.0, OrbitRegime::geo},
      {1.0101, 0.0, OrbitRegime::meo},  {0.9899, 0.0, OrbitRegime::meo},
      {1.0, 0.01, OrbitRegime::meo},    {1.0, 0.3, OrbitRegime::heo},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(orbit_regime(row.n, row.e), row.expected) << row.n << " " << row.e;
  }
  EXPECT_EQ(parse_orbit_regime("leo"), OrbitRegime::leo);
  EXPECT_EQ(parse_orbit_regime("XEO"), std::nullopt);
  EXPECT_EQ(to_string(OrbitRegime::heo), "HEO");
}

TEST(DataSourceTest, AcceptsNamesAndAliases) {
  EXPECT_EQ(parse_data_source("source_a"), DataSource::spacetrack);
  EXPECT_EQ(parse_data_source("CelesTrak"), DataSource::celestrak);
  EXPECT_EQ(parse_data_source("all"), std::nullopt);
  EXPECT_EQ(to_string(DataSource::spacetrack), "spacetrack");
}

}  // namespace
}  // namespace gpq
