#include "core/signal_stopper.h"

#include <ctime>
#include <pthread.h>

namespace gpq {

SignalStopper::SignalStopper(std::function<void(int)> on_signal) {
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGINT);
  sigaddset(&signals_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
  try {
    thread_ = std::jthread([this, on_signal = std::move(on_signal)](const std::stop_token& stop) {
      // Waits in short steps so that the destructor's stop request is seen.
      const timespec tick{0, 200'000'000};
      while (!stop.stop_requested()) {
        const int signal = sigtimedwait(&signals_, nullptr, &tick);
        if (signal > 0) {
          on_signal(signal);
        }
      }
    });
  } catch (...) {
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    throw;
  }
}

SignalStopper::~SignalStopper() {
  thread_.request_stop();
  thread_.join();
  pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

}  // namespace gpq
