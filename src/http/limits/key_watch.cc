#include "http/limits/key_watch.h"

#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <utility>

#include <fmt/core.h>

#include "format/process_log.h"

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
        log_message("info", "keys can be read again");
      }
    } catch (const std::exception& error) {
      if (!std::exchange(failing, true)) {
        log_message("error", fmt::format("could not reload keys: {}", error.what()));
      }
    }
  }
}

}  // namespace gpq::http
