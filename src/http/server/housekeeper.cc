#include "http/server/housekeeper.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include <fmt/core.h>

#include "gpq/error.h"

#include "format/process_log.h"
#include "storage/api_keys.h"

namespace gpq::http {

void Housekeeper::load_counts(TimePoint now) {
  const std::string month = month_of(now);
  quota_.load(month, storage::ApiKeys(accounts_).usage(month));
}

void Housekeeper::start() {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

void Housekeeper::finish() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
  save_counts();
  log_.flush();
}

void Housekeeper::run(const std::stop_token& stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  while (!wake.wait_for(lock, stop, std::chrono::seconds(1),
                        [&stop] { return stop.stop_requested(); })) {
    save_counts();
    log_.flush();
  }
}

void Housekeeper::save_counts() {
  const QuotaBook::Pending pending = quota_.take_pending();
  try {
    storage::ApiKeys keys(accounts_);
    for (const auto& [month, counts] : pending) {
      keys.add_usage(month, counts);
    }
  } catch (const Error& error) {
    // Kept for the next round: a sync may hold the write lock for a while.
    quota_.restore(pending);
    log_message("error", fmt::format("could not save quota counts yet: {}", error.what()));
  }
}

}  // namespace gpq::http
