// The frames of orbit/frames.h and orbit/look_angles.h against cases worked by hand, a GMST
// value and a TEME state of the literature, and Skyfield's answers for the same inputs.
#include "orbit/frames.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "gpq/time.h"

#include "orbit/look_angles.h"

namespace gpq::orbit {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kPolarRadiusKm = kWgs84RadiusKm * (1.0 - kWgs84Flattening);  // 6356.752314...

TimePoint utc(const char* text) {
  const auto t = parse_iso8601(text);
  EXPECT_TRUE(t) << text;
  return t.value_or(TimePoint());
}

double degrees(double radians) {
  return radians * 180.0 / kPi;
}

TEST(Gmst1982Test, ValladoExample3_5) {
  // Vallado, Fundamentals of Astrodynamics and Applications, example 3-5: 1992 August 20,
  // 12:14 UT1 gives GMST = 152.578787886 deg. The book carries the Julian date in one double;
  // the polynomial evaluated in exact rational arithmetic (Python's fractions) gives
  // 152.57878785165747 deg, 3.4e-8 deg (0.1 mas) below the book.
  const double gmst = degrees(gmst_1982(utc("1992-08-20T12:14:00")));
  EXPECT_NEAR(gmst, 152.578787886, 5e-8);
  EXPECT_NEAR(gmst, 152.57878785165747, 1e-10);
}

TEST(Gmst1982Test, J2000AndOneSiderealDayLater) {
  // At J2000.0 (2000-01-01 12:00 UT1) the polynomial's constant term alone: 67310.54841 s of
  // time = 280.46061837 deg.
  EXPECT_NEAR(degrees(gmst_1982(utc("2000-01-01T12:00:00"))), 67310.54841 / 240.0, 1e-9);
  // One mean sidereal day (86164.0905 s) later the angle is back, to the polynomial's rate.
  const TimePoint t = utc("2026-06-15T00:00:00");
  const TimePoint later = TimePoint::from_unix_micros(t.unix_micros() + 86'164'090'500);
  EXPECT_NEAR(gmst_1982(later), gmst_1982(t), 1e-8);
}

TEST(TemeToItrfTest, ValladoTemeExample) {
  // AIAA 2006-6753 Appendix C (Vallado et al., "Revisiting Spacetrack Report #3"), the TEME
  // state of 2004-04-06 07:51:28.386009 UTC with dUT1 = -0.4399619 s. Its PEF state is the
  // rotation by GMST alone (what gpq calls ITRF, polar motion neglected); the ITRF state of the
  // paper adds polar motion (xp = -0.140682", yp = 0.333309"), which moves it by about 15 m.
  // The paper's Julian date is one double (about 40 us, so 1-2 cm at this radius) and its
  // earth rate includes the day's length excess (0.0015563 s): hence centimetres and 1e-8 km/s.
  const TemeState teme{{5094.18016210, 6127.64465950, 6380.34453270},
                       {-4.746131487, 0.785818041, 5.531931288}};
  const TimePoint ut1 = utc("2004-04-06T07:51:27.946047");  // UTC + dUT1, to the microsecond
  const ItrfState pef = teme_to_itrf(teme, ut1);
  const Vector3 paper_pef = {-1033.47503130, 7901.30558560, 6380.34453270};
  const Vector3 paper_pef_v = {-3.225632747, -2.872442511, 5.531931288};
  const Vector3 paper_itrf = {-1033.4793830, 7901.2952754, 6380.3565958};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(pef.position_km[i], paper_pef[i], 2e-5) << i;
    EXPECT_NEAR(pef.velocity_km_s[i], paper_pef_v[i], 5e-8) << i;
    EXPECT_NEAR(pef.position_km[i], paper_itrf[i], 0.015) << i;
  }
}

TEST(GeodeticTest, HandWorkedPoints) {
  const struct {
    const char* name;
    Vector3 itrf;
    Geodetic expected;
  } rows[] = {
      {"equator, prime meridian, on the ellipsoid", {kWgs84RadiusKm, 0, 0}, {0, 0, 0}},
      {"equator, prime meridian, 400 km up", {kWgs84RadiusKm + 400, 0, 0}, {0, 0, 400}},
      {"equator, 90 E", {0, kWgs84RadiusKm + 1, 0}, {0, 90, 1}},
      {"equator, 90 W", {0, -kWgs84RadiusKm, 0}, {0, -90, 0}},
      {"equator, date line (180 is written -180)",
       {-kWgs84RadiusKm - 35786, 0, 0},
       {0, -180, 35786}},
      {"north pole, 10 km up", {0, 0, kPolarRadiusKm + 10}, {90, 0, 10}},
      {"south pole, on the ellipsoid", {0, 0, -kPolarRadiusKm}, {-90, 0, 0}},
      {"the centre: a polar radius below the pole", {0, 0, 0}, {0, 0, -kWgs84RadiusKm}},
  };
  for (const auto& row : rows) {
    const Geodetic g = itrf_to_geodetic(row.itrf);
    EXPECT_NEAR(g.latitude_deg, row.expected.latitude_deg, 1e-12) << row.name;
    EXPECT_NEAR(g.longitude_deg, row.expected.longitude_deg, 1e-12) << row.name;
    EXPECT_NEAR(g.height_km, row.expected.height_km, 1e-9) << row.name;
  }
}

TEST(GeodeticTest, FortyFiveDegreesByTheEllipseEquations) {
  // At geodetic latitude phi the ellipsoid's normal has radius of curvature
  // N = a / sqrt(1 - e^2 sin^2 phi); the point h along it is ((N + h) cos phi, 0,
  // (N (1 - e^2) + h) sin phi). For phi = 45 deg, sin^2 = 1/2.
  const double e2 = kWgs84Flattening * (2 - kWgs84Flattening);
  const double n = kWgs84RadiusKm / std::sqrt(1 - e2 / 2);
  const double h = 1000.0;
  const Vector3 point = {(n + h) * std::sqrt(0.5), 0, (n * (1 - e2) + h) * std::sqrt(0.5)};
  const Geodetic g = itrf_to_geodetic(point);
  EXPECT_NEAR(g.latitude_deg, 45.0, 1e-12);
  EXPECT_NEAR(g.height_km, h, 1e-9);
  // And back.
  const Vector3 again = geodetic_to_itrf(g);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(again[i], point[i], 1e-9) << i;
  }
}

