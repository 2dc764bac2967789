// Sgp4Propagator: element set to SGP4 units and terms, and the propagation's stages in order.
#include "orbit/sgp4.h"

#include <cmath>
#include <numbers>

#include "orbit/angles.h"
#include "orbit/deep_space_init.h"
#include "orbit/deep_space_input.h"
#include "orbit/lunar_solar_periodics.h"
#include "orbit/near_earth_init.h"
#include "orbit/near_earth_state.h"
#include "orbit/secular.h"
#include "orbit/short_period.h"
#include "orbit/sidereal_time.h"

namespace gpq::orbit {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTwoPi = 2.0 * kPi;
constexpr double kDegrees = kPi / 180.0;
constexpr double kUnixEpochJulianDate = 2440587.5;
constexpr double kJulianDate1950 = 2433281.5;  // 1949-12-31 00:00 UT, SGP4's day zero

// The epoch as the reference carries it: the Julian date of the day's start plus the day's
// fraction, summed into one double (a 40 us grid) before 1950 is taken off. The sum's
// rounding moves a high eccentric deep-space orbit by millimetres (the lunar-solar terms
// follow the epoch), so it is kept rather than computed exactly from the microseconds.
double days_since_1950(TimePoint epoch) {
  const std::int64_t micros = epoch.unix_micros();
  std::int64_t days = micros / kMicrosPerDay;
  std::int64_t rest = micros % kMicrosPerDay;
  if (rest < 0) {
    days -= 1;
    rest += kMicrosPerDay;
  }
  const double julian_day_start = kUnixEpochJulianDate + static_cast<double>(days);
  const double fraction = static_cast<double>(rest) / static_cast<double>(kMicrosPerDay);
  return (julian_day_start + fraction) - kJulianDate1950;
}

EpochElements epoch_elements(const ElementSet& set) {
  EpochElements el;
  el.days_since_1950 = days_since_1950(set.epoch);
  el.eccentricity = set.eccentricity;
  el.inclination = set.inclination * kDegrees;
  el.node = set.ra_of_asc_node * kDegrees;
  el.perigee = set.arg_of_pericenter * kDegrees;
  el.mean_anomaly = set.mean_anomaly * kDegrees;
  el.mean_motion = set.mean_motion / (1440.0 / kTwoPi);  // rev/day to rad/min (Kozai)
  el.bstar = set.bstar;
  return el;
}

// SDP4 only: the lunar-solar periodics, then the inclination functions of the inclination
// they give (SGP4 keeps those of epoch).
Sgp4Error add_deep_space_periodics(const Sgp4Terms& terms, double t, OsculatingInput& in) {
  PeriodicElements el{in.eccentricity, in.inclination, in.node, in.perigee, in.mean_anomaly};
  add_lunar_solar_periodics(terms.deep, terms.mode, t, el);
  if (el.inclination < 0.0) {
    el.inclination = -el.inclination;
    el.node = el.node + kPi;
    el.perigee = el.perigee - kPi;
  }
  if (el.eccentricity < 0.0 || el.eccentricity > 1.0) {
    return Sgp4Error::perturbed_eccentricity;
  }
  in.eccentricity = el.eccentricity;
  in.inclination = el.inclination;
  in.node = el.node;
  in.perigee = el.perigee;
  in.mean_anomaly = el.mean_anomaly;
  const SinCos inclination = sin_cos(el.inclination);
  in.sin_inclination = inclination.sin;
  in.cos_inclination = inclination.cos;
  NearEarthTerms long_period;
  set_long_period_coefficients(terms.gravity, in.sin_inclination, in.cos_inclination, long_period);
  in.aycof = long_period.aycof;
  in.xlcof = long_period.xlcof;
  const double cos2 = in.cos_inclination * in.cos_inclination;
  in.con41 = 3.0 * cos2 - 1.0;
  in.x1mth2 = 1.0 - cos2;
  in.x7thm1 = 7.0 * cos2 - 1.0;
  return Sgp4Error::none;
}

}  // namespace

std::string_view to_string(Sgp4Error error) noexcept {
  switch (error) {
    case Sgp4Error::none:
      return "no error";
    case Sgp4Error::mean_eccentricity:
      return "mean eccentricity out of range";
    case Sgp4Error::mean_motion:
      return "mean motion not positive";
    case Sgp4Error::perturbed_eccentricity:
      return "perturbed eccentricity out of range";
    case Sgp4Error::semi_latus_rectum:
      return "semi-latus rectum negative";
    case Sgp4Error::suborbital:
      return "epoch elements sub-orbital";
    case Sgp4Error::decayed:
      return "satellite decayed";
  }
  return "unknown error";
}

Sgp4Propagator::Sgp4Propagator(const ElementSet& set, const Sgp4Options& options) noexcept {
  terms_.gravity = gravity_constants(options.gravity);
  terms_.mode = options.mode;
  terms_.epoch = epoch_elements(set);
  if (!(terms_.epoch.mean_motion > 0.0)) {
    invalid_input_ = Sgp4Error::mean_motion;
    return;
  }
  if (!(terms_.epoch.eccentricity >= 0.0 && terms_.epoch.eccentricity < 1.0)) {
    invalid_input_ = Sgp4Error::mean_eccentricity;
    return;
  }
  terms_.near = near_earth_init(terms_.gravity, terms_.epoch);
  if (kTwoPi / terms_.epoch.mean_motion >= 225.0) {
    terms_.deep_space = true;
    terms_.near.simplified_drag = true;
    const double gsto = sidereal_angle_at_epoch(terms_.epoch.days_since_1950, terms_.mode);
    terms_.deep = deep_space_init(terms_.gravity, terms_.epoch, terms_.near, gsto);
  }
}

Sgp4Result Sgp4Propagator::propagate(double minutes) const noexcept {
  return propagate(minutes, nullptr);
}

Sgp4Result Sgp4Propagator::propagate(double minutes, ResonanceCursor& cursor) const noexcept {
  return propagate(minutes, &cursor);
}

Sgp4Result Sgp4Propagator::propagate(double minutes, ResonanceCursor* cursor) const noexcept {
  Sgp4Result result;
  if (invalid_input_ != Sgp4Error::none) {
    result.error = invalid_input_;
    return result;
  }
  if (!terms_.deep_space) {
    StateOf<double> state{};
    result.error = static_cast<Sgp4Error>(near_earth_state(terms_, minutes, state));
    result.state = {state.position_km, state.velocity_km_s};
    return result;
  }
  OsculatingInput in{};
  result.error = deep_space_input(terms_, minutes, cursor, in);
  if (result.error != Sgp4Error::none) {
    return result;
  }
  result.error = osculating_state(in, terms_.gravity, result.state);
  return result;
}

Sgp4Error deep_space_input(const Sgp4Terms& terms, double minutes, ResonanceCursor* cursor,
                           OsculatingInput& in) noexcept {
  MeanState mean = near_earth_secular(terms, minutes);
  add_deep_space_secular(terms, minutes, mean, cursor);
  double semi_major_axis = 0;
  const auto error = static_cast<Sgp4Error>(finish_mean(terms, mean, semi_major_axis));
  if (error != Sgp4Error::none) {
    return error;
  }
  in = from_mean(mean, semi_major_axis);
  return add_deep_space_periodics(terms, minutes, in);
}

}  // namespace gpq::orbit
