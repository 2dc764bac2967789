#include "orbit/set_propagation.h"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

namespace gpq::orbit {
namespace {

bool finite(const std::array<double, 3>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

}  // namespace

SetPropagation propagate_set(const Sgp4Propagator& propagator, const ElementSet& set, TimePoint t,
                             ResonanceCursor* cursor) {
  const double minutes =
      static_cast<double>(t.unix_micros() - set.epoch.unix_micros()) / (60.0 * 1e6);
  const Sgp4Result result =
      cursor != nullptr ? propagator.propagate(minutes, *cursor) : propagator.propagate(minutes);
  SetPropagation out{result.state, {}};
  if (result.error != Sgp4Error::none) {
    out.problem =
        fmt::format("NORAD {}: SGP4 cannot propagate the set of {} to {}: {} (SGP4 error {})",
                    set.norad_id, format_iso8601_millis(set.epoch), format_iso8601_millis(t),
                    to_string(result.error), static_cast<int>(result.error));
  } else if (!finite(result.state.position_km) || !finite(result.state.velocity_km_s)) {
    out.problem =
        fmt::format("NORAD {}: SGP4 gives no finite state for the set of {} at {}", set.norad_id,
                    format_iso8601_millis(set.epoch), format_iso8601_millis(t));
  }
  return out;
}

}  // namespace gpq::orbit
