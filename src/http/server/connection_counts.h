// The connections a gate holds open, in all and from each client address, against its two
// limits (docs/SERVE.md, "Connections"). Used from the gate's event loop only, but for open().
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <unordered_map>

namespace gpq::http {

class ConnectionCounts {
 public:
  ConnectionCounts(std::size_t max_open, std::size_t max_per_address)
      : max_open_(max_open), max_per_address_(max_per_address) {}

  // Counts a new connection from `address`; false, and nothing counted, when either limit is
  // reached already.
  bool admit(const std::string& address);
  // A connection admitted from `address` has closed.
  void release(const std::string& address);
  // Any thread (admit and release stay on the gate's).
  std::size_t open() const noexcept { return open_.load(std::memory_order_relaxed); }

 private:
  std::size_t max_open_;
  std::size_t max_per_address_;
  std::atomic<std::size_t> open_{0};
  std::unordered_map<std::string, std::size_t> per_address_;  // only addresses with some open
};

}  // namespace gpq::http
