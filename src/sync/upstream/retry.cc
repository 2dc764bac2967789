#include "sync/upstream/retry.h"

#include <algorithm>
#include <charconv>
#include <random>

#include "core/stop_request.h"

namespace gpq::sync {

std::chrono::milliseconds backoff_delay(int attempt, const std::string& retry_after) {
  int seconds = 0;
  const auto [end, error] =
      std::from_chars(retry_after.data(), retry_after.data() + retry_after.size(), seconds);
  if (!retry_after.empty() && error == std::errc() &&
      end == retry_after.data() + retry_after.size()) {
    return std::chrono::seconds(std::clamp(seconds, 0, 300));
  }
  thread_local std::mt19937 random{std::random_device{}()};
  std::uniform_real_distribution<double> jitter(0.5, 1.5);
  const double base_ms = 1000.0 * static_cast<double>(1 << std::clamp(attempt - 1, 0, 6));
  return std::chrono::milliseconds(
      static_cast<std::int64_t>(std::min(60'000.0, base_ms) * jitter(random)));
}

void sleep_for(std::chrono::milliseconds delay) {
  process_stop_request().sleep_for(delay);  // a stop ends the wait, and the run
}

}  // namespace gpq::sync
