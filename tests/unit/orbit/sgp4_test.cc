// Sgp4Propagator's contract beyond the verification ephemerides: the gravity models'
// constants, the deep-space threshold, elements the theory cannot take, and errors by name.
#include "orbit/sgp4.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "gpq/element_set.h"
#include "gpq/tle.h"

#include "orbit/gravity.h"

namespace gpq::orbit {
namespace {

// Spacetrack Report #3's first SGP4 test set (in SGP4-VER.TLE as 88888).
ElementSet str3_set() {
  ElementSet set;
  std::string error;
  EXPECT_TRUE(parse_tle("1 88888U          80275.98708465  .00073094  13844-3  66816-4 0    87",
                        "2 88888  72.8435 115.9689 0086731  52.6988 110.5714 16.05824518  1058",
                        set, error))
      << error;
  return set;
}

TEST(GravityConstantsTest, DerivesXkeFromMuAndRadiusExceptForTheOldSet) {
  const GravityConstants wgs72 = gravity_constants(GravityModel::wgs72);
  EXPECT_DOUBLE_EQ(wgs72.xke, 60.0 / std::sqrt(6378.135 * 6378.135 * 6378.135 / 398600.8));
  EXPECT_DOUBLE_EQ(wgs72.j3_over_j2, -0.00000253881 / 0.001082616);
  EXPECT_DOUBLE_EQ(gravity_constants(GravityModel::wgs72_old).xke, 0.0743669161);
  EXPECT_DOUBLE_EQ(gravity_constants(GravityModel::wgs84).radius_km, 6378.137);
  EXPECT_EQ(to_string(GravityModel::wgs72_old), "wgs72old");
}

TEST(Sgp4PropagatorTest, DeepSpaceFromAPeriodOf225Minutes) {
  ElementSet set = str3_set();
  EXPECT_FALSE(Sgp4Propagator(set).deep_space());
  set.mean_motion = 1440.0 / 226.0;  // Kozai; the Brouwer period differs by well under a minute
  EXPECT_TRUE(Sgp4Propagator(set).deep_space());
  set.mean_motion = 1440.0 / 224.0;
  EXPECT_FALSE(Sgp4Propagator(set).deep_space());
}

TEST(Sgp4PropagatorTest, StateAtEpochIsAnOrbitOfTheSet) {
  const Sgp4Propagator propagator(str3_set());
  EXPECT_EQ(propagator.init_error(), Sgp4Error::none);
  const Sgp4Result at_epoch = propagator.propagate(0.0);
  ASSERT_EQ(at_epoch.error, Sgp4Error::none);
  const auto& r = at_epoch.state.position_km;
  const double radius = std::hypot(r[0], r[1], r[2]);
  EXPECT_GT(radius, 6378.0 + 150.0);
  EXPECT_LT(radius, 6378.0 + 400.0);
  // The same time gives the same state, whatever was asked before.
  const Sgp4Result later = propagator.propagate(1440.0);
  EXPECT_EQ(propagator.propagate(0.0).state.position_km, at_epoch.state.position_km);
  EXPECT_NE(later.state.position_km, at_epoch.state.position_km);
}

TEST(Sgp4PropagatorTest, ElementsOutsideTheTheoryGiveTheirErrorAtEveryTime) {
  ElementSet hyperbolic = str3_set();
  hyperbolic.eccentricity = 1.0;
  const Sgp4Propagator open_orbit(hyperbolic);
  EXPECT_EQ(open_orbit.init_error(), Sgp4Error::mean_eccentricity);
  EXPECT_EQ(open_orbit.propagate(100.0).error, Sgp4Error::mean_eccentricity);

  ElementSet still = str3_set();
  still.mean_motion = 0.0;
  EXPECT_EQ(Sgp4Propagator(still).propagate(0.0).error, Sgp4Error::mean_motion);
}

TEST(Sgp4PropagatorTest, DragBringsALowOrbitDown) {
  // SGP4-VER.TLE's 28872 (perigee -51 km): the reference loses it between 50 and 55 minutes.
  ElementSet set;
  std::string error;
  ASSERT_TRUE(parse_tle("1 28872U 05037B   05333.02012661  .25992681  00000-0  24476-3 0  1534",
                        "2 28872  96.4736 157.9986 0303955 244.0492 110.6523 16.46015938 10708",
                        set, error))
      << error;
  const Sgp4Propagator propagator(set);
  EXPECT_EQ(propagator.propagate(50.0).error, Sgp4Error::none);
  EXPECT_EQ(propagator.propagate(55.0).error, Sgp4Error::decayed);
}

// A cursor only saves steps: over times that go out, back, across epoch and out again, every
// state of a synchronous (ITALSAT 2) and a half-day resonant set is the one from epoch, to the
// bit.
TEST(Sgp4PropagatorTest, AResonanceCursorGivesTheStatesFromEpochBitForBit) {
  const std::pair<const char*, const char*> sets[] = {
      {"1 24208U 96044A   06177.04061740 -.00000094  00000-0  10000-3 0  1600",
       "2 24208   3.8536  80.0121 0026640 311.0977  48.3000  1.00778054 36119"},
      {"1 09880U 77021A   06176.56157475  .00000421  00000-0  10000-3 0  9814",
       "2 09880  64.5968 349.3786 7069051 270.0229  16.3320  2.00813614112380"},
  };
  const double minutes[] = {0,   100,   719,   720,   721,  5000,   5000, 4000, 20000,
                            -30, -1500, -1400, -9000, 9000, 9000.5, 1e5,  10};
  for (const auto& [line1, line2] : sets) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(line1, line2, set, error)) << error;
    const Sgp4Propagator propagator(set);
    ASSERT_NE(propagator.terms().deep.resonance.kind, Resonance::none) << line1;
    ResonanceCursor cursor;
    for (const double t : minutes) {
      const Sgp4Result fresh = propagator.propagate(t);
      const Sgp4Result carried = propagator.propagate(t, cursor);
      EXPECT_EQ(fresh.error, carried.error) << line1 << " at " << t;
      EXPECT_EQ(fresh.state.position_km, carried.state.position_km) << line1 << " at " << t;
      EXPECT_EQ(fresh.state.velocity_km_s, carried.state.velocity_km_s) << line1 << " at " << t;
    }
  }
}

TEST(Sgp4ErrorTest, NamesEachCode) {
  EXPECT_EQ(to_string(Sgp4Error::none), "no error");
  EXPECT_EQ(to_string(Sgp4Error::semi_latus_rectum), "semi-latus rectum negative");
  EXPECT_EQ(to_string(Sgp4Error::decayed), "satellite decayed");
  EXPECT_EQ(static_cast<int>(Sgp4Error::decayed), 6);
}

}  // namespace
}  // namespace gpq::orbit
