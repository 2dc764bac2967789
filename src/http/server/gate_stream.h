// httplib's view of one request on a connection the gate holds: the bytes the gate has read
// already come first, then the socket, every wait bounded by a deadline (poll(2), so that
// descriptors above FD_SETSIZE work).
#pragma once

#include <chrono>
#include <string>

#include <httplib.h>

namespace gpq::http {

// A connection held by the gate: its socket, the peer, and bytes read but not yet served.
struct GateConnection {
  int fd = -1;
  std::string peer_ip;
  int peer_port = 0;
  std::string pending;      // read from the socket, not yet handed to httplib
  std::size_t served = 0;   // requests answered on this connection
  bool given_away = false;  // the socket now belongs to another owner (the event stream's hub)
};

class GateStream final : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  // Reads wait until `read_deadline`; each write waits at most `write_timeout` for room.
  GateStream(GateConnection& connection, Clock::time_point read_deadline,
             std::chrono::milliseconds write_timeout);

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, std::size_t size) override;
  ssize_t write(const char* ptr, std::size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override;

  // The bytes of `pending` httplib has read, blank lines before the request included; the
  // rest is the next request, pipelined.
  std::size_t consumed() const { return consumed_; }
  // Whether the answer written said `Connection: close` (httplib says so for its own reasons,
  // and the server for refusals such as smuggling attempts).
  bool answer_closes() const { return answer_closes_; }
  // Hands the socket to another owner: the gate forgets the connection without closing it.
  void give_away() { connection_.given_away = true; }

 private:
  bool wait(short events, Clock::time_point deadline) const;

  GateConnection& connection_;
  Clock::time_point read_deadline_;
  std::chrono::milliseconds write_timeout_;
  std::size_t consumed_ = 0;
  std::string answer_head_;  // the answer's status line and headers, until they end
  bool answer_head_done_ = false;
  bool answer_closes_ = false;
};

}  // namespace gpq::http
