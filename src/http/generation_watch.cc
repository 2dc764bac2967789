#include "http/generation_watch.h"

#include "gpq/error.h"
#include "gpq/query_service.h"

namespace gpq::http {

GenerationWatch::GenerationWatch(const QueryService& core, std::chrono::milliseconds poll)
    : core_(core), poll_(poll) {
  read();
  thread_ = std::thread([this] { run(); });
}

GenerationWatch::~GenerationWatch() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_one();
  thread_.join();
}

std::optional<std::int64_t> GenerationWatch::current() const {
  const std::int64_t generation = generation_.load(std::memory_order_acquire);
  if (generation == kUnreadable) {
    return std::nullopt;
  }
  return generation;
}

void GenerationWatch::read() {
  std::int64_t generation = kUnreadable;
  try {
    generation = core_.data_generation();
  } catch (const Error&) {
    // A damaged or vanished file: queries meet the same failure and report it.
  }
  generation_.store(generation, std::memory_order_release);
}

void GenerationWatch::run() {
  std::unique_lock lock(mutex_);
  while (!stop_.wait_for(lock, poll_, [this] { return stopping_; })) {
    lock.unlock();
    read();
    lock.lock();
  }
}

}  // namespace gpq::http
