// Where a satellite appears to an observer on the earth: azimuth, elevation, range and range
// rate in the observer's local horizon (topocentric) frame, from Earth-fixed states.
#pragma once

#include "orbit/frames.h"

namespace gpq::orbit {

struct LookAngles {
  double azimuth_deg = 0;      // 0 .. 360, from north through east
  double elevation_deg = 0;    // -90 .. 90, above the plane normal to the ellipsoid's normal
  double range_km = 0;         // observer to satellite
  double range_rate_km_s = 0;  // d(range)/dt, positive when receding
};

// An observer fixed to the earth at `site` (geodetic, WGS-84); no refraction, no light time.
class Observer {
 public:
  explicit Observer(const Geodetic& site) noexcept;

  LookAngles look_at(const ItrfState& satellite) const noexcept;
  const Vector3& position_km() const noexcept { return position_km_; }

 private:
  Vector3 position_km_{};
  // Unit vectors of the local east, north and up (the ellipsoid's normal), Earth-fixed.
  Vector3 east_{};
  Vector3 north_{};
  Vector3 up_{};
};

}  // namespace gpq::orbit
