// One connection to Redis (hiredis, blocking, with timeouts) and a small pool of them for the
// server's threads. The only file that includes hiredis: everything else sees RedisReply.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "http/limits/redis_url.h"

struct redisContext;

namespace gpq::http {

// Redis did not answer: refused, timed out, or the connection broke. The server turns it
// into a 503 (SERVE.md "A fleet"); the message names the address, never a password.
class RedisUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What Redis answered, reduced to what gpq reads.
struct RedisReply {
  enum class Type : std::uint8_t { nil, integer, text, array, status, error };
  Type type = Type::nil;
  long long integer = 0;
  std::string text;  // text, status and error replies
  std::vector<RedisReply> elements;

  bool is_error() const { return type == Type::error; }
};

struct RedisTimeouts {
  std::chrono::milliseconds connect{100};
  std::chrono::milliseconds command{100};
};

class RedisConnection {
 public:
  // Connects, authenticates and selects the database. Throws RedisUnavailable.
  RedisConnection(const RedisEndpoint& endpoint, RedisTimeouts timeouts);
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;
  RedisConnection(RedisConnection&&) = delete;
  RedisConnection& operator=(RedisConnection&&) = delete;

  // One command, its arguments binary-safe. An error reply comes back as Type::error; a
  // timeout or a broken connection throws RedisUnavailable and leaves this object broken().
  RedisReply command(const std::vector<std::string_view>& args);
  // As command(), throwing RedisUnavailable on an error reply as well.
  RedisReply checked(const std::vector<std::string_view>& args);

  bool broken() const { return broken_; }

 private:
  std::string address_;
  redisContext* context_ = nullptr;
  bool broken_ = false;
};

// Connections for many threads: each call leases one (making it when none is free) and
// returns it afterwards unless it broke. After three failures in a row (one slow answer is not
// an outage), calls fail at once for `backoff`, so that a Redis that is down costs a request
// nothing but the refusal; then calls try again, on new connections.
class RedisPool {
 public:
  RedisPool(RedisEndpoint endpoint, RedisTimeouts timeouts,
            std::chrono::milliseconds backoff = std::chrono::milliseconds(200))
      : endpoint_(std::move(endpoint)), timeouts_(timeouts), backoff_(backoff) {}

  // Told of each use: how long it took, and whether it failed (the server's metrics).
  using Observer = std::function<void(std::chrono::microseconds took, bool failed)>;
  // Before the pool is shared between threads.
  void observe(Observer observer) { observer_ = std::move(observer); }

  // Runs `use(connection)`. Throws RedisUnavailable (from `use`, or at once while backing off).
  template <typename Use>
  auto with(Use&& use) -> decltype(use(std::declval<RedisConnection&>())) {
    const auto started = std::chrono::steady_clock::now();
    const auto took = [&] {
      return std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::steady_clock::now() - started);
    };
    std::unique_ptr<RedisConnection> connection;
    try {
      connection = lease();
      auto result = use(*connection);
      succeeded(std::move(connection));
      if (observer_) {
        observer_(took(), false);
      }
      return result;
    } catch (const RedisUnavailable&) {
      if (connection) {
        failed();
      }
      if (observer_) {
        observer_(took(), true);
      }
      throw;
    }
  }

  const RedisEndpoint& endpoint() const { return endpoint_; }
  const RedisTimeouts& timeouts() const { return timeouts_; }

 private:
  std::unique_ptr<RedisConnection> lease();
  void succeeded(std::unique_ptr<RedisConnection> connection);
  void failed();

  RedisEndpoint endpoint_;
  RedisTimeouts timeouts_;
  Observer observer_;
  std::chrono::milliseconds backoff_;
  std::mutex mutex_;  // guards what follows
  std::vector<std::unique_ptr<RedisConnection>> idle_;
  std::chrono::steady_clock::time_point retry_at_{};
  int failures_in_a_row_ = 0;
};

}  // namespace gpq::http
