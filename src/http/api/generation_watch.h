// The data generation the reply cache checks its entries against, read from the database by
// a thread of its own every few milliseconds. A request then reads an atomic: reading the
// generation itself is a read transaction (the store's lock and two fcntl calls), which cut
// the rate of kept replies by about a sixth.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stop_token>
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
  GenerationWatch(const GenerationWatch&) = delete;
  GenerationWatch& operator=(const GenerationWatch&) = delete;
  GenerationWatch(GenerationWatch&&) = delete;
  GenerationWatch& operator=(GenerationWatch&&) = delete;

  // The generation last read; none when that read failed (nothing may be cached then).
  std::optional<std::int64_t> current() const;

 private:
  static constexpr std::int64_t kUnreadable = std::numeric_limits<std::int64_t>::min();

  void read();
  void run(const std::stop_token& stop);

  const QueryService& core_;
  const std::chrono::milliseconds poll_;
  std::atomic<std::int64_t> generation_{kUnreadable};
  std::jthread thread_;  // last: stopped and joined first when the watch is destroyed
};

}  // namespace gpq::http
