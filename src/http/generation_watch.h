// The data generation the reply cache checks its entries against, read from the database by
// a thread of its own every few milliseconds. A request then reads an atomic: reading the
// generation itself is a read transaction (the store's lock and two fcntl calls), which cut
// the rate of kept replies by about a sixth.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>

namespace gpq {
class QueryService;
}

namespace gpq::http {

// A commit by another process reaches current() within one poll interval.
inline constexpr std::chrono::milliseconds kGenerationPoll{10};

class GenerationWatch {
 public:
  // Reads the generation before returning, then every `poll` until destroyed. `core` must
  // outlive the watch.
  GenerationWatch(const QueryService& core, std::chrono::milliseconds poll);
  ~GenerationWatch();
  GenerationWatch(const GenerationWatch&) = delete;
  GenerationWatch& operator=(const GenerationWatch&) = delete;
  GenerationWatch(GenerationWatch&&) = delete;
  GenerationWatch& operator=(GenerationWatch&&) = delete;

  // The generation last read; none when that read failed (nothing may be cached then).
  std::optional<std::int64_t> current() const;

 private:
  static constexpr std::int64_t kUnreadable = std::numeric_limits<std::int64_t>::min();

  void read();
  void run();

  const QueryService& core_;
  const std::chrono::milliseconds poll_;
  std::atomic<std::int64_t> generation_{kUnreadable};
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace gpq::http
