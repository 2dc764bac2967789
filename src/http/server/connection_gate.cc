#include "http/server/connection_gate.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

#include <httplib.h>

#include "http/server/connection_counts.h"
#include "http/server/descriptor_limit.h"
#include "http/server/socket_address.h"

namespace gpq::http {

namespace {

constexpr std::chrono::milliseconds kNextRequestWait{2};

}  // namespace

class ConnectionGate::EventLoop {
 public:
  EventLoop(int listening, GateLimits limits, Serve serve, Refusal refusal)
      : listening_(listening),
        limits_(limits),
        serve_(std::move(serve)),
        refusal_(std::move(refusal)),
        counts_(std::min(limits.max_connections, connection_descriptors()),
                limits.max_connections_per_address) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epoll_ < 0 || wake_ < 0) {
      throw std::system_error(errno, std::generic_category(), "epoll");
    }
    ::fcntl(listening_, F_SETFL, ::fcntl(listening_, F_GETFL) | O_NONBLOCK);
    watch(listening_);
    watch(wake_);
  }

  ~EventLoop() {
    for (auto& [fd, held] : held_) {
      ::close(fd);
    }
    ::close(listening_);
    ::close(wake_);
    ::close(epoll_);
  }
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;
  EventLoop(EventLoop&&) = delete;
  EventLoop& operator=(EventLoop&&) = delete;

  void run() {
    workers_ = std::make_unique<httplib::ThreadPool>(std::max<std::size_t>(1, limits_.threads));
    std::vector<epoll_event> events(256);
    Clock::time_point last_sweep = Clock::now();
    while (!stopping_) {
      const int n = ::epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), 100);
      for (int i = 0; i < n; ++i) {
        const int fd = events[static_cast<std::size_t>(i)].data.fd;
        if (fd == listening_) {
          accept_all();
        } else if (fd == wake_) {
          take_returned();
        } else {
          on_readable(fd);
        }
      }
      const Clock::time_point now = Clock::now();
      if (now - last_sweep >= std::chrono::milliseconds(100)) {
        sweep(now);
        last_sweep = now;
      }
    }
    // Stop accepting and close what waits; the requests in flight finish on their threads.
    ::close(std::exchange(listening_, -1));
    for (auto& [fd, held] : held_) {
      forget(*held.connection);
      ::close(fd);
    }
    held_.clear();
    workers_->shutdown();
    std::lock_guard lock(returned_mutex_);
    for (auto& [connection, keep] : returned_) {
      if (!connection->given_away) {
        ::close(connection->fd);
      }
    }
    returned_.clear();
  }

  void stop() {
    stopping_ = true;
    wake();
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum class Phase { idle, reading, draining };
  struct Held {
    std::shared_ptr<GateConnection> connection;
    Phase phase = Phase::idle;
    Clock::time_point deadline;
  };

  void watch(int fd) {
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.fd = fd;
    ::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &event);
  }

  void wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wake_, &one, sizeof one);
  }

  void accept_all() {
    for (;;) {
      sockaddr_storage address{};
      socklen_t length = sizeof address;
      const int fd = ::accept4(listening_, reinterpret_cast<sockaddr*>(&address), &length,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE) {
          pause_accepting();
        }
        return;  // EAGAIN: all taken
      }
      auto connection = std::make_shared<GateConnection>();
      connection->fd = fd;
      AddressText peer = address_text(address);
      connection->peer_ip = std::move(peer.ip);
      connection->peer_port = peer.port;
      if (!counts_.admit(connection->peer_ip)) {
        send_refusal(fd, 503);
        ::close(fd);
        continue;
      }
      const int on = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
      // A new connection has the head deadline from its first moment: one that never speaks
      // holds its descriptor no longer than one that trickles.
      held_[fd] = Held{std::move(connection), Phase::reading, Clock::now() + limits_.head_timeout};
      watch(fd);
    }
  }

  // Out of descriptors below our own limit (another process, or the reserve used up): the
  // listening socket would stay readable and the loop spin, so accepting pauses until the
  // next sweep.
  void pause_accepting() {
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, listening_, nullptr);
    accepting_ = false;
  }

  void on_readable(int fd) {
    const auto found = held_.find(fd);
    if (found == held_.end()) {
      return;
    }
    Held& held = found->second;
    char buffer[16384];
    bool ended = false;
    // Read no more than a whole head and body could take: beyond that the judge refuses.
    const std::size_t most = limits_.head.head_bytes + limits_.head.body_bytes + sizeof buffer;
    while (held.phase == Phase::draining || held.connection->pending.size() < most) {
      const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n > 0) {
        if (held.phase != Phase::draining) {
          held.connection->pending.append(buffer, static_cast<std::size_t>(n));
        }
        continue;
      }
      ended = n == 0 || (errno != EAGAIN && errno != EINTR);
      break;
    }
    if (held.phase == Phase::draining) {
      if (ended) {
        close_held(fd);
      }
      return;
    }
    if (held.phase == Phase::idle && !held.connection->pending.empty()) {
      held.phase = Phase::reading;
      held.deadline = Clock::now() + limits_.head_timeout;
    }
    if (!judge(fd, held) && ended) {
      close_held(fd);  // the client went away before its request was whole
    }
  }

  // Dispatches a whole request, refuses a head too large; false while the head is partial.
  bool judge(int fd, Held& held) {
    if (held.connection->pending.empty()) {
      return false;
    }
    const HeadJudgement judgement = judge_request_head(held.connection->pending, limits_.head);
    switch (judgement.state) {
      case HeadJudgement::State::complete:
        dispatch(fd);
        return true;
      case HeadJudgement::State::refused:
        refuse(fd, held, judgement.status);
        return true;
      case HeadJudgement::State::incomplete:
        return false;
    }
    return false;
  }

  void dispatch(int fd) {
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
    auto node = held_.extract(fd);
    std::shared_ptr<GateConnection> connection = std::move(node.mapped().connection);
    ++waiting_;
    workers_->enqueue([this, connection] {
      --waiting_;
      work(connection);
    });
  }

  // On a worker thread: serves the request, then the next ones while they come at once and no
  // other connection waits for a worker.
  void work(const std::shared_ptr<GateConnection>& connection) {
    bool keep = serve_once(*connection);
    while (keep && !stopping_ && waiting_ == 0 && next_request_soon(*connection)) {
      keep = serve_once(*connection);
    }
    {
      std::lock_guard lock(returned_mutex_);
      returned_.emplace_back(connection, keep);
    }
    wake();
  }

  // Serves the whole request at the start of `pending`; whether the connection stays open.
  bool serve_once(GateConnection& connection) {
    const bool close = stopping_ || connection.served + 1 >= limits_.keep_alive_requests;
    GateStream stream(connection, Clock::now() + limits_.head_timeout, limits_.write_timeout);
    bool closed = false;
    bool served = false;
    try {
      served = serve_(stream, close, closed);
    } catch (...) {
      served = false;  // httplib's handlers catch their own; this is the socket failing
    }
    connection.pending.erase(0, stream.consumed());
    ++connection.served;
    return served && !closed && !close && !stream.answer_closes() && stream.consumed() > 0;
  }

  // A busy client sends its next request as soon as it has read the answer: waiting for it
  // here a moment saves two hand-overs between threads per request (a third of the rate on
  // loopback). Whatever is not whole by then goes back to the loop with its bytes, so a slow
  // client holds a worker for this moment at most, once per answer it was given.
  bool next_request_soon(GateConnection& connection) {
    const Clock::time_point until = Clock::now() + kNextRequestWait;
    char buffer[16384];
    for (;;) {
      if (!connection.pending.empty()) {
        const HeadJudgement judgement = judge_request_head(connection.pending, limits_.head);
        if (judgement.state != HeadJudgement::State::incomplete) {
          return judgement.state == HeadJudgement::State::complete;  // refusals: the loop's
        }
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::microseconds>(until - Clock::now()).count();
      pollfd one{connection.fd, POLLIN, 0};
      if (left <= 0 || ::poll(&one, 1, static_cast<int>((left + 999) / 1000)) <= 0) {
        return false;
      }
      const ssize_t n = ::recv(connection.fd, buffer, sizeof buffer, MSG_DONTWAIT);
      if (n <= 0) {
        return false;  // closed, or nothing after all: the loop sees which
      }
      connection.pending.append(buffer, static_cast<std::size_t>(n));
    }
  }

  void take_returned() {
    std::uint64_t count = 0;
    [[maybe_unused]] const ssize_t n = ::read(wake_, &count, sizeof count);
    std::vector<std::pair<std::shared_ptr<GateConnection>, bool>> returned;
    {
      std::lock_guard lock(returned_mutex_);
      returned.swap(returned_);
    }
    const Clock::time_point now = Clock::now();
    for (auto& [connection, keep] : returned) {
      const int fd = connection->fd;
      if (!keep || stopping_) {
        forget(*connection);
        if (!connection->given_away) {
          ::close(fd);
        }
        continue;
      }
      const bool started = !connection->pending.empty();
      Held& held = held_[fd] = Held{std::move(connection), started ? Phase::reading : Phase::idle,
                                    now + (started ? limits_.head_timeout : limits_.keep_alive)};
      watch(fd);
      judge(fd, held);  // a request pipelined behind the last one may be whole already
    }
  }

  void sweep(Clock::time_point now) {
    if (!accepting_) {
      watch(listening_);
      accepting_ = true;
    }
    std::vector<int> expired;
    for (const auto& [fd, held] : held_) {
      if (held.deadline <= now) {
        expired.push_back(fd);
      }
    }
    for (const int fd : expired) {
      Held& held = held_[fd];
      if (held.phase == Phase::reading && !held.connection->pending.empty()) {
        refuse(fd, held, 408);
      } else {
        close_held(fd);
      }
    }
  }

  // Answers `status`, then reads and drops what the client still sends for a moment, so that
  // closing with unread bytes does not reset the connection before the client reads the answer.
  void refuse(int fd, Held& held, int status) {
    send_refusal(fd, status);
    ::shutdown(fd, SHUT_WR);
    held.phase = Phase::draining;
    held.deadline = Clock::now() + std::chrono::seconds(2);
    held.connection->pending.clear();
  }

  void send_refusal(int fd, int status) {
    const std::string answer = refusal_(status);
    [[maybe_unused]] const ssize_t n =
        ::send(fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  }

  void close_held(int fd) {
    const auto found = held_.find(fd);
    if (found == held_.end()) {
      return;
    }
    forget(*found->second.connection);
    held_.erase(found);
    ::close(fd);  // leaves the epoll set with it
  }

  void forget(const GateConnection& connection) { counts_.release(connection.peer_ip); }

 public:
  std::size_t open_connections() const noexcept { return counts_.open(); }

 private:
  int listening_;
  int epoll_ = -1;
  int wake_ = -1;
  GateLimits limits_;
  Serve serve_;
  Refusal refusal_;
  std::unordered_map<int, Held> held_;  // the connections the loop watches, by descriptor
  ConnectionCounts counts_;
  bool accepting_ = true;
  std::mutex returned_mutex_;
  std::vector<std::pair<std::shared_ptr<GateConnection>, bool>> returned_;  // from the workers
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> waiting_{0};  // whole requests handed to the pool, not yet started
  std::unique_ptr<httplib::ThreadPool> workers_;
};

ConnectionGate::ConnectionGate(int listening, GateLimits limits, Serve serve, Refusal refusal)
    : loop_(std::make_unique<EventLoop>(listening, limits, std::move(serve), std::move(refusal))) {}

ConnectionGate::~ConnectionGate() = default;

void ConnectionGate::run() {
  loop_->run();
}

void ConnectionGate::stop() {
  loop_->stop();
}

std::size_t ConnectionGate::open_connections() const noexcept {
  return loop_->open_connections();
}

}  // namespace gpq::http
