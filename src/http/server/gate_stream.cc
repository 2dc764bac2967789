#include "http/server/gate_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <utility>

#include "http/server/socket_address.h"

namespace gpq::http {

GateStream::GateStream(GateConnection& connection, Clock::time_point read_deadline,
                       std::chrono::milliseconds write_timeout)
    : connection_(connection),
      read_deadline_(read_deadline),
      write_timeout_(write_timeout),
      // Blank lines before a request are skipped (RFC 9112 2.2), as judge_request_head does:
      // httplib would read the first as a request line and answer 400. They count as consumed.
      consumed_(std::min(connection.pending.find_first_not_of("\r\n"), connection.pending.size())) {
}

bool GateStream::wait(short events, Clock::time_point deadline) const {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      return false;
    }
    pollfd one{connection_.fd, events, 0};
    const int ready = ::poll(&one, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready > 0) {
      return true;
    }
    if (ready < 0 && errno != EINTR) {
      return false;
    }
  }
}

bool GateStream::is_readable() const {
  return consumed_ < connection_.pending.size() || wait(POLLIN, read_deadline_);
}

bool GateStream::is_writable() const {
  return wait(POLLOUT, Clock::now() + write_timeout_);
}

ssize_t GateStream::read(char* ptr, std::size_t size) {
  if (consumed_ < connection_.pending.size()) {
    const std::size_t n = std::min(size, connection_.pending.size() - consumed_);
    std::memcpy(ptr, connection_.pending.data() + consumed_, n);
    consumed_ += n;
    return static_cast<ssize_t>(n);
  }
  // Beyond what the gate judged whole: a chunked body, or a malformed head httplib reads on.
  for (;;) {
    const ssize_t n = ::recv(connection_.fd, ptr, size, MSG_DONTWAIT);
    if (n >= 0 || (errno != EAGAIN && errno != EINTR)) {
      return n;
    }
    if (errno == EAGAIN && !wait(POLLIN, read_deadline_)) {
      return -1;
    }
  }
}

ssize_t GateStream::write(const char* ptr, std::size_t size) {
  if (!answer_head_done_) {
    answer_head_.append(ptr, std::min<std::size_t>(size, 65536));
    const std::size_t end = answer_head_.find("\r\n\r\n");
    answer_head_done_ = end != std::string::npos || answer_head_.size() >= 65536;
    if (answer_head_done_) {
      answer_closes_ =
          answer_head_.substr(0, end).find("\r\nConnection: close\r\n") != std::string::npos;
      answer_head_.clear();
    }
  }
  std::size_t sent = 0;
  while (sent < size) {
    const ssize_t n = ::send(connection_.fd, ptr + sent, size - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      if (!wait(POLLOUT, Clock::now() + write_timeout_)) {
        return -1;  // the client reads too slowly
      }
    } else {
      return -1;
    }
  }
  return static_cast<ssize_t>(sent);
}

void GateStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  ip = connection_.peer_ip;
  port = connection_.peer_port;
}

void GateStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  AddressText local;
  if (::getsockname(connection_.fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    local = address_text(address);
  }
  ip = std::move(local.ip);
  port = local.port;
}

socket_t GateStream::socket() const {
  return connection_.fd;
}

}  // namespace gpq::http