TEST(GeodeticTest, RoundTripsFromTheGroundToTheMoon) {
  for (const double lat : {-89.999, -60.0, -1e-9, 0.0, 33.3, 89.9999}) {
    for (const double lon : {-179.5, -45.0, 0.0, 120.25}) {
      for (const double h : {-0.4, 0.0, 420.0, 20200.0, 384400.0}) {
        const Geodetic back = itrf_to_geodetic(geodetic_to_itrf({lat, lon, h}));
        const std::string row =
            std::to_string(lat) + " " + std::to_string(lon) + " " + std::to_string(h);
        EXPECT_NEAR(back.latitude_deg, lat, 1e-10) << row;
        EXPECT_NEAR(back.longitude_deg, lon, 1e-10) << row;
        EXPECT_NEAR(back.height_km, h, 1e-8) << row;
      }
    }
  }
}

TEST(LookAnglesTest, HandWorkedDirections) {
  // An observer on the equator at the prime meridian, on the ellipsoid: up is +x, east +y,
  // north +z.
  const Observer observer({0, 0, 0});
  const double a = kWgs84RadiusKm;
  const struct {
    const char* name;
    Vector3 satellite;
    double azimuth, elevation, range;
  } rows[] = {
      {"overhead", {a + 500, 0, 0}, 0, 90, 500},
      {"on the horizon, due north", {a, 0, 1000}, 0, 0, 1000},
      {"on the horizon, due east", {a, 1000, 0}, 90, 0, 1000},
      {"on the horizon, due south", {a, 0, -1000}, 180, 0, 1000},
      {"on the horizon, due west", {a, -1000, 0}, 270, 0, 1000},
      {"45 deg up in the north-east",
       {a + 1000, 1000 / std::sqrt(2.0), 1000 / std::sqrt(2.0)},
       45,
       45,
       1000 * std::sqrt(2.0)},
      {"below, through the earth", {-a, 0, 0}, 0, -90, 2 * a},
  };
  for (const auto& row : rows) {
    const LookAngles look = observer.look_at({row.satellite, {0, 0, 0}});
    if (row.elevation != 90 && row.elevation != -90) {  // the azimuth of the zenith is any
      EXPECT_NEAR(look.azimuth_deg, row.azimuth, 1e-9) << row.name;
    }
    EXPECT_NEAR(look.elevation_deg, row.elevation, 1e-9) << row.name;
    EXPECT_NEAR(look.range_km, row.range, 1e-9) << row.name;
    EXPECT_DOUBLE_EQ(look.range_rate_km_s, 0.0) << row.name;
  }
}

