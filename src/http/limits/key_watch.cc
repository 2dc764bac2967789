#include "http/limits/key_watch.h"

#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <utility>

#include <fmt/core.h>

namespace gpq::http {

void KeyWatch::start() {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

void KeyWatch::run(const std::stop_token& stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  bool failing = false;
  while (!wake.wait_for(lock, stop, interval_, [&stop] { return stop.stop_requested(); })) {
    try {
      ring_.refresh();
      if (std::exchange(failing, false)) {
        fmt::print(stderr, "gpq serve: keys can be read again\n");
      }
    } catch (const std::exception& error) {
      if (!std::exchange(failing, true)) {
        fmt::print(stderr, "gpq serve: could not reload keys: {}\n", error.what());
      }
    }
  }
}

}  // namespace gpq::http
