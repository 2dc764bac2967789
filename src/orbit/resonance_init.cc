#include "orbit/resonance_init.h"

#include <cmath>
#include <numbers>

namespace gpq::orbit {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Eccentricity functions G_lmpq of the half-day terms, polynomial fits in e over three bands.
struct HalfDayEccentricityFunctions {
  double g201, g211, g310, g322, g410, g422, g520, g521, g532, g533;
};

HalfDayEccentricityFunctions half_day_g(double e) {
  const double e2 = e * e;
  const double e3 = e * e2;
  HalfDayEccentricityFunctions g{};
  g.g201 = -0.306 - (e - 0.64) * 0.440;
  if (e <= 0.65) {
    g.g211 = 3.616 - 13.2470 * e + 16.2900 * e2;
    g.g310 = -19.302 + 117.3900 * e - 228.4190 * e2 + 156.5910 * e3;
    g.g322 = -18.9068 + 109.7927 * e - 214.6334 * e2 + 146.5816 * e3;
    g.g410 = -41.122 + 242.6940 * e - 471.0940 * e2 + 313.9530 * e3;
    g.g422 = -146.407 + 841.8800 * e - 1629.014 * e2 + 1083.4350 * e3;
    g.g520 = -532.114 + 3017.977 * e - 5740.032 * e2 + 3708.2760 * e3;
  } else {
    g.g211 = -72.099 + 331.819 * e - 508.738 * e2 + 266.724 * e3;
    g.g310 = -346.844 + 1582.851 * e - 2415.925 * e2 + 1246.113 * e3;
    g.g322 = -342.585 + 1554.908 * e - 2366.899 * e2 + 1215.972 * e3;
    g.g410 = -1052.797 + 4758.686 * e - 7193.992 * e2 + 3651.957 * e3;
    g.g422 = -3581.690 + 16178.110 * e - 24462.770 * e2 + 12422.520 * e3;
    if (e > 0.715) {
      g.g520 = -5149.66 + 29936.92 * e - 54087.36 * e2 + 31324.56 * e3;
    } else {
      g.g520 = 1464.74 - 4664.75 * e + 3763.64 * e2;
    }
  }
  if (e < 0.7) {
    g.g533 = -919.22770 + 4988.6100 * e - 9064.7700 * e2 + 5542.21 * e3;
    g.g521 = -822.71072 + 4568.6173 * e - 8491.4146 * e2 + 5337.524 * e3;
    g.g532 = -853.66600 + 4690.2500 * e - 8624.7700 * e2 + 5341.4 * e3;
  } else {
    g.g533 = -37995.780 + 161616.52 * e - 229838.20 * e2 + 109377.94 * e3;
    g.g521 = -51752.104 + 218913.95 * e - 309468.16 * e2 + 146349.42 * e3;
    g.g532 = -40023.880 + 170470.89 * e - 242699.48 * e2 + 115605.82 * e3;
  }
  return g;
}

// 12 h orbits: the D_lmpq of the (2,2), (3,2), (4,4) and (5,2), (5,4) tesseral harmonics.
void set_half_day_terms(const EpochElements& el, double aonv, ResonanceTerms& r) {
  constexpr double kRoot22 = 1.7891679e-6;
  constexpr double kRoot32 = 3.7393792e-7;
  constexpr double kRoot44 = 7.3636953e-9;
  constexpr double kRoot52 = 1.1428639e-7;
  constexpr double kRoot54 = 2.1765803e-9;
  const double sin_i = std::sin(el.inclination);
  const double cos_i = std::cos(el.inclination);
  const double cos2 = cos_i * cos_i;
  const double sin2 = sin_i * sin_i;
  const HalfDayEccentricityFunctions g = half_day_g(el.eccentricity);

  // Inclination functions F_lmp.
  const double f220 = 0.75 * (1.0 + 2.0 * cos_i + cos2);
  const double f221 = 1.5 * sin2;
  const double f321 = 1.875 * sin_i * (1.0 - 2.0 * cos_i - 3.0 * cos2);
  const double f322 = -1.875 * sin_i * (1.0 + 2.0 * cos_i - 3.0 * cos2);
  const double f441 = 35.0 * sin2 * f220;
  const double f442 = 39.3750 * sin2 * sin2;
  const double f522 =
      9.84375 * sin_i *
      (sin2 * (1.0 - 2.0 * cos_i - 5.0 * cos2) + 0.33333333 * (-2.0 + 4.0 * cos_i + 6.0 * cos2));
  const double f523 = sin_i * (4.92187512 * sin2 * (-2.0 - 4.0 * cos_i + 10.0 * cos2) +
                               6.56250012 * (1.0 + 2.0 * cos_i - 3.0 * cos2));
  const double f542 =
      29.53125 * sin_i * (2.0 - 8.0 * cos_i + cos2 * (-12.0 + 8.0 * cos_i + 10.0 * cos2));
  const double f543 =
      29.53125 * sin_i * (-2.0 - 8.0 * cos_i + cos2 * (12.0 + 8.0 * cos_i - 10.0 * cos2));

  const double n = el.mean_motion;
  double temp1 = 3.0 * (n * n) * (aonv * aonv);
  double temp = temp1 * kRoot22;
  r.d2201 = temp * f220 * g.g201;
  r.d2211 = temp * f221 * g.g211;
  temp1 = temp1 * aonv;
  temp = temp1 * kRoot32;
  r.d3210 = temp * f321 * g.g310;
  r.d3222 = temp * f322 * g.g322;
  temp1 = temp1 * aonv;
  temp = 2.0 * temp1 * kRoot44;
  r.d4410 = temp * f441 * g.g410;
  r.d4422 = temp * f442 * g.g422;
  temp1 = temp1 * aonv;
  temp = temp1 * kRoot52;
  r.d5220 = temp * f522 * g.g520;
  r.d5232 = temp * f523 * g.g532;
  temp = 2.0 * temp1 * kRoot54;
  r.d5421 = temp * f542 * g.g521;
  r.d5433 = temp * f543 * g.g533;
}

// 24 h orbits: the (2,2), (3,1) and (3,3) terms.
void set_synchronous_terms(const EpochElements& el, double aonv, ResonanceTerms& r) {
  constexpr double kQ22 = 1.7891679e-6;
  constexpr double kQ31 = 2.1460748e-6;
  constexpr double kQ33 = 2.2123015e-7;
  const double sin_i = std::sin(el.inclination);
  const double cos_i = std::cos(el.inclination);
  const double e2 = el.eccentricity * el.eccentricity;
  const double g200 = 1.0 + e2 * (-2.5 + 0.8125 * e2);
  const double g310 = 1.0 + 2.0 * e2;
  const double g300 = 1.0 + e2 * (-6.0 + 6.60937 * e2);
  const double f220 = 0.75 * (1.0 + cos_i) * (1.0 + cos_i);
  const double f311 = 0.9375 * sin_i * sin_i * (1.0 + 3.0 * cos_i) - 0.75 * (1.0 + cos_i);
  double f330 = 1.0 + cos_i;
  f330 = 1.875 * f330 * f330 * f330;
  const double n = el.mean_motion;
  const double del1 = 3.0 * n * n * aonv * aonv;
  r.del2 = 2.0 * del1 * f220 * g200 * kQ22;
  r.del3 = 3.0 * del1 * f330 * g300 * kQ33 * aonv;
  r.del1 = del1 * f311 * g310 * kQ31 * aonv;
}

}  // namespace

