// From SGP4's TEME to the earth: Earth-fixed (ITRF) by Greenwich mean sidereal time, geodetic
// latitude, longitude and height on WGS-84. docs/ORBIT.md ("Frames") states the simplifications:
// UT1 is taken as UTC and polar motion is neglected, so "ITRF" here is the pseudo-Earth-fixed
// frame of Vallado's teme2ecef with the polar-motion matrix set to identity.
#pragma once

#include <array>

#include "gpq/time.h"

#include "orbit/sgp4.h"

namespace gpq::orbit {

using Vector3 = std::array<double, 3>;

// Earth-fixed position and velocity (the velocity as seen from the rotating earth).
struct ItrfState {
  Vector3 position_km{};
  Vector3 velocity_km_s{};
};

// Geodetic coordinates on the WGS-84 ellipsoid.
struct Geodetic {
  double latitude_deg = 0;   // -90 .. 90, north positive
  double longitude_deg = 0;  // -180 .. 180 (180 itself: -180), east positive
  double height_km = 0;      // above the ellipsoid along its normal
};

// WGS-84 ellipsoid.
inline constexpr double kWgs84RadiusKm = 6378.137;
inline constexpr double kWgs84Flattening = 1.0 / 298.257223563;
// The earth's rotation rate of Vallado's teme2ecef (length-of-day excess taken as 0), rad/s.
inline constexpr double kEarthRotationRadPerS = 7.29211514670698e-05;

// Greenwich mean sidereal time, IAU 1982 (Aoki et al. 1982; Vallado's gstime), of an instant
// of UT1, in radians 0..2pi. The day's fraction is kept apart from the day so that the angle
// keeps microseconds (a single Julian date double holds only about 40 us). gpq passes UTC as
// UT1 (they differ by under 0.9 s: docs/ORBIT.md).
double gmst_1982(TimePoint ut1) noexcept;

// TEME to Earth-fixed at the instant `ut1`: a rotation by GMST about the pole, and the earth's
// rotation taken out of the velocity. Polar motion is neglected (its matrix is identity: about
// 10 m at the surface).
ItrfState teme_to_itrf(const TemeState& teme, TimePoint ut1) noexcept;

// Earth-fixed position to geodetic coordinates (iterated to 1e-12 rad; exact at the poles and
// the centre, where the longitude is 0).
Geodetic itrf_to_geodetic(const Vector3& position_km) noexcept;

// Geodetic coordinates to an Earth-fixed position.
Vector3 geodetic_to_itrf(const Geodetic& point) noexcept;

}  // namespace gpq::orbit
