#include "orbit/secular.h"

namespace gpq::orbit {

MeanState near_earth_secular(const Sgp4Terms& terms, double minutes) noexcept {
  return near_earth_mean(terms, minutes);
}

}  // namespace gpq::orbit
