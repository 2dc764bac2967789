#include "http/api/generation_watch.h"

#include <condition_variable>
#include <mutex>

#include "gpq/error.h"
#include "gpq/query_service.h"

namespace gpq::http {

GenerationWatch::GenerationWatch(const QueryService& core, std::chrono::milliseconds poll)
    : core_(core), poll_(poll) {
  read();
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

std::optional<std::int64_t> GenerationWatch::current() const {
  const std::int64_t generation = generation_.load(std::memory_order_acquire);
  if (generation == kUnreadable) {
    return std::nullopt;
  }
  return generation;
}

void GenerationWatch::read() {
  std::int64_t generation = kUnreadable;
  try {
    generation = core_.data_generation();
  } catch (const Error&) {
    // A damaged or vanished file: queries meet the same failure and report it.
  }
  generation_.store(generation, std::memory_order_release);
}

// Sleeps `poll_` between reads; a stop request (the jthread's destructor) ends the wait.
void GenerationWatch::run(const std::stop_token& stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  while (!wake.wait_for(lock, stop, poll_, [&stop] { return stop.stop_requested(); })) {
    read();
  }
}

}  // namespace gpq::http
