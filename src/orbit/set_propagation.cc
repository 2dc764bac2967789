#include "orbit/set_propagation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

#include <fmt/core.h>

#include "gpq/error.h"

namespace gpq::orbit {
namespace {

std::string_view theory_name(std::int8_t ephemeris_type) {
  switch (ephemeris_type) {
    case 1:
      return "SGP";
    case kSgp4XpEphemerisType:
      return "SGP4-XP";
    case 5:
      return "SDP8";
    default:
      return "a theory gpq does not know";
  }
}

}  // namespace

bool finite(const TemeState& state) {
  const auto all_finite = [](const std::array<double, 3>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
  };
  return all_finite(state.position_km) && all_finite(state.velocity_km_s);
}

double minutes_after_epoch(const ElementSet& set, TimePoint t) {
  return static_cast<double>(t.unix_micros() - set.epoch.unix_micros()) / (60.0 * 1e6);
}

std::string theory_problem(const ElementSet& set) {
  if (is_sgp4_ephemeris_type(set.ephemeris_type)) {
    return {};
  }
  return fmt::format(
      "NORAD {}: the set of {} is EPHEMERIS_TYPE {} ({}), which SGP4 does not propagate; gpq "
      "propagates SGP4 sets only (EPHEMERIS_TYPE 0, or 2 and 3 of the older convention)",
      set.norad_id, format_iso8601_millis(set.epoch), static_cast<int>(set.ephemeris_type),
      theory_name(set.ephemeris_type));
}

void require_sgp4_set(const ElementSet& set) {
  if (std::string problem = theory_problem(set); !problem.empty()) {
    throw Error(Errc::unprocessable, problem);
  }
}

std::string propagation_problem(const Sgp4Result& result, const ElementSet& set, TimePoint t) {
  if (result.error != Sgp4Error::none) {
    return fmt::format("NORAD {}: SGP4 cannot propagate the set of {} to {}: {} (SGP4 error {})",
                       set.norad_id, format_iso8601_millis(set.epoch), format_iso8601_millis(t),
                       to_string(result.error), static_cast<int>(result.error));
  }
  if (!finite(result.state)) {
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
