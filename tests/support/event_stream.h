// A client of /api/v1/stream (docs/STREAM.md) on a thread of its own: it reads the
// server-sent events as they come, as a browser's EventSource would, and keeps them with the
// moment each arrived.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace gpq::test {

struct StreamMessage {
  std::int64_t id = -1;  // -1: the message carried no id
  std::string event;
  std::string data;
  std::chrono::steady_clock::time_point received;
};

class EventStreamClient {
 public:
  // Opens GET /api/v1/stream?`query` on 127.0.0.1:`port` with `key` (empty: none) and, when
  // given, Last-Event-ID.
  EventStreamClient(int port, std::string key, std::string query = "",
                    std::optional<std::int64_t> last_event_id = std::nullopt);
  ~EventStreamClient();  // closes the stream
  EventStreamClient(const EventStreamClient&) = delete;
  EventStreamClient& operator=(const EventStreamClient&) = delete;
  EventStreamClient(EventStreamClient&&) = delete;
  EventStreamClient& operator=(EventStreamClient&&) = delete;

  // Waits until at least `count` messages have come (or `timeout`); returns all so far.
  std::vector<StreamMessage> wait_for(std::size_t count, std::chrono::milliseconds timeout);
  // Waits until the answer's head has come (or `timeout`): its status, 0 when none came.
  int wait_for_status(std::chrono::milliseconds timeout);
  // The body of an answer that was not a stream (a refusal).
  std::string refusal_body();
  std::vector<StreamMessage> messages();
  void close();

 private:
  void take(const char* data, std::size_t size);

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<StreamMessage> messages_;
  std::string pending_;  // text of a message not yet whole
  std::string body_;
  int status_ = 0;
  bool closing_ = false;
  bool ended_ = false;
  std::thread reader_;
};

}  // namespace gpq::test
