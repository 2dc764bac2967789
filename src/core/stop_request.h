// A request to end long work early (a sync stopped by SIGINT or SIGTERM), polled by that work
// between its units, so that every unit (a transaction, a download) is whole or not begun.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>

namespace gpq {

class StopRequest {
 public:
  // Records the request (the first signal's number is kept) and wakes every sleep_for.
  void request(int signal) noexcept;
  bool requested() const noexcept { return signal_.load(std::memory_order_relaxed) != 0; }
  int signal() const noexcept { return signal_.load(std::memory_order_relaxed); }

  // Throws Error{interrupted} once a stop was requested.
  void throw_if_requested() const;
  // Sleeps for `delay` unless a stop is requested first; then throws Error{interrupted}.
  void sleep_for(std::chrono::microseconds delay) const;

  // Forgets the request (tests, and a process that goes on after an interrupted run).
  void reset() noexcept;

 private:
  friend class StopHook;
  std::atomic<int> signal_{0};
  mutable std::mutex mutex_;
  mutable std::condition_variable woken_;
  std::map<std::uint64_t, std::function<void()>> hooks_;
  std::uint64_t next_hook_ = 0;
};

// While it lives, a stop request also calls `on_stop` (from the thread that made the request;
// it must be quick): for work that waits where no poll reaches it, such as a blocking read,
// which the hook ends by shutting its socket.
class StopHook {
 public:
  StopHook(StopRequest& request, std::function<void()> on_stop);
  ~StopHook();
  StopHook(const StopHook&) = delete;
  StopHook& operator=(const StopHook&) = delete;
  StopHook(StopHook&&) = delete;
  StopHook& operator=(StopHook&&) = delete;

 private:
  StopRequest& request_;
  std::uint64_t id_;
};

// The process's one request: signals are per process.
StopRequest& process_stop_request() noexcept;

}  // namespace gpq
