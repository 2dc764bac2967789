#include "core/stop_request.h"

#include <csignal>

#include "gpq/error.h"

namespace gpq {

void StopRequest::request(int signal) noexcept {
  {
    const std::lock_guard lock(mutex_);
    int none = 0;
    signal_.compare_exchange_strong(none, signal == 0 ? -1 : signal);
    for (const auto& [id, hook] : hooks_) {
      try {
        hook();
      } catch (...) {
        // a hook that fails leaves its work to end at its next poll
      }
    }
  }
  woken_.notify_all();
}

void StopRequest::throw_if_requested() const {
  if (requested()) {
    fail(Errc::interrupted,
         "interrupted by {}: what was committed is kept; the same command again completes it",
         signal() == SIGINT    ? "SIGINT"
         : signal() == SIGTERM ? "SIGTERM"
                               : "a stop request");
  }
}

void StopRequest::sleep_for(std::chrono::microseconds delay) const {
  {
    std::unique_lock lock(mutex_);
    woken_.wait_for(lock, delay, [this] { return requested(); });
  }
  throw_if_requested();
}

void StopRequest::reset() noexcept {
  const std::lock_guard lock(mutex_);
  signal_.store(0);
}

StopHook::StopHook(StopRequest& request, std::function<void()> on_stop) : request_(request) {
  const std::lock_guard lock(request_.mutex_);
  id_ = request_.next_hook_++;
  request_.hooks_.emplace(id_, std::move(on_stop));
}

StopHook::~StopHook() {
  const std::lock_guard lock(request_.mutex_);
  request_.hooks_.erase(id_);
}

StopRequest& process_stop_request() noexcept {
  static StopRequest request;
  return request;
}

}  // namespace gpq
