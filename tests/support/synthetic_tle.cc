// Synthetic element sets with realistic digit counts.
#include "support/synthetic_tle.h"

#include <fmt/core.h>

#include "gpq/tle.h"

namespace gpq::test {

ElementSet synthetic_set(std::int64_t i, std::int32_t objects) {
  ElementSet set;
  const std::int64_t round = i / objects;
  const std::int64_t id = i % objects + 1;
  set.norad_id = static_cast<std::int32_t>(i % objects) + 1;
  set.object_name = fmt::format("SAT {}", set.norad_id);
  set.object_id = fmt::format("{}-{:03}A", 2000 + set.norad_id % 26, set.norad_id % 999 + 1);
  // 2026-01-01 plus ~8 hours per round, on whole multiples of 864 us like real TLE epochs.
  set.epoch = TimePoint::from_unix_micros(1'767'225'600'000'000 + round * 28'800'000'000 +
                                          (set.norad_id % 1000) * 864 * 1000);
  set.mean_motion = 15.0 + static_cast<double>(set.norad_id % 100) / 100.0 +
                    static_cast<double>(round % 997) * 1e-8;
  set.eccentricity = static_cast<double>((id * 37 + round) % 9999) * 1e-7;
  set.inclination = static_cast<double>((id * 131) % 1800000) / 10000.0;
  set.ra_of_asc_node = static_cast<double>((id * 7919 + round * 101) % 3600000) / 1e4;
  set.arg_of_pericenter = static_cast<double>((id * 104729 + round) % 3600000) / 1e4;
  set.mean_anomaly = static_cast<double>((id * 1299709 + round * 7) % 3600000) / 1e4;
  set.bstar = static_cast<double>(10000 + (set.norad_id + round) % 89999) * 1e-9;
  set.mean_motion_dot = static_cast<double>((set.norad_id + round) % 9999) * 1e-8;
  set.rev_at_epoch = static_cast<std::int32_t>((round * 3 + set.norad_id) % 100000);
  set.element_set_no = 999;
  return set;
}

std::string synthetic_3le(std::int64_t count, std::int32_t objects) {
  return synthetic_3le_range(0, count, objects);
}

std::string synthetic_3le_range(std::int64_t first, std::int64_t count, std::int32_t objects) {
  std::string text;
  text.reserve(static_cast<std::size_t>(count) * 165);
  for (std::int64_t i = first; i < first + count; ++i) {
    const ElementSet set = synthetic_set(i, objects);
    fmt::format_to(std::back_inserter(text), "{:<24}\n{}\n{}\n", set.object_name,
                   format_tle_line1(set), format_tle_line2(set));
  }
  return text;
}

}  // namespace gpq::test
