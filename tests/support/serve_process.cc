#include "support/serve_process.h"

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <regex>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "support/process.h"

namespace gpq::test {

ServeProcess::ServeProcess(const std::filesystem::path& db, const std::vector<std::string>& args,
                           const std::string& listen) {
  int out_pipe[2];
  if (pipe(out_pipe) != 0) {
    throw std::runtime_error("pipe failed");
  }
  std::string pattern = "/tmp/gpq-serve-err-XXXXXX";
  const int err_fd = mkstemp(pattern.data());
  err_path_ = pattern;
  std::vector<std::string> argv{GPQ_BINARY, "--db", db.string(), "serve", "--listen", listen};
  // Idle connections close soon, unless a test sets its own keep-alive.
  if (std::find(args.begin(), args.end(), "--keep-alive") == args.end()) {
    argv.insert(argv.end(), {"--keep-alive", "1"});
  }
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  if (pid_ == 0) {
    const int null_fd = open("/dev/null", O_RDONLY);
    dup2(null_fd, STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    close(out_pipe[0]);
    std::vector<char*> raw;
    for (std::string& arg : argv) {
      raw.push_back(arg.data());
    }
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_fd);
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  const std::regex listening(R"(listening on (http://([0-9.]+):([0-9]+)/api/v1))");
  std::smatch match;
  while (!std::regex_search(out, match, listening) && std::chrono::steady_clock::now() < deadline) {
    pollfd fd{out_pipe[0], POLLIN, 0};
    if (poll(&fd, 1, 100) > 0) {
      char buffer[512];
      const ssize_t n = read(out_pipe[0], buffer, sizeof buffer);
      if (n <= 0) {
        break;  // the server exited
      }
      out.append(buffer, static_cast<std::size_t>(n));
    }
  }
  close(out_pipe[0]);
  if (match.empty()) {
    const std::string err = stderr_text();
    stop();
    ADD_FAILURE() << "gpq serve did not start: " << out << err;
    throw std::runtime_error("gpq serve did not start: " + err);
  }
  base_url_ = match[1];
  host_ = match[2];
  port_ = std::stoi(match[3]);
  const std::regex metrics(R"(metrics at (http://[0-9.]+:[0-9]+/metrics))");
  if (std::regex_search(out, match, metrics)) {
    metrics_url_ = match[1];
  }
}

ServeProcess::~ServeProcess() {
  stop();
  std::remove(err_path_.c_str());
}

int ServeProcess::stop() {
  if (pid_ <= 0) {
    return exit_code_;
  }
  const int status = stop_child(pid_, std::chrono::seconds(15));
  pid_ = -1;
  exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return exit_code_;
}

std::string ServeProcess::stderr_text() const {
  std::ifstream in(err_path_);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace gpq::test
