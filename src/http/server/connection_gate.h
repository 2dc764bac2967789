// The connections of `gpq serve`, held on one event loop (epoll) until a whole request has
// arrived; only then does the request take one of the worker threads, and between requests a
// kept-alive connection goes back to the loop. A client that trickles its head, or sits idle,
// holds a descriptor and a few bytes, never a thread; its deadline closes it. docs/SERVE.md,
// "Connections".
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "http/server/gate_stream.h"
#include "http/server/request_head.h"

namespace gpq::http {

struct GateLimits {
  std::size_t threads = 16;                         // requests computed at once
  std::chrono::milliseconds head_timeout{10'000};   // a request's head, from its first byte
  std::chrono::milliseconds keep_alive{5'000};      // idle between two requests
  std::chrono::milliseconds write_timeout{10'000};  // a client that does not read its answer
  std::size_t keep_alive_requests = 100'000;        // then the connection closes
  std::size_t max_connections = 10'000;             // open at once, lowered to the fd limit
  std::size_t max_connections_per_address = 1'024;
  HeadLimits head;
};

class ConnectionGate {
 public:
  // Serves one whole request on a worker thread (httplib's process_request). `close` asks it
  // to close the connection after this answer; it sets `closed` when it did, and returns false
  // when the connection failed.
  using Serve = std::function<bool(GateStream& stream, bool close, bool& closed)>;
  // The whole HTTP answer the gate sends by itself before closing: 408 (a head too slow),
  // 414/431 (a head too large), 503 (too many connections).
  using Refusal = std::function<std::string(int status)>;

  // `listening` is a bound, listening socket; the gate takes it over and closes it.
  ConnectionGate(int listening, GateLimits limits, Serve serve, Refusal refusal);
  ~ConnectionGate();
  ConnectionGate(const ConnectionGate&) = delete;
  ConnectionGate& operator=(const ConnectionGate&) = delete;
  ConnectionGate(ConnectionGate&&) = delete;
  ConnectionGate& operator=(ConnectionGate&&) = delete;

  // Runs the loop until stop(): then it stops accepting, closes the idle connections, lets the
  // requests in flight finish, and returns.
  void run();
  // Any thread, any number of times.
  void stop();
  // Client connections open now; any thread.
  std::size_t open_connections() const noexcept;

 private:
  class EventLoop;
  std::unique_ptr<EventLoop> loop_;
};

}  // namespace gpq::http