TEST(LookAnglesTest, ObserverAtTheNorthPoleSeesEveryAzimuthAsSouth) {
  // At the pole, north is along -x at longitude 0: a point on the +x axis far away lies south.
  const Observer pole({90, 0, 0});
  const LookAngles look = pole.look_at({{40000, 0, kPolarRadiusKm}, {0, 0, 0}});
  EXPECT_NEAR(look.azimuth_deg, 180.0, 1e-9);
  EXPECT_NEAR(look.elevation_deg, 0.0, 1e-9);
}

TEST(LookAnglesTest, RangeRateIsTheDerivativeOfTheRange) {
  // A straight-line motion in the Earth-fixed frame: the range rate must equal the central
  // difference of the range.
  const Observer observer({51.4779, -0.0015, 0.046});
  const Vector3 r0 = {3000, 1000, 6000};
  const Vector3 v = {-5.1, 4.2, 1.7};
  const auto at = [&](double t) {
    return ItrfState{{r0[0] + v[0] * t, r0[1] + v[1] * t, r0[2] + v[2] * t}, v};
  };
  const double dt = 1e-3;
  const double numeric =
      (observer.look_at(at(dt)).range_km - observer.look_at(at(-dt)).range_km) / (2 * dt);
  EXPECT_NEAR(observer.look_at(at(0)).range_rate_km_s, numeric, 1e-9);
}

TEST(TemeToItrfTest, VelocityIsTheDerivativeOfThePosition) {
  // A satellite in TEME moving on a straight line: the Earth-fixed velocity is the derivative
  // of the Earth-fixed position, rotation of the earth included.
  const Vector3 r0 = {-4400.594, 1932.870, 4760.712};
  const Vector3 v = {-5.183, -5.391, -2.592};
  const TimePoint t0 = utc("2026-06-15T12:00:00");
  const auto at = [&](std::int64_t micros) {
    const double s = static_cast<double>(micros) / 1e6;
    return teme_to_itrf({{r0[0] + v[0] * s, r0[1] + v[1] * s, r0[2] + v[2] * s}, v},
                        TimePoint::from_unix_micros(t0.unix_micros() + micros));
  };
  const ItrfState centre = at(0);
  const ItrfState before = at(-1000);
  const ItrfState after = at(1000);
  for (int i = 0; i < 3; ++i) {
    const double numeric = (after.position_km[i] - before.position_km[i]) / 2e-3;
    // The GMST polynomial turns at 7.2921158553e-5 rad/s, Vallado's teme2ecef takes the earth's
    // 7.29211514670698e-5 rad/s out of the velocity: 7.1e-12 rad/s, 0.05 mm/s at 7000 km.
    EXPECT_NEAR(centre.velocity_km_s[i], numeric, 1e-7) << i;
  }
}

// Skyfield 1.45 (Debian's python3-skyfield) for the same inputs, printed by
// tests/unit/orbit/frames_reference.py: TEME_to_ITRF with UT1 = UTC and no polar motion,
// wgs84's latitude iteration, and the altaz rotation of wgs84.latlon(...) for three observers
// (Greenwich 51.4779 N 0.0015 W 46 m, Sydney 33.8688 S 151.2093 E 58 m, Longyearbyen
// 78.2232 N 15.6267 E 500 m).
struct SkyfieldCase {
  const char* utc;
  Vector3 teme_r, teme_v;
  Vector3 itrf_r, itrf_v;
  Geodetic geodetic;
  struct Look {
    double azimuth, elevation, range;
  } looks[3];
};

