// A real `gpq serve` as a child process on a free loopback port, stopped with SIGTERM
// when the object goes away.
#pragma once

#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace gpq::test {

class ServeProcess {
 public:
  // Starts `gpq --db DB serve --listen LISTEN ARGS...` and waits (up to 20 s) for its
  // "listening on URL" line. Fails the test (and throws) when it does not come.
  ServeProcess(const std::filesystem::path& db, const std::vector<std::string>& args = {},
               const std::string& listen = "127.0.0.1:0");
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  ServeProcess(ServeProcess&&) = delete;
  ServeProcess& operator=(ServeProcess&&) = delete;

  const std::string& host() const { return host_; }
  int port() const { return port_; }
  // "http://127.0.0.1:PORT/api/v1"
  const std::string& base_url() const { return base_url_; }
  pid_t pid() const { return pid_; }
  // "http://127.0.0.1:PORT/metrics" with --metrics-listen, else empty.
  const std::string& metrics_url() const { return metrics_url_; }

  // SIGTERM, then waits for the exit; the exit code (-1 when killed by a signal).
  int stop();
  // What the server wrote to stderr (access log lines and errors) so far.
  std::string stderr_text() const;

 private:
  pid_t pid_ = -1;
  int exit_code_ = -1;
  std::string err_path_;
  std::string host_ = "127.0.0.1";
  int port_ = 0;
  std::string base_url_;
  std::string metrics_url_;
};

}  // namespace gpq::test
