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

double minutes_after_epoch(const ElementSet& set, TimePoint t) {
  return static_cast<double>(t.unix_micros() - set.epoch.unix_micros()) / (60.0 * 1e6);
}

std::string propagation_problem(const Sgp4Result& result, const ElementSet& set, TimePoint t) {
  if (result.error != Sgp4Error::none) {
    return fmt::format("NORAD {}: SGP4 cannot propagate the set of {} to {}: {} (SGP4 error {})",
                       set.norad_id, format_iso8601_millis(set.epoch), format_iso8601_millis(t),
                       to_string(result.error), static_cast<int>(result.error));
  }
  if (!finite(result.state.position_km) || !finite(result.state.velocity_km_s)) {
    return fmt::format("NORAD {}: SGP4 gives no finite state for the set of {} at {}", set.norad_id,
                       format_iso8601_millis(set.epoch), format_iso8601_millis(t));
  }
  return {};
}

SetPropagation propagate_set(const Sgp4Propagator& propagator, const ElementSet& set, TimePoint t,
                             ResonanceCursor* cursor) {
  const double minutes = minutes_after_epoch(set, t);
  const Sgp4Result result =
      cursor != nullptr ? propagator.propagate(minutes, *cursor) : propagator.propagate(minutes);
  return {result.state, propagation_problem(result, set, t)};
}

}  // namespace gpq::orbit
