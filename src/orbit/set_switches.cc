#include "orbit/set_switches.h"

#include <algorithm>
#include <limits>

namespace gpq::orbit {

std::vector<CurrentPart> current_parts(std::span<const ElementSet> sets, TimePoint from,
                                       TimePoint to, std::int64_t max_age_micros) {
  std::vector<CurrentPart> parts;
  const auto seconds = [&](double micros) {
    return (micros - static_cast<double>(from.unix_micros())) / 1e6;
  };
  const double length = seconds(static_cast<double>(to.unix_micros()));
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const auto epoch = static_cast<double>(sets[i].epoch.unix_micros());
    const auto age = static_cast<double>(max_age_micros);
    // Halfway to the neighbours' epochs.
    double begin =
        i == 0 ? -std::numeric_limits<double>::infinity()
               : seconds(0.5 * (static_cast<double>(sets[i - 1].epoch.unix_micros()) + epoch));
    double end =
        i + 1 == sets.size()
            ? std::numeric_limits<double>::infinity()
            : seconds(0.5 * (epoch + static_cast<double>(sets[i + 1].epoch.unix_micros())));
    begin = std::max({begin, seconds(epoch - age), 0.0});
    end = std::min({end, seconds(epoch + age), length});
    if (begin < end) {
      parts.push_back({i, begin, end});
    }
  }
  return parts;
}

}  // namespace gpq::orbit
