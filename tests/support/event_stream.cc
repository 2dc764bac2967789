#include "support/event_stream.h"

#include <httplib.h>

namespace gpq::test {

EventStreamClient::EventStreamClient(int port, std::string key, std::string query,
                                     std::optional<std::int64_t> last_event_id) {
  reader_ =
      std::thread([this, port, key = std::move(key), query = std::move(query), last_event_id] {
        httplib::Client client("127.0.0.1", port);
        client.set_read_timeout(5, 0);
        httplib::Headers headers;
        if (!key.empty()) {
          headers.emplace("X-Api-Key", key);
        }
        if (last_event_id) {
          headers.emplace("Last-Event-ID", std::to_string(*last_event_id));
        }
        const std::string path = "/api/v1/stream" + (query.empty() ? "" : "?" + query);
        client.Get(
            path, headers,
            [this](const httplib::Response& response) {
              const std::lock_guard lock(mutex_);
              status_ = response.status;
              changed_.notify_all();
              return true;
            },
            [this](const char* data, std::size_t size) {
              take(data, size);
              const std::lock_guard lock(mutex_);
              return !closing_;
            });
        const std::lock_guard lock(mutex_);
        ended_ = true;
        changed_.notify_all();
      });
}

EventStreamClient::~EventStreamClient() {
  close();
}

void EventStreamClient::close() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
  }
  if (reader_.joinable()) {
    reader_.join();  // within the keep-alive interval: the next bytes end the read
  }
}

void EventStreamClient::take(const char* data, std::size_t size) {
  const std::lock_guard lock(mutex_);
  if (status_ != 200) {
    body_.append(data, size);
    return;
  }
  pending_.append(data, size);
  for (std::size_t end = pending_.find("\n\n"); end != std::string::npos;
       end = pending_.find("\n\n")) {
    const std::string block = pending_.substr(0, end);
    pending_.erase(0, end + 2);
    StreamMessage message;
    bool any = false;
    std::size_t start = 0;
    while (start <= block.size()) {
      const std::size_t line_end = std::min(block.find('\n', start), block.size());
      const std::string line = block.substr(start, line_end - start);
      start = line_end + 1;
      if (line.starts_with("id: ")) {
        message.id = std::stoll(line.substr(4));
        any = true;
      } else if (line.starts_with("event: ")) {
        message.event = line.substr(7);
        any = true;
      } else if (line.starts_with("data: ")) {
        message.data += line.substr(6);
        any = true;
      }
    }
    if (any) {
      message.received = std::chrono::steady_clock::now();
      messages_.push_back(std::move(message));
      changed_.notify_all();
    }
  }
}

std::vector<StreamMessage> EventStreamClient::wait_for(std::size_t count,
                                                       std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return messages_.size() >= count || ended_; });
  return messages_;
}

int EventStreamClient::wait_for_status(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return status_ != 0 || ended_; });
  return status_;
}

std::string EventStreamClient::refusal_body() {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, std::chrono::seconds(5), [&] { return ended_; });
  return body_;
}

std::vector<StreamMessage> EventStreamClient::messages() {
  const std::lock_guard lock(mutex_);
  return messages_;
}

}  // namespace gpq::test