ResonanceTerms resonance_init(const GravityConstants& gravity, const EpochElements& el,
                              const NearEarthTerms& near, const DeepSecularRates& rates,
                              double gsto) noexcept {
  ResonanceTerms r;
  const double n = el.mean_motion;
  if (n < 0.0052359877 && n > 0.0034906585) {
    r.kind = Resonance::synchronous;
  }
  if (n >= 8.26e-3 && n <= 9.24e-3 && el.eccentricity >= 0.5) {
    r.kind = Resonance::half_day;
  }
  if (r.kind == Resonance::none) {
    return r;
  }
  r.gsto = gsto;
  const double aonv = std::pow(n / gravity.xke, 2.0 / 3.0);
  const double theta = std::fmod(gsto, kTwoPi);
  if (r.kind == Resonance::half_day) {
    set_half_day_terms(el, aonv, r);
    r.lambda0 = std::fmod(el.mean_anomaly + el.node + el.node - theta - theta, kTwoPi);
    r.lambda_rate = near.mean_anomaly_rate + rates.mean_anomaly +
                    2.0 * (near.node_rate + rates.node - kEarthRotationPerMinute) - n;
  } else {
    set_synchronous_terms(el, aonv, r);
    r.lambda0 = std::fmod(el.mean_anomaly + el.node + el.perigee - theta, kTwoPi);
    const double perigee_plus_node_rate = near.perigee_rate + near.node_rate;
    r.lambda_rate = near.mean_anomaly_rate + perigee_plus_node_rate - kEarthRotationPerMinute +
                    rates.mean_anomaly + rates.perigee + rates.node - n;
  }
  return r;
}

}  // namespace gpq::orbit
