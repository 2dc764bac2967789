#include "orbit/short_period.h"

namespace gpq::orbit {

Sgp4Error osculating_state(const OsculatingInput& in, const GravityConstants& gravity,
                           TemeState& state) noexcept {
  StateOf<double> lanes{};
  const std::int64_t error = osculating(in, gravity, lanes);
  state.position_km = lanes.position_km;
  state.velocity_km_s = lanes.velocity_km_s;
  return static_cast<Sgp4Error>(error);
}

}  // namespace gpq::orbit
