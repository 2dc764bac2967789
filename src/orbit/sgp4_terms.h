// Everything SGP4/SDP4 derives once from an element set, so that a propagation only evaluates
// the time-dependent terms. Symbols in comments are those of Spacetrack Report #3 (STR#3)
// and of Vallado et al. 2006 where STR#3 has none.
#pragma once

#include <cstdint>

#include "orbit/gravity.h"

namespace gpq::orbit {

// Which of the two revisions of the reference's sidereal time and node handling to follow.
enum class OperationMode : std::uint8_t {
  improved,  // Vallado et al.'s "i": IAU-82 sidereal time at epoch
  afspc,     // "a": the sidereal time of STR#3 and the node kept in 0..2pi as AFSPC's code does
};

// The mean elements at epoch in SGP4's units (radians, minutes, earth radii).
struct EpochElements {
  double days_since_1950 = 0;  // epoch, days since 1949-12-31 00:00 UT
  double eccentricity = 0;     // e0
  double inclination = 0;      // i0
  double node = 0;             // right ascension of the ascending node, Omega0
  double perigee = 0;          // argument of perigee, omega0
  double mean_anomaly = 0;     // M0
  double mean_motion = 0;      // n0'', Brouwer mean motion (rad/min) recovered from the Kozai one
  double semi_major_axis = 0;  // a0'' = (ke / n0'')^(2/3), earth radii
  double bstar = 0;            // B*, 1/earth radii
};

// The near-earth theory: secular rates, the drag polynomial and the inclination functions.
struct NearEarthTerms {
  bool simplified_drag = false;  // perigee below 220 km or deep space: the C1-only drag model
  double mean_anomaly_rate = 0;  // dM/dt with J2, J4 secular terms
  double perigee_rate = 0;       // d omega/dt
  double node_rate = 0;          // d Omega/dt
  double node_drag = 0;          // coefficient of t^2 in Omega (drag)
  double eta = 0;
  double c1 = 0;
  double c4 = 0;
  double c5 = 0;
  double d2 = 0;
  double d3 = 0;
  double d4 = 0;
  double t2cof = 0;  // coefficients of t^2..t^5 in the mean longitude
  double t3cof = 0;
  double t4cof = 0;
  double t5cof = 0;
  double omgcof = 0;  // drag on the argument of perigee
  double xmcof = 0;   // drag on the mean anomaly
  double delmo = 0;   // (1 + eta cos M0)^3
  double sin_mean_anomaly = 0;
  double aycof = 0;  // long-period terms (J3)
  double xlcof = 0;
  double cos_inclination = 0;
  double sin_inclination = 0;
  double con41 = 0;   // 3 cos^2 i - 1
  double x1mth2 = 0;  // 1 - cos^2 i
  double x7thm1 = 0;  // 7 cos^2 i - 1
};

// The periodic coefficients of one third body (the sun or the moon), STR#3's deep-space
// periodics: e, i, L, omega + cos(i) Omega and Omega, each a sum over f2 and f3 (and sin f).
struct ThirdBodyPeriodics {
  double mean_anomaly_at_epoch = 0;  // zmos / zmol
  double mean_motion = 0;            // zns / znl, rad/min
  double eccentricity = 0;           // zes / zel
  double e2 = 0;
  double e3 = 0;
  double i2 = 0;
  double i3 = 0;
  double l2 = 0;
  double l3 = 0;
  double l4 = 0;
  double gh2 = 0;
  double gh3 = 0;
  double gh4 = 0;
  double h2 = 0;
  double h3 = 0;
};

// Secular rates the sun and the moon add (per minute).
struct DeepSecularRates {
  double eccentricity = 0;  // dedt
  double inclination = 0;   // didt
  double perigee = 0;       // domdt
  double node = 0;          // dnodt
  double mean_anomaly = 0;  // dmdt
};

enum class Resonance : std::uint8_t {
  none,
  synchronous,  // 24 h: period near one sidereal day
  half_day,     // 12 h with e >= 0.5 (Molniya)
};

// The geopotential resonance terms, integrated in 720-minute steps from epoch.
struct ResonanceTerms {
  Resonance kind = Resonance::none;
  double gsto = 0;         // Greenwich sidereal angle at epoch
  double lambda0 = 0;      // xlamo: resonant mean longitude at epoch
  double lambda_rate = 0;  // xfact: its secular rate less the mean motion
  // synchronous
  double del1 = 0;
  double del2 = 0;
  double del3 = 0;
  // half-day: D_lmpq coefficients
  double d2201 = 0;
  double d2211 = 0;
  double d3210 = 0;
  double d3222 = 0;
  double d4410 = 0;
  double d4422 = 0;
  double d5220 = 0;
  double d5232 = 0;
  double d5421 = 0;
  double d5433 = 0;
};

// Where a resonance integration stopped: `at` minutes from epoch (a whole number of 720-minute
// steps, 0 when it has not run), with the mean motion and resonant longitude there.
struct ResonanceCursor {
  double at = 0;
  double mean_motion = 0;
  double lambda = 0;
};

struct DeepSpaceTerms {
  ThirdBodyPeriodics sun;
  ThirdBodyPeriodics moon;
  DeepSecularRates rates;
  ResonanceTerms resonance;
};

struct Sgp4Terms {
  GravityConstants gravity;
  OperationMode mode = OperationMode::improved;
  EpochElements epoch;
  NearEarthTerms near;
  bool deep_space = false;  // period of 225 minutes or more: SDP4
  DeepSpaceTerms deep;
};

}  // namespace gpq::orbit
