#include "http/server/stream_hub.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <mutex>
#include <string>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/change_texts.h"
#include "format/process_log.h"
#include "storage/change_events.h"

namespace gpq::http {
namespace {

using Clock = std::chrono::steady_clock;

// Events read per pass: a client resuming from far back is served in steps, the others
// meanwhile.
constexpr std::size_t kEventsPerPass = 512;
constexpr int kLookEveryMs = 100;

// One chunk of the chunked answer.
void append_chunk(std::string_view text, std::string& out) {
  fmt::format_to(std::back_inserter(out), "{:x}\r\n", text.size());
  out += text;
  out += "\r\n";
}

std::string message(const ChangeEvent& event, std::string_view json) {
  return fmt::format("id: {}\nevent: {}\ndata: {}\n\n", event.id, to_string(event.kind), json);
}

}  // namespace

class StreamHub::Loop {
 public:
  Loop(std::filesystem::path database, const QueryService& core, StreamLimits limits)
      : database_(std::move(database)), texts_(core), limits_(limits) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epoll_ < 0 || wake_ < 0) {
      throw std::system_error(errno, std::generic_category(), "epoll");
    }
    epoll_event event{};
    event.events = EPOLLIN;
    event.data.fd = wake_;
    ::epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &event);
  }

  ~Loop() {
    stop();
    for (const Incoming& incoming : incoming_) {
      ::close(incoming.fd);
    }
    ::close(wake_);
    ::close(epoll_);
  }
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;
  Loop(Loop&&) = delete;
  Loop& operator=(Loop&&) = delete;

  void start() {
    thread_ = std::thread([this] { run(); });
  }

  void stop() {
    stopping_ = true;
    wake();
    if (thread_.joinable()) {
      thread_.join();
    }
  }

  bool admits(std::int64_t key) const {
    const std::lock_guard lock(mutex_);
    const auto found = per_key_.find(key);
    return found == per_key_.end() || found->second < limits_.per_key;
  }

  void adopt(int fd, StreamStart start) {
    {
      const std::lock_guard lock(mutex_);
      ++per_key_[start.key];
      incoming_.push_back({fd, std::move(start)});
    }
    open_.fetch_add(1, std::memory_order_relaxed);
    wake();
  }

  std::size_t open() const noexcept { return open_.load(std::memory_order_relaxed); }

 private:
  struct Incoming {
    int fd;
    StreamStart start;
  };
  struct Client {
    std::int64_t key = 0;
    ChangeFilter filter;
    std::int64_t last_id = 0;
    std::string out;  // chunks not yet written
    Clock::time_point last_sent;
    bool waits_to_write = false;  // EPOLLOUT asked
  };

  void wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wake_, &one, sizeof one);
  }

  void run() {
    try {
      reader_ = std::make_unique<storage::ChangeEventReader>(database_);
    } catch (const std::exception& e) {
      log_message("error", fmt::format("the event stream cannot read the database: {}", e.what()));
    }
    std::vector<epoll_event> events(256);
    bool behind = false;
    while (!stopping_) {
      const int n = ::epoll_wait(epoll_, events.data(), static_cast<int>(events.size()),
                                 behind ? 0 : kLookEveryMs);
      for (int i = 0; i < n; ++i) {
        const epoll_event& event = events[static_cast<std::size_t>(i)];
        if (event.data.fd == wake_) {
          std::uint64_t count = 0;
          [[maybe_unused]] const ssize_t r = ::read(wake_, &count, sizeof count);
        } else {
          on_socket(event.data.fd, event.events);
        }
      }
      take_incoming();
      behind = deliver();
      keep_alive();
    }
    for (auto& [fd, client] : clients_) {
      append_chunk("", client.out);  // the last chunk: the answer ends
      [[maybe_unused]] const ssize_t sent =
          ::send(fd, client.out.data(), client.out.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
      ::close(fd);
    }
    clients_.clear();
  }

  void on_socket(int fd, std::uint32_t ready) {
    const auto found = clients_.find(fd);
    if (found == clients_.end()) {
      return;
    }
    if ((ready & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0) {
      close_client(fd);
      return;
    }
    if ((ready & EPOLLIN) != 0) {
      char ignored[4096];  // a client says nothing more on a stream
      const ssize_t n = ::recv(fd, ignored, sizeof ignored, MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        close_client(fd);
        return;
      }
    }
    if ((ready & EPOLLOUT) != 0) {
      flush(fd, found->second);
    }
  }

  void take_incoming() {
    std::vector<Incoming> taken;
    {
      const std::lock_guard lock(mutex_);
      taken.swap(incoming_);
    }
    if (taken.empty()) {
      return;
    }
    const std::int64_t newest = read_bound(&storage::ChangeEventReader::newest_id);
    const std::int64_t oldest = read_bound(&storage::ChangeEventReader::oldest_id);
    for (Incoming& incoming : taken) {
      Client client;
      client.key = incoming.start.key;
      client.filter = std::move(incoming.start.filter);
      client.last_id = std::min(incoming.start.last_event_id.value_or(newest), newest);
      // How long to wait before reconnecting, then a line the client sees at once.
      append_chunk("retry: 1000\n: gpq change stream\n\n", client.out);
      if (incoming.start.last_event_id && oldest > 0 && client.last_id + 1 < oldest) {
        // Events after the id asked were dropped (older than the retention): say so first.
        append_chunk(fmt::format("event: gap\ndata: {{\"after\":{},\"oldest\":{}}}\n\n",
                                 client.last_id, oldest),
                     client.out);
      }
      epoll_event event{};
      event.events = EPOLLIN | EPOLLRDHUP;
      event.data.fd = incoming.fd;
      ::epoll_ctl(epoll_, EPOLL_CTL_ADD, incoming.fd, &event);
      Client& placed = clients_[incoming.fd] = std::move(client);
      flush(incoming.fd, placed);
    }
  }

  std::int64_t read_bound(std::int64_t (storage::ChangeEventReader::*bound)()) {
    if (!reader_) {
      return 0;
    }
    try {
      return ((*reader_).*bound)();
    } catch (const std::exception& e) {
      log_message("error", fmt::format("the event stream cannot read events: {}", e.what()));
      return 0;
    }
  }

  // Sends what is new to each client behind; true when more is waiting than one pass reads.
  bool deliver() {
    if (clients_.empty() || !reader_) {
      return false;
    }
    const std::int64_t newest = read_bound(&storage::ChangeEventReader::newest_id);
    std::int64_t from = newest;
    for (const auto& [fd, client] : clients_) {
      from = std::min(from, client.last_id);
    }
    if (from >= newest) {
      return false;
    }
    std::vector<ChangeEvent> events;
    try {
      events = reader_->after(from, kEventsPerPass);
    } catch (const std::exception& e) {
      log_message("error", fmt::format("the event stream cannot read events: {}", e.what()));
      return false;
    }
    for (const ChangeEvent& event : events) {
      std::optional<std::string> text;  // rendered once, for the first client it goes to
      for (auto& [fd, client] : clients_) {
        if (client.last_id >= event.id) {
          continue;
        }
        client.last_id = event.id;
        if (texts_.admits(client.filter, event)) {
          if (!text) {
            text = message(event, texts_.json(event));
          }
          append_chunk(*text, client.out);
        }
      }
    }
    std::vector<int> fds;
    for (auto& [fd, client] : clients_) {
      if (!client.out.empty()) {
        fds.push_back(fd);
      }
    }
    for (const int fd : fds) {
      if (const auto found = clients_.find(fd); found != clients_.end()) {
        flush(fd, found->second);
      }
    }
    return events.size() == kEventsPerPass;
  }

  void keep_alive() {
    const Clock::time_point now = Clock::now();
    std::vector<int> due;
    for (auto& [fd, client] : clients_) {
      if (client.out.empty() && now - client.last_sent >= limits_.keep_alive) {
        append_chunk(": keep-alive\n\n", client.out);
        due.push_back(fd);
      }
    }
    for (const int fd : due) {
      flush(fd, clients_[fd]);
    }
  }

  // Writes what the socket takes; waits for room (EPOLLOUT) for the rest. A client that lets
  // more than the limit pile up is closed: it resumes from its last id.
  void flush(int fd, Client& client) {
    while (!client.out.empty()) {
      const ssize_t n =
          ::send(fd, client.out.data(), client.out.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n > 0) {
        client.out.erase(0, static_cast<std::size_t>(n));
        client.last_sent = Clock::now();
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
        break;
      }
      close_client(fd);
      return;
    }
    if (client.out.size() > limits_.buffered_bytes) {
      close_client(fd);
      return;
    }
    const bool wait = !client.out.empty();
    if (wait != client.waits_to_write) {
      epoll_event event{};
      event.events = EPOLLIN | EPOLLRDHUP | (wait ? EPOLLOUT : 0U);
      event.data.fd = fd;
      ::epoll_ctl(epoll_, EPOLL_CTL_MOD, fd, &event);
      client.waits_to_write = wait;
    }
  }

  void close_client(int fd) {
    const auto found = clients_.find(fd);
    if (found == clients_.end()) {
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      if (--per_key_[found->second.key] == 0) {
        per_key_.erase(found->second.key);
      }
    }
    clients_.erase(found);
    ::close(fd);  // leaves the epoll set with it
    open_.fetch_sub(1, std::memory_order_relaxed);
  }

  std::filesystem::path database_;
  ChangeTexts texts_;
  StreamLimits limits_;
  int epoll_ = -1;
  int wake_ = -1;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::unique_ptr<storage::ChangeEventReader> reader_;  // on the thread
  std::unordered_map<int, Client> clients_;             // on the thread
  mutable std::mutex mutex_;                            // guards the two below
  std::vector<Incoming> incoming_;
  std::unordered_map<std::int64_t, std::size_t> per_key_;
  std::atomic<std::size_t> open_{0};
};

StreamHub::StreamHub(const std::filesystem::path& database, const QueryService& core,
                     StreamLimits limits)
    : loop_(std::make_unique<Loop>(database, core, limits)) {}

StreamHub::~StreamHub() = default;

void StreamHub::start() {
  loop_->start();
}

void StreamHub::stop() {
  loop_->stop();
}

bool StreamHub::admits(std::int64_t key) const {
  return loop_->admits(key);
}

void StreamHub::adopt(int fd, StreamStart start) {
  loop_->adopt(fd, std::move(start));
}

std::size_t StreamHub::open() const noexcept {
  return loop_->open();
}

}  // namespace gpq::http
