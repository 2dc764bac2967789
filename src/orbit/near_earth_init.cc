#include "orbit/near_earth_init.h"

#include <cmath>

namespace gpq::orbit {
namespace {

constexpr double kTwoThirds = 2.0 / 3.0;

// What the terms are built from: the orbit's shape and inclination functions at epoch.
struct EpochShape {
  double eccentricity_squared;
  double beta_squared;  // 1 - e^2
  double beta;
  double cos_i;
  double cos_i_squared;
  double sin_i;
  double semi_major_axis;  // a0'', earth radii
  double semi_latus_rectum;
  double con41;  // 3 cos^2 i - 1
  double con42;  // 1 - 5 cos^2 i
  double perigee_radius;
};

// STR#3: a1 = (ke/n0)^(2/3), delta1, a0, delta0, n0'' = n0 / (1 + delta0), a0'' from n0''.
EpochShape recover_brouwer_motion(const GravityConstants& g, EpochElements& el) {
  EpochShape s{};
  const double e = el.eccentricity;
  s.eccentricity_squared = e * e;
  s.beta_squared = 1.0 - s.eccentricity_squared;
  s.beta = std::sqrt(s.beta_squared);
  s.cos_i = std::cos(el.inclination);
  s.cos_i_squared = s.cos_i * s.cos_i;

  const double a1 = std::pow(g.xke / el.mean_motion, kTwoThirds);
  const double d1 = 0.75 * g.j2 * (3.0 * s.cos_i_squared - 1.0) / (s.beta * s.beta_squared);
  double delta = d1 / (a1 * a1);
  const double a0 = a1 * (1.0 - delta * delta - delta * (1.0 / 3.0 + 134.0 * delta * delta / 81.0));
  delta = d1 / (a0 * a0);
  el.mean_motion = el.mean_motion / (1.0 + delta);

  s.semi_major_axis = std::pow(g.xke / el.mean_motion, kTwoThirds);
  el.semi_major_axis = s.semi_major_axis;
  s.sin_i = std::sin(el.inclination);
  s.semi_latus_rectum = s.semi_major_axis * s.beta_squared;
  s.con42 = 1.0 - 5.0 * s.cos_i_squared;
  s.con41 = -s.con42 - s.cos_i_squared - s.cos_i_squared;
  s.perigee_radius = s.semi_major_axis * (1.0 - e);
  return s;
}

// The density function's s and (q0 - s)^4, lowered for perigees under 156 km as STR#3 says.
struct Atmosphere {
  double s;       // earth radii
  double qoms24;  // (q0 - s)^4
};

Atmosphere atmosphere_for(const GravityConstants& g, double perigee_radius) {
  Atmosphere a{78.0 / g.radius_km + 1.0, std::pow((120.0 - 78.0) / g.radius_km, 4)};
  const double perigee_km = (perigee_radius - 1.0) * g.radius_km;
  if (perigee_km < 156.0) {
    double s_km = perigee_km - 78.0;
    if (perigee_km < 98.0) {
      s_km = 20.0;
    }
    a.qoms24 = std::pow((120.0 - s_km) / g.radius_km, 4);
    a.s = s_km / g.radius_km + 1.0;
  }
  return a;
}

// C1..C5 and the drag terms of omega and M (STR#3 section 6).
void add_drag_terms(const GravityConstants& g, const EpochElements& el, const EpochShape& s,
                    const Atmosphere& atm, NearEarthTerms& t) {
  const double e = el.eccentricity;
  const double n = el.mean_motion;
  const double a = s.semi_major_axis;
  const double xi = 1.0 / (a - atm.s);
  t.eta = a * e * xi;
  const double eta2 = t.eta * t.eta;
  const double e_eta = e * t.eta;
  const double psi2 = std::fabs(1.0 - eta2);
  const double coef = atm.qoms24 * std::pow(xi, 4.0);
  const double coef1 = coef / std::pow(psi2, 3.5);
  const double c2 = coef1 * n *
                    (a * (1.0 + 1.5 * eta2 + e_eta * (4.0 + eta2)) +
                     0.375 * g.j2 * xi / psi2 * s.con41 * (8.0 + 3.0 * eta2 * (8.0 + eta2)));
  t.c1 = el.bstar * c2;
  double c3 = 0.0;
  if (e > 1.0e-4) {
    c3 = -2.0 * coef * xi * g.j3_over_j2 * n * s.sin_i / e;
  }
  t.x1mth2 = 1.0 - s.cos_i_squared;
  t.c4 = 2.0 * n * coef1 * a * s.beta_squared *
         (t.eta * (2.0 + 0.5 * eta2) + e * (0.5 + 2.0 * eta2) -
          g.j2 * xi / (a * psi2) *
              (-3.0 * s.con41 * (1.0 - 2.0 * e_eta + eta2 * (1.5 - 0.5 * e_eta)) +
               0.75 * t.x1mth2 * (2.0 * eta2 - e_eta * (1.0 + eta2)) * std::cos(2.0 * el.perigee)));
  t.c5 = 2.0 * coef1 * a * s.beta_squared * (1.0 + 2.75 * (eta2 + e_eta) + e_eta * eta2);
  t.omgcof = el.bstar * c3 * std::cos(el.perigee);
  t.xmcof = 0.0;
  if (e > 1.0e-4) {
    t.xmcof = -kTwoThirds * coef * el.bstar / e_eta;
  }
  t.delmo = std::pow(1.0 + t.eta * std::cos(el.mean_anomaly), 3);
  t.sin_mean_anomaly = std::sin(el.mean_anomaly);

  // Higher powers of t in the drag polynomial, for the full (not simplified) model.
  const double c1sq = t.c1 * t.c1;
  t.d2 = 4.0 * a * xi * c1sq;
  const double temp = t.d2 * xi * t.c1 / 3.0;
  t.d3 = (17.0 * a + atm.s) * temp;
  t.d4 = 0.5 * temp * a * xi * (221.0 * a + 31.0 * atm.s) * t.c1;
  t.t2cof = 1.5 * t.c1;
  t.t3cof = t.d2 + 2.0 * c1sq;
  t.t4cof = 0.25 * (3.0 * t.d3 + t.c1 * (12.0 * t.d2 + 10.0 * c1sq));
  t.t5cof = 0.2 * (3.0 * t.d4 + 12.0 * t.c1 * t.d3 + 6.0 * t.d2 * t.d2 +
                   15.0 * c1sq * (2.0 * t.d2 + c1sq));
}

// Secular J2 and J4 rates of M, omega and Omega, and the drag term of Omega.
void add_secular_rates(const GravityConstants& g, const EpochElements& el, const EpochShape& s,
                       NearEarthTerms& t) {
  const double n = el.mean_motion;
  const double pinvsq = 1.0 / (s.semi_latus_rectum * s.semi_latus_rectum);
  const double cos4 = s.cos_i_squared * s.cos_i_squared;
  const double temp1 = 1.5 * g.j2 * pinvsq * n;
  const double temp2 = 0.5 * temp1 * g.j2 * pinvsq;
  const double temp3 = -0.46875 * g.j4 * pinvsq * pinvsq * n;
  t.mean_anomaly_rate = n + 0.5 * temp1 * s.beta * s.con41 +
                        0.0625 * temp2 * s.beta * (13.0 - 78.0 * s.cos_i_squared + 137.0 * cos4);
  t.perigee_rate = -0.5 * temp1 * s.con42 +
                   0.0625 * temp2 * (7.0 - 114.0 * s.cos_i_squared + 395.0 * cos4) +
                   temp3 * (3.0 - 36.0 * s.cos_i_squared + 49.0 * cos4);
  const double node_j2 = -temp1 * s.cos_i;
  t.node_rate = node_j2 + (0.5 * temp2 * (4.0 - 19.0 * s.cos_i_squared) +
                           2.0 * temp3 * (3.0 - 7.0 * s.cos_i_squared)) *
                              s.cos_i;
  t.node_drag = 3.5 * s.beta_squared * node_j2 * t.c1;
}

}  // namespace

NearEarthTerms near_earth_init(const GravityConstants& gravity, EpochElements& elements) noexcept {
  const EpochShape shape = recover_brouwer_motion(gravity, elements);
  NearEarthTerms terms;
  terms.cos_inclination = shape.cos_i;
  terms.sin_inclination = shape.sin_i;
  terms.con41 = shape.con41;
  terms.x7thm1 = 7.0 * shape.cos_i_squared - 1.0;
  // Perigee below 220 km: only the C1 drag term (STR#3).
  terms.simplified_drag = shape.perigee_radius < 220.0 / gravity.radius_km + 1.0;
  add_drag_terms(gravity, elements, shape, atmosphere_for(gravity, shape.perigee_radius), terms);
  add_secular_rates(gravity, elements, shape, terms);
  set_long_period_coefficients(gravity, shape.sin_i, shape.cos_i, terms);
  return terms;
}

void set_long_period_coefficients(const GravityConstants& g, double sin_i, double cos_i,
                                  NearEarthTerms& t) noexcept {
  const double one_plus_cos = std::fabs(cos_i + 1.0) > 1.5e-12 ? 1.0 + cos_i : 1.5e-12;
  t.xlcof = -0.25 * g.j3_over_j2 * sin_i * (3.0 + 5.0 * cos_i) / one_plus_cos;
  t.aycof = -0.5 * g.j3_over_j2 * sin_i;
}

}  // namespace gpq::orbit
