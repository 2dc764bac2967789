// Waits between attempts: exponential backoff with jitter, or what Retry-After asks.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace gpq::sync {

// Before attempt `attempt` (1 = the first retry): about 1 s, 2 s, 4 s ... (at most 60 s), each
// scaled by a random factor in [0.5, 1.5) so that many clients do not retry in step.
// `retry_after` (the header's text, seconds) wins when it is a number, capped at 300 s.
std::chrono::milliseconds backoff_delay(int attempt, const std::string& retry_after = {});

void sleep_for(std::chrono::milliseconds delay);

}  // namespace gpq::sync
