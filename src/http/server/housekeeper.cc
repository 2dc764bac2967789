#include "http/server/housekeeper.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <malloc.h>
#include <mutex>
#include <thread>

#include <fmt/core.h>

#include "gpq/error.h"

#include "storage/api_keys.h"

namespace gpq::http {

void Housekeeper::load_counts(TimePoint now) {
  const std::string month = month_of(now);
  quota_.load(month, storage::ApiKeys(accounts_).usage(month));
}

void Housekeeper::start() {
  // A fixed threshold: every block of 128 KiB or more (the caches a new generation rebuilds,
  // the bodies of long pages) is mapped on its own and unmapped when freed. glibc's default
  // raises the threshold to the size of each mapped block freed, after which such blocks
  // came from the heaps and stayed there (docs/PERFORMANCE.md, "Soak").
  constexpr int kMapBlocksFrom = 128 * 1024;
  mallopt(M_MMAP_THRESHOLD, kMapBlocksFrom);
  // One heap per core, not glibc's eight per core: each of the 16 workers filled a heap of
  // its own, and resident memory kept climbing for minutes, more than 10% past the warm-up
  // in bench/soak; with one per core it is flat after the first minute, at the same rate.
  mallopt(M_ARENA_MAX, static_cast<int>(std::max(1U, std::thread::hardware_concurrency())));
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
  // Memory freed below the threshold stays in the arena of the thread that freed it (a worker
  // has its own): trimmed now and then, what no worker uses any more goes back to the system.
  constexpr std::int64_t kTrimEverySeconds = 10;
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  for (std::int64_t second = 1; !wake.wait_for(lock, stop, std::chrono::seconds(1),
                                               [&stop] { return stop.stop_requested(); });
       ++second) {
    save_counts();
    log_.flush();
    if (second % kTrimEverySeconds == 0) {
      malloc_trim(0);
    }
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
    fmt::print(stderr, "gpq serve: could not save quota counts yet: {}\n", error.what());
  }
}

}  // namespace gpq::http
