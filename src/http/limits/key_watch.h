// A thread that refreshes the key ring every `interval` (50 ms by default), so that a key
// revoked on any node is refused everywhere within that; the ring reloads only when its
// source's version moved, so a quiet poll is one cheap read.
#pragma once

#include <chrono>
#include <stop_token>
#include <thread>

#include "http/limits/key_ring.h"

namespace gpq::http {

class KeyWatch {
 public:
  // `ring` must outlive this object.
  explicit KeyWatch(KeyRing& ring,
                    std::chrono::milliseconds interval = std::chrono::milliseconds(50))
      : ring_(ring), interval_(interval) {}

  // Starts the thread; it stops when this object is destroyed. A failing source is reported
  // on stderr once, and again when it recovers.
  void start();

 private:
  void run(const std::stop_token& stop);

  KeyRing& ring_;
  std::chrono::milliseconds interval_;
  std::jthread thread_;  // last: stopped and joined first
};

}  // namespace gpq::http
