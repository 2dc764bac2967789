// The outside servers of the fleet tests, redis-server and haproxy, as child processes on
// loopback ports, in a directory of their own. A test fails (never skips) when a program is
// missing: scripts/setup.sh installs them.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace gpq::test {

// A free TCP port on 127.0.0.1 (bound and released, so taken only by a race).
int free_loopback_port();

// The path of `program` in $PATH, /usr/sbin or /sbin; throws (failing the test) when absent.
std::string find_program(const std::string& program);

// Waits up to `seconds` for 127.0.0.1:`port` to accept a connection.
bool wait_for_port(int port, double seconds);

// A program run in the background, its output in `log`; SIGTERM and reaped on stop().
class DaemonProcess {
 public:
  DaemonProcess(std::vector<std::string> argv, std::filesystem::path log);
  ~DaemonProcess();
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;
  DaemonProcess(DaemonProcess&&) = delete;
  DaemonProcess& operator=(DaemonProcess&&) = delete;

  void signal(int number) const;
  // SIGTERM (SIGKILL after 10 s), then reaped. Idempotent.
  void stop();
  bool running() const { return pid_ > 0; }
  std::string log_text() const;

 private:
  pid_t pid_ = -1;
  std::filesystem::path log_;
};

// redis-server on 127.0.0.1:`port` (persisting to an append-only file in `dir`, as a fleet's
// Redis must: it holds the keys).
class RedisServer {
 public:
  RedisServer(std::filesystem::path dir, int port);
  void start();
  void stop() { process_.reset(); }
  void pause() const;   // SIGSTOP: Redis stops answering, connections stay open
  void resume() const;  // SIGCONT
  int port() const { return port_; }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }

 private:
  std::filesystem::path dir_;
  int port_;
  std::unique_ptr<DaemonProcess> process_;
};

// haproxy in front of `backends` (loopback ports) in each backend section, with the settings
// of packaging/haproxy, listening on `port`, and an admin socket for drains. `overrides`
// replaces the lines that start with a text ("timeout client") by another.
class Haproxy {
 public:
  Haproxy(const std::filesystem::path& dir, int port, const std::vector<int>& backends,
          const std::vector<std::pair<std::string, std::string>>& overrides = {});
  int port() const { return port_; }
  // A runtime API command ("set server gpq/gpq1 state drain"); returns the answer.
  std::string command(const std::string& line) const;

 private:
  std::filesystem::path socket_;
  int port_;
  std::unique_ptr<DaemonProcess> process_;
};

}  // namespace gpq::test