const SkyfieldCase kSkyfieldCases[] = {
    {"2004-04-06T07:51:28.386009",
     {5094.1801621, 6127.6446595, 6380.3445327},
     {-4.746131487, 0.785818041, 5.531931288},
     {-1033.2215454483426, 7901.338736888414, 6380.3445327},
     {-3.2257248311230464, -2.872339017028746, 5.531931288},
     {38.8009177163632, 97.45003202411381, 3838.437075264808},
     {{58.704870000650395, -12.305084755940756, 9464.09722264733},
      {320.88168338158323, -30.564145172699206, 11830.357906087766},
      {88.53807088399743, 0.8655915394495276, 7891.0689226645}}},
    {"2026-06-15T12:00:00.000000",
     {-4400.594, 1932.87, 4760.712},
     {-5.183, -5.391, -2.592},
     {1445.1431119506349, 4583.969390791962, 4760.712},
     {-5.586116731189157, 4.463580121134975, -2.592},
     {44.90766383610894, 72.50201101953537, 397.50528361330015},
     {{67.9645614198691, -19.389614234227885, 5242.592712642332},
      {313.4030262842004, -51.79736008763074, 10489.805946360071},
      {111.56659853704414, -15.022458595050859, 4481.431122713166}}},
    {"2026-06-20T03:17:45.123456",
     {35000.0, -23500.0, 120.0},
     {1.713, 2.551, 0.01},
     {41712.98571489494, 6105.474817651044, 120.0},
     {0.00035396963692518413, -0.001353724428553741, 0.01},
     {0.16325576359714747, 8.327177239173004, 35779.476957614555},
     {{169.37104364278483, 30.764670503078104, 38529.24945819866},
      {233.7490182437169, -47.4364998912291, 46638.367723158495},
      {187.46068955044535, 3.1828110878395703, 41315.470267592325}}},
    {"2026-07-01T23:59:59.999999",
     {-1500.0, -2100.0, 39000.0},
     {0.9, -1.2, 0.3},
     {1806.0584522267113, -1843.4079491909697, 39000.0},
     {1.2042047430863863, 0.5451121955417819, 0.3},
     {86.21829126985575, -45.58635800393342, 32728.445753656306},
     {{355.39736591494113, 47.72994496550814, 34152.31348631204},
      {1.3786415828310723, -44.215563645082696, 43245.07220259479},
      {341.47997042414875, 77.48321134738548, 32855.44398563049}}},
};

const Geodetic kSkyfieldObservers[] = {
    {51.4779, -0.0015, 0.046}, {-33.8688, 151.2093, 0.058}, {78.2232, 15.6267, 0.5}};

TEST(SkyfieldComparisonTest, ItrfGeodeticAndLookAngles) {
  for (const SkyfieldCase& row : kSkyfieldCases) {
    const ItrfState itrf = teme_to_itrf({row.teme_r, row.teme_v}, utc(row.utc));
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(itrf.position_km[i], row.itrf_r[i], 1e-6) << row.utc << " r" << i;  // 1 mm
      // Skyfield turns the earth at the GMST polynomial's own rate, gpq (as Vallado's
      // teme2ecef) at 7.29211514670698e-5 rad/s: 7.1e-12 rad/s apart, 0.3 mm/s at 42000 km.
      const double radius = std::hypot(row.itrf_r[0], row.itrf_r[1], row.itrf_r[2]);
      EXPECT_NEAR(itrf.velocity_km_s[i], row.itrf_v[i], 7.2e-12 * radius) << row.utc << " v" << i;
    }
    const Geodetic g = itrf_to_geodetic(row.itrf_r);
    // Skyfield stops its latitude iteration after three rounds: within 1e-8 deg (1 mm).
    EXPECT_NEAR(g.latitude_deg, row.geodetic.latitude_deg, 1e-8) << row.utc;
    EXPECT_NEAR(g.longitude_deg, row.geodetic.longitude_deg, 1e-9) << row.utc;
    EXPECT_NEAR(g.height_km, row.geodetic.height_km, 1e-6) << row.utc;
    for (int k = 0; k < 3; ++k) {
      const LookAngles look = Observer(kSkyfieldObservers[k]).look_at({row.itrf_r, {0, 0, 0}});
      EXPECT_NEAR(look.azimuth_deg, row.looks[k].azimuth, 1e-8) << row.utc << " observer " << k;
      EXPECT_NEAR(look.elevation_deg, row.looks[k].elevation, 1e-8) << row.utc << " observer " << k;
      EXPECT_NEAR(look.range_km, row.looks[k].range, 1e-6) << row.utc << " observer " << k;
    }
  }
}

}  // namespace
}  // namespace gpq::orbit
