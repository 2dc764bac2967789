// Graceful shutdown on SIGINT and SIGTERM, without signal handlers: `gpq serve` drains, `gpq
// sync` finishes or rolls back the transaction in flight.
#pragma once

#include <functional>
#include <signal.h>
#include <thread>

namespace gpq {

// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread it starts after
// this object, and calls `on_signal` with the signal's number, from a thread of its own, for
// each one that arrives. The destructor stops that thread and restores the previous signal mask.
class SignalStopper {
 public:
  explicit SignalStopper(std::function<void(int)> on_signal);
  ~SignalStopper();
  SignalStopper(const SignalStopper&) = delete;
  SignalStopper& operator=(const SignalStopper&) = delete;
  SignalStopper(SignalStopper&&) = delete;
  SignalStopper& operator=(SignalStopper&&) = delete;

 private:
  sigset_t signals_{};
  sigset_t previous_{};
  std::jthread thread_;
};

}  // namespace gpq
